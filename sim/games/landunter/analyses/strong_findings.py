"""Does Land unter's ring compensation finding hold under strong play?

The headline figures of `sim landunter fairness` for the mixed field — the
spread of expected points between the 90th- and the 10th-percentile hand
(its verdict flat / not flat), what one ring adds and what 10 strength
points add, per player count — measured with the fairness experiment's
seven fast bots, the same field with the trained bots in it, and every bot's
self-play (`sim.strong.findings`: each comparison holds the make-up fixed). Each field plays as the fairness analysis plays its
mixed field, and the same regression (standard errors clustered by game)
gives the figures; a difference is a z test on the two independent
estimates.
"""

from __future__ import annotations

from pathlib import Path

from sim.games.landunter.analyses.common import check_players, rules_for
from sim.games.landunter.analyses.fairness import FLAT, HIST, MOMENTS, regression, verdict
from sim.stats import normal_difference
from sim.strong.findings import Figure, Findings, reading
from sim.sweep import field_lineups, play_lineups

#: The bots of experiments/landunter_fairness's mixed field (every fast bot there was then).
HEURISTIC_FIELD = ["counter", "dodge", "high", "low", "mid", "random", "ring-keeper"]
#: The shipped trained policy, one preset per player count.
STRONG_FIELD = ["trained"]
SPREAD = "spread: 90th − 10th percentile hand (points per deal)"
PER_RING = "points per deal for one more ring"
PER_STRENGTH = "points per deal for 10 more strength points"


def figures(players: int, specs: list[str], seed: int, games: int, out: Path | None, executor=None) -> list[Figure]:
    """The fairness regression of one field seated balanced."""
    t = play_lineups(
        "landunter", rules_for(players), field_lineups(None, specs, players, games, seed), games, seed, out, executor
    )
    reg = regression(t.hists[HIST], t.hists[MOMENTS])
    ring, strength = reg["per_ring"], reg["per_10_strength"]
    ring_reading = reading(ring, 0, "more rings win", "fewer rings win", "rings do not matter")
    strength_reading = reading(strength, 0, "high cards win", "low cards win", "strength does not matter")
    return [
        Figure("spread", SPREAD, reg["spread"], verdict(reg)),
        Figure("per_ring", PER_RING, ring, ring_reading),
        Figure("per_10_strength", PER_STRENGTH, strength, strength_reading),
    ]


FINDINGS = Findings(
    game="landunter",
    title="Land unter: does the ring compensation finding hold under strong play?",
    players=(3, 4, 5),
    heuristic_field=HEURISTIC_FIELD,
    strong_field=STRONG_FIELD,
    figures=figures,
    test=lambda h, s: normal_difference(s.estimate, h.estimate),
    notes=(
        "**Figures** (as `sim landunter fairness` computes them for its mixed field): a least-squares fit of a "
        "hand's points per deal on its strength (sum of its 12 cards) and its rings over every hand played, "
        "standard errors clustered by game. The spread is the expected points of the 90th-percentile hand minus "
        f"the 10th; its reading is fairness's verdict (flat when the CI lies below {FLAT} points per deal). The "
        "test of a difference is a z test on the two independent estimates. `trained` plays the preset trained "
        "for the table's player count, tuned to the default rules.",
    ),
    check_players=check_players,
    facts={"flat": FLAT},
)


#: The `sim landunter strong-findings` analysis: `sim.strong.findings.strong_findings` with Land unter's facts.
strong_findings = FINDINGS.run
