"""The exact answers `sim pig solve` prints, as one JSON-ready dict."""

from __future__ import annotations

from sim.games.pig import solve
from strategies.pig import PIG_BOTS


def exact_answers(goal: int = 100, against: str | None = None) -> dict:
    """``optimal_first_player_win``; with ``against`` (a deterministic bot spec)
    its win chances against optimal and the best response's against it, per
    seat order (seat 0 moves first)."""
    summary = {"goal": goal, "players": 2, "optimal_first_player_win": solve.first_player_win(goal)}
    if against is None:
        return summary
    seat = PIG_BOTS.parse(against, 2)
    first, second = solve.table_of(seat, goal, 0), solve.table_of(seat, goal, 1)
    best = solve.optimal_table(goal)
    br_first = solve.win_chance(goal, None, second)
    br_second = 1.0 - solve.win_chance(goal, first, None)
    summary["against"] = {
        "bot": against,
        "policy_win_first": solve.win_chance(goal, first, best),
        "policy_win_second": 1.0 - solve.win_chance(goal, best, second),
        "best_response_win_first": br_first,
        "best_response_win_second": br_second,
        "best_response_win_mean": (br_first + br_second) / 2,
    }
    return summary
