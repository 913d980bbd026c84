"""Readable round-by-round log of one Land unter game (reference engine).

``trace(rules, seats, seed, game_index)`` replays game ``game_index`` of
master ``seed`` exactly as both engines play it and returns the log: the hands
and their ring counts, per round the two flood cards, every card played, who
takes which flood card, who flips a ring (and how many are left), eliminations
and the cascade after one, the early end with two players left, each deal's
scoring, the hands passed left, and the winner. `replay` and `decision_point`
also let `sim.botdebug` name a failing bot decision and print the rounds
before it.
"""

from __future__ import annotations

from sim.games.landunter import layout
from sim.games.landunter.reference import play_game
from sim.games.landunter.rules import Rules


def trace(rules: Rules, seats, seed: int, game_index: int) -> str:
    lines: list[str] = []
    replay(rules, seats, seed, game_index, lines.append)
    return "\n".join(lines) + "\n"


def replay(rules: Rules, seats, seed: int, game_index: int, log) -> None:
    """Play game ``game_index`` of ``seed`` on the reference engine, each trace line to ``log``."""
    play_game(rules, seats, seed, game_index, log=log)


def decision_point(args: tuple) -> str:
    """Where a bot call ``(seat, st, params, u)`` was made: its deal and round."""
    st = args[1]
    return f"deal {int(st[layout.S_DEAL]) + 1}, round {int(st[layout.S_ROUND]) + 1}"
