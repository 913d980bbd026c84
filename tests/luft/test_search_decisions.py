"""`planner` and `rollout` decide as they did before their speed-ups.

golden/search_decisions.npz holds positions recorded from games and the
action each parameter set took there under the earlier implementation
(written once by search_fixture.py); golden/planner_decisions.npz a few
thousand more for `planner` with every `extra` (planner_fixture.py);
golden/rollout_decisions.npz a few thousand for `rollout` with several
(k, t) (rollout_fixture.py); golden/planner_gains.npz the planner's gains
(the values it decides by, features of `policy`) at planner_decisions.npz's
positions (planner_gains_fixture.py).
"""

from pathlib import Path

import numpy as np
import pytest

from sim import rng
from sim.games.luft import forecast, layout
from strategies.luft import LUFT_BOTS
from tests.luft.planner_gains_fixture import gains

GOLDEN = Path(__file__).parent / "golden"
# read once: an NpzFile unzips an array again at every item access
FIXTURE = dict(np.load(GOLDEN / "search_decisions.npz"))
PLANNER = dict(np.load(GOLDEN / "planner_decisions.npz"))
ROLLOUT = dict(np.load(GOLDEN / "rollout_decisions.npz"))
PLANNER_GAINS = np.load(GOLDEN / "planner_gains.npz")["gains"]


def _differing(fixture, column) -> tuple[str, list]:
    """(spec, [(row, recorded action, action now)]) where they differ."""
    spec = str(fixture["specs"][column])
    seat = LUFT_BOTS.parse(spec)
    views = fixture["views"].astype(np.int64)
    wrong = []
    for i, (phase, s, u) in enumerate(zip(fixture["phase"], fixture["seat"], fixture["u"])):
        action = seat.bot.fn(phase, s, views[i], seat.params, u)
        if action != fixture["actions"][i, column]:
            wrong.append((i, int(fixture["actions"][i, column]), int(action)))
    return spec, wrong


@pytest.mark.parametrize("column", range(len(FIXTURE["specs"])), ids=list(FIXTURE["specs"]))
def test_search_bots_take_the_recorded_decisions(column):
    spec, wrong = _differing(FIXTURE, column)
    assert not wrong, f"{spec}: {len(wrong)} of {len(FIXTURE['phase'])} decisions differ (row, was, now): {wrong[:5]}"


@pytest.mark.parametrize("column", range(len(PLANNER["specs"])), ids=list(PLANNER["specs"]))
def test_planner_takes_the_recorded_decisions_with_reused_tables(column):
    spec, wrong = _differing(PLANNER, column)
    assert not wrong, f"{spec}: {len(wrong)} of {len(PLANNER['phase'])} decisions differ (row, was, now): {wrong[:5]}"


def test_planner_gains_are_the_recorded_floats_after_the_table_split_into_choices_and_stays():
    # the same decisions are not enough: policy/trained weigh these values, so
    # every float must be the one the table gave before (signs of zeros too)
    now = gains(PLANNER["views"].astype(np.int64), PLANNER["seat"].astype(np.int64))
    assert (PLANNER_GAINS != 0.0).sum() > 10_000  # the solves, not only the shortcuts' zeros
    same = (now == PLANNER_GAINS) & (np.signbit(now) == np.signbit(PLANNER_GAINS))
    rows, cols = np.nonzero(~same)
    assert same.all(), f"{len(rows)} gains differ (position, column, was, now): " + str(
        [(r, c, PLANNER_GAINS[r, c], now[r, c]) for r, c in zip(rows[:5], cols[:5])]
    )


@pytest.mark.parametrize("column", range(len(ROLLOUT["specs"])), ids=list(ROLLOUT["specs"]))
def test_rollout_takes_the_recorded_decisions_with_packed_continuations(column):
    spec, wrong = _differing(ROLLOUT, column)
    assert not wrong, f"{spec}: {len(wrong)} of {len(ROLLOUT['phase'])} decisions differ (row, was, now): {wrong[:5]}"


def test_rollout_continuations_stay_within_the_bound_its_early_stop_assumes():
    # the early stop is exact only if every continuation is worth between 0 and
    # rollout_bound, in steps of 0.5: checked on recorded positions, both candidates
    views = ROLLOUT["views"].astype(np.int64)
    checked = 0
    for i in range(0, len(views), 10):
        st, seat, phase = views[i], int(ROLLOUT["seat"][i]), int(ROLLOUT["phase"][i])
        acts = [a for a in forecast.rollout_candidates(phase, seat, st) if a >= 0]
        for t in (1, 2, 4, 6):
            for action in acts:
                bound = forecast.rollout_bound(st, seat, phase, action, t)
                for j in range(4):
                    val, _ = forecast.rollout_dive(st, seat, phase, action, t, np.uint64(rng.game_stream(i, j)))
                    assert 0.0 <= val <= bound and val * 2 == int(val * 2), (i, action, t, j, val, bound)
                    checked += 1
    assert checked > 10_000


def test_rollout_early_stop_gives_the_answer_of_all_k_continuations():
    # rollout_decide plays the candidates' continuations in an adaptive order
    # and stops once the winner is certain: it must pick what comparing the
    # totals of all k continuations of both candidates picks (ties: the first)
    views = ROLLOUT["views"].astype(np.int64)
    decided = 0
    for i in range(0, len(views), 7):
        st, seat, phase, u = views[i], int(ROLLOUT["seat"][i]), int(ROLLOUT["phase"][i]), ROLLOUT["u"][i]
        a0, a1 = forecast.rollout_candidates(phase, seat, st)
        if a1 < 0:
            continue
        base = forecast.rollout_streams(u, seat)
        for k, t in ((32, 2), (8, 1), (5, 4)):
            streams = [np.uint64(rng.mix64(np.uint64((int(base) + j) % 2**64))) for j in range(k)]
            total0 = sum(forecast.rollout_dive(st, seat, phase, a0, t, s)[0] for s in streams)
            total1 = sum(forecast.rollout_dive(st, seat, phase, a1, t, s)[0] for s in streams)
            assert forecast.rollout_decide(phase, seat, st, k, t, u) == (a0 if total0 >= total1 else a1), (i, k, t)
            decided += 1
    assert decided > 2_000


def _statistical_stops(k, t, z, step):
    """(row, players, adaptive exact, paired exact, statistical) searches on
    every ``step``-th recorded position with a choice, each rollout_search's
    (action, n0, n1); z = inf never trusts the statistics (inf x 0 is nan),
    so it is the exact stop in the statistical search's paired order."""
    views = ROLLOUT["views"].astype(np.int64)
    out = []
    for i in range(0, len(views), step):
        st, seat, phase, u = views[i], int(ROLLOUT["seat"][i]), int(ROLLOUT["phase"][i]), ROLLOUT["u"][i]
        if forecast.rollout_candidates(phase, seat, st)[1] < 0:
            continue
        searches = [forecast.rollout_search(phase, seat, st, k, t, u, zz) for zz in (None, np.inf, z)]
        out.append((i, int(st[layout.N_PLAYERS]), *searches))
    return out


# measured on all 5,868 recorded positions with k=32, t=2, z=2 (README Speed):
# the statistical stop keeps 99.4% of the exact decisions (99.2% of the 2,068
# four-player ones) and plays 1.25x fewer continuations than the exact stop
# at 4 players (30.9 against 38.7); the bounds leave room for the sample
STATISTICAL_AGREES_AT_LEAST = 0.985
STATISTICAL_FEWER_AT_4_PLAYERS = 1.15


def test_rollout_statistical_stop_ends_no_later_than_the_exact_one_and_keeps_most_decisions():
    stops = _statistical_stops(32, 2, 2.0, 3)
    assert len(stops) > 1_500
    played = np.array([[sum(ex[1:]), sum(paired[1:]), sum(zs[1:])] for _, _, ex, paired, zs in stops])
    # the same order without the statistics: the exact answer, never sooner
    assert all(paired[0] == ex[0] for _, _, ex, paired, _ in stops)
    assert (played[:, 2] <= played[:, 1]).all()
    assert (played[:, 2] < played[:, 1]).any()
    agree = np.mean([ex[0] == zs[0] for _, _, ex, _, zs in stops])
    assert agree >= STATISTICAL_AGREES_AT_LEAST, agree
    four = np.array([players == 4 for _, players, *_ in stops])
    ratio = played[four, 0].mean() / played[four, 2].mean()
    assert ratio >= STATISTICAL_FEWER_AT_4_PLAYERS, ratio


def test_rollout_statistical_stop_stops_early_only_on_a_paired_lead_of_z_standard_errors():
    # where it stops before the exact stop of its order, the differences of
    # its pairs of continuations (the same stream each), recomputed one by
    # one, number at least ZSTOP_MIN_PAIRS, lead by z standard errors, and the
    # leader is the action taken
    z = 2.0
    checked = 0
    for i, _, _, paired, (action, n0, n1) in _statistical_stops(32, 2, z, 11):
        if n0 + n1 == sum(paired[1:]):
            continue
        st, seat, phase = ROLLOUT["views"][i].astype(np.int64), int(ROLLOUT["seat"][i]), int(ROLLOUT["phase"][i])
        a0, a1 = forecast.rollout_candidates(phase, seat, st)
        base = forecast.rollout_streams(ROLLOUT["u"][i], seat)
        assert n0 == n1 >= forecast.ZSTOP_MIN_PAIRS, i
        d = []
        for j in range(n0):
            s = np.uint64(rng.mix64(np.uint64((int(base) + j) % 2**64)))
            d.append(forecast.rollout_dive(st, seat, phase, a0, 2, s)[0] - forecast.rollout_dive(st, seat, phase, a1, 2, s)[0])
        d = np.array(d)
        assert abs(d.mean()) >= z * d.std(ddof=1) / np.sqrt(len(d)) - 1e-9, i
        assert action == (a0 if d.mean() > 0 else a1), i
        checked += 1
    assert checked > 30
