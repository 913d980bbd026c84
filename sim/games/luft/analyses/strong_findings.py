"""Do Geteilte Luft's balance findings hold under strong play?

The headline figures of `sim luft balance` at the rulebook defaults — seat
0's edge (its win share minus the fair 1/n) and how often the last dive
decides the winner, per player count — measured with the balance
experiment's heuristic field, the same field with the trained bots in it,
and every bot's self-play (`sim.strong.findings`: each comparison holds the
make-up of the field fixed). Each field plays exactly as in the balance analysis
(its lineups, its `measure`); the difference of each figure is a Welch test
on the per-game values.
"""

from __future__ import annotations

from pathlib import Path

from sim.games.luft.analyses.balance import LAST_DIVE, measure
from sim.games.luft.rules import Rules
from sim.stats import Estimate, two_sample
from sim.strong.findings import Figure, Findings, reading
from sim.sweep import field_lineups, play_lineups

#: The heuristic field of experiments/balance: the four strongest fast
#: families of compare-turnback at their best 4-player parameters.
HEURISTIC_FIELD = ["greedy-value:risk=0.46", "depth:level=1;count=2;drop=1", "threshold:t=2", "rulebook-tips:one=3;two=1"]
#: The shipped trained policy, one preset per player count (6 players: the 5-player preset).
STRONG_FIELD = ["trained"]
EDGE = "seat 0 edge (win share − 1/n)"
DECIDES = "last dive decides the winner"


def figures(players: int, specs: list[str], seed: int, games: int, out: Path | None, executor=None) -> list[Figure]:
    """Seat 0's edge and the last-dive share of one field at the default rules, as balance measures them."""
    t = play_lineups("luft", {"players": players}, field_lineups(None, specs, players, games, seed), games, seed, out, executor)
    fig = measure(t, players, Rules().dives)
    fair = 1 / players
    share = fig["first_share"]
    edge = Estimate(share.mean - fair, share.lo - fair, share.hi - fair, share.n)
    last = fig[LAST_DIVE]
    edge_reading = reading(edge, 0, "seat 0 favoured", "seat 0 disfavoured", "no seat 0 edge")
    last_reading = reading(last, 0.5, "most games", "a minority of games", "about half")
    return [
        Figure("seat0_edge", EDGE, edge, edge_reading, t.agg("seat0.win")),
        Figure("last_dive_decides", DECIDES, last, last_reading, t.agg(LAST_DIVE)),
    ]


def check_players(players_list) -> list[int]:
    """Sorted distinct player counts, each within 2..6."""
    players_list = sorted({int(n) for n in players_list})
    if not players_list or not all(2 <= n <= 6 for n in players_list):
        raise ValueError(f"--players {players_list} is out of range; Geteilte Luft has 2..6 players")
    return players_list


FINDINGS = Findings(
    game="luft",
    title="Geteilte Luft: do the balance findings hold under strong play?",
    players=(2, 3, 4, 5, 6),
    heuristic_field=HEURISTIC_FIELD,
    strong_field=STRONG_FIELD,
    figures=figures,
    test=lambda h, s: two_sample(s.data, h.data),
    notes=(
        "**Figures** (rulebook defaults, as `sim luft balance` measures them): seat 0's edge = its win share "
        "(a shared win counts 1/k; Wilson CI) minus the fair share 1/n — seat 0 starts dive 1; and the share of "
        "games the last dive decides (before it nobody led alone, or the sole leader then did not win, not even "
        "a share). The test of a difference "
        "is Welch's t on the per-game values. `trained` plays the preset trained for the table's player count "
        "(6 players: the 5-player preset, none was trained for 6), tuned to the default rules.",
    ),
    check_players=check_players,
)


#: The `sim luft strong-findings` analysis: `sim.strong.findings.strong_findings` with Geteilte Luft's facts.
strong_findings = FINDINGS.run
