"""One balanced seating for every field an analysis seats (`sim.sweep.field_lineups`).

The design: every group of field bots in every seat order, so every bot, pair
and group of bots holds every seat and sits at every distance after every
other equally often, whatever the list's order. Checked exactly on the design,
then in play: identical twins in the field come out even, and reversing the
field list moves no figure of any analysis that seats a field beyond its CI.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from scipy import stats

from sim import api, sweep
from sim.design import metrics
from sim.games.landunter.analyses import balance as lu_balance, strong_findings as lu_strong
from sim.games.luft.analyses import balance as luft_balance, strong_findings as luft_strong
from sim.runner import play_chunks
from sim.stats import Estimate, mean_ci
from sim.tournament import field_groups, field_seatings

SIZES = [(m, n) for m in (1, 2, 3, 4, 5, 7) for n in (2, 3, 4, 5, 6)]


@pytest.mark.parametrize("members, players", SIZES)
@pytest.mark.parametrize("candidate", [False, True])
def test_every_member_holds_every_seat_and_meets_every_other_at_every_distance_equally(members, players, candidate):
    design = field_seatings(members, players, candidate)
    everyone = members + candidate
    for seat in range(players):  # each member in each seat equally often
        counts = Counter(lineup[seat] for lineup, _ in design)
        assert set(counts) == set(range(everyone)) if players >= everyone or not candidate else True
        if candidate:
            assert counts[members] == len(design) / players
            counts.pop(members)
        assert len(set(counts.values())) == 1
    # each ordered pair of members: in every ordered pair of seats equally often
    pairs = Counter((lu[a], lu[b], a, b) for lu, _ in design for a in range(players) for b in range(players) if a != b)
    for i in range(everyone):
        for j in range(everyone):
            seen = {pairs[i, j, a, b] for a in range(players) for b in range(players) if a != b}
            assert len(seen) == 1, (i, j, seen)
    assert all((lineup.index(members) if candidate else -1) == c for lineup, c in design)


@pytest.mark.parametrize("members, players", SIZES)
def test_every_group_of_the_field_is_seated_in_equal_shares(members, players):
    groups = Counter(tuple(sorted(lineup)) for lineup, _ in field_seatings(members, players))
    assert set(groups) == set(field_groups(members, players))
    assert len(set(groups.values())) == 1
    if members >= players:  # every combination of distinct bots, none repeated
        assert len(groups) == math.comb(members, players)
    member_counts = Counter(i for g in groups for i in g)
    assert len(set(member_counts.values())) == 1  # no member is in more groups than another


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_design_does_not_depend_on_the_field_list_order(players):
    """Up to five seats (all orders) the lineups are the same whatever the list's
    order; at six the 120 orders of `seat_orders` balance seats, pairs and
    triples (checked above) but which lineups of a repeated bot are played
    depends on where it stands."""
    field = ["a", "b", "c", "d", "e"]
    for candidate in (None, "X"):
        forward = Counter((tuple(s), c) for s, c in sweep.field_lineups(candidate, field, players))
        for order in (field[::-1], ["c", "a", "e", "b", "d"]):
            assert Counter((tuple(s), c) for s, c in sweep.field_lineups(candidate, order, players)) == forward


def test_the_cyclic_order_of_the_old_rotation_is_gone():
    """Every bot sits right after every other, not only after its list neighbour."""
    after = Counter((specs[s], specs[(s + 1) % 3]) for specs, _ in sweep.field_lineups(None, list("abcde"), 3) for s in range(3))
    assert len(after) == 20 and len(set(after.values())) == 1


def test_too_many_lineups_for_the_games_draw_one_per_game_from_its_own_stream():
    field = list("abcdefg")
    design = sweep.field_lineups(None, field, 5)
    drawn = sweep.field_lineups(None, field, 5, games=600, seed=9)
    assert len(design) == 2520 and len(drawn) == 600
    assert all(lineup in design for lineup in drawn)
    assert sweep.field_lineups(None, field, 5, games=300, seed=9) == drawn[:300]  # game k's draw is game k's
    assert sweep.field_lineups(None, field, 5, games=600, seed=10) != drawn
    seat0 = Counter(specs[0] for specs, _ in drawn)  # uniform: each bot in seat 0 about 1/7 of the games
    assert set(seat0) == set(field)
    expected = 600 / 7
    assert sum((c - expected) ** 2 / expected for c in seat0.values()) < 22.5  # chi-square(6), p = 0.001
    assert sweep.field_lineups(None, field, 5, games=2520, seed=9) == design


def per_member_wins(game_name: str, field: list[str], players: int, games: int, seed: int) -> dict[int, np.ndarray]:
    """Play the balanced design of ``field``; per member, its per-game win share
    (the mean over the seats it holds) in the games it sat in, in game order."""
    game = api.get_game(game_name)
    rules = api.make_rules(game, {"players": str(players)})
    design = field_seatings(len(field), players)
    g = math.ceil(games / len(design))
    items = (
        (k, game, rules, game.registry.parse_seats([field[i] for i in lineup], players), seed, k * g, g)
        for k, (lineup, _) in enumerate(design)
    )
    out: dict[int, list] = {i: [] for i in range(len(field))}
    for k, _, batch in play_chunks(items, keep_batches=True, tally=False):
        cols = game.metrics(batch, rules)
        lineup = design[k][0]
        for i in set(lineup):
            seats = [s for s, x in enumerate(lineup) if x == i]
            out[i].append(np.mean([np.asarray(cols[f"seat{s}.win"], float) for s in seats], axis=0))
    return {i: np.concatenate(v) for i, v in out.items()}


@pytest.mark.parametrize(
    "game_name, twin, other, players",
    [
        ("luft", "greedy-value", "random", 3),
        ("luft", "greedy-value", "random", 6),
        ("landunter", "dodge", "random", 4),
    ],
)
def test_identical_twins_in_the_field_come_out_even(game_name, twin, other, players):
    """Two copies of one bot at different places in the list: the same win share within the CI
    (per game the twins' difference, both sit in every game here)."""
    wins = per_member_wins(game_name, [twin, other, twin], players, 6_000, 19)
    diff = mean_ci(*_sums(wins[0] - wins[2]))
    assert diff.lo <= 0 <= diff.hi, diff
    strong = mean_ci(*_sums(wins[1] - wins[0]))  # and the design does see a real difference
    assert strong.lo > 0 or strong.hi < 0, strong


def _sums(x: np.ndarray) -> tuple[int, float, float]:
    return len(x), float(x.sum()), float((x * x).sum())


def within(a: Estimate, b: Estimate, z: float) -> bool:
    """The two estimates agree: their difference inside ``z`` standard errors
    (independent samples; each estimate's SE read from its 95% CI)."""
    return abs(a.mean - b.mean) <= z * math.hypot(a.half_width, b.half_width) / 1.959964 + 1e-12


LUFT_FIELD = ["greedy-value:risk=0.46", "depth:level=1;count=2;drop=1", "threshold:t=2", "rulebook-tips:one=3;two=1"]
LU_FIELD = ["dodge", "counter", "ring-keeper", "low"]


def _metrics(game_name, field, strong, weak):
    def run(players, specs, seed):
        return metrics.evaluate(game_name, {"players": players}, field=specs, strong=strong, weak=weak, games=4_000, seed=seed)

    return run


def _strong(module):
    def run(players, specs, seed):
        return {f.key: f.estimate for f in module.figures(players, specs, seed, 6_000, None)}

    return run


def _balance(module, only_defaults: dict):
    def run(players, specs, seed):
        summary = module.balance(players_list=[players], games=6_000, seed=seed, field=specs, **only_defaults)
        [row] = [r for r in summary["results"] if r["setting"] == "default"]
        return _figures(row)

    return run


def _figures(row: dict) -> dict[str, Estimate]:
    out = {}
    for key, value in row.items():
        if isinstance(value, dict) and "ci95" in value:
            out[key] = Estimate(value["mean"], *value["ci95"], 0)
    return out


def _candidate(players, specs, seed):
    t = sweep.play_lineups("luft", {"players": players}, sweep.field_lineups("air", specs, players, 6_000, seed), 6_000, seed)
    return {"cand.win": mean_ci(*t.agg("cand.win"))}


USERS = {
    "metrics luft": (_metrics("luft", LUFT_FIELD, "greedy-value", "air"), LUFT_FIELD, (4, 6)),
    "metrics landunter": (_metrics("landunter", LU_FIELD, "counter", "random"), LU_FIELD, (4,)),
    "strong findings luft (balance's figures)": (_strong(luft_strong), LUFT_FIELD, (4, 6)),
    "strong findings landunter": (_strong(lu_strong), LU_FIELD, (4,)),
    "balance luft": (_balance(luft_balance, {"knobs": [], "pairs": []}), LUFT_FIELD, (4, 6)),
    "balance landunter": (_balance(lu_balance, {"options": []}), LU_FIELD, (4,)),
    "candidate sweep (compare-turnback)": (_candidate, LUFT_FIELD, (4, 6)),
}


@pytest.mark.parametrize("user", list(USERS))
def test_reversing_the_field_list_moves_no_figure_beyond_its_ci(user):
    """Up to five seats the reversed list plays the very same lineups on the same
    games: every figure identical. At six (the 120 orders of `seat_orders`) other
    lineups of the same balanced design: every figure within its CI, Bonferroni
    over the figures compared (many figures at 95% each would fail by chance)."""
    run, field, counts = USERS[user]
    for players in counts:
        forward, backward = run(players, field, 23), run(players, field[::-1], 23)
        assert forward and set(forward) == set(backward)
        if players <= 5:
            assert forward == backward
            continue
        z = stats.norm.ppf(1 - 0.05 / (2 * len(forward)))
        moved = {k: (forward[k], backward[k]) for k in forward if not within(forward[k], backward[k], z)}
        assert not moved, (players, moved)
