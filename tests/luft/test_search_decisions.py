"""`planner` and `rollout` decide as they did before their speed-ups (issue 14).

golden/search_decisions.npz holds positions recorded from games and the
action each parameter set took there under the earlier implementation
(written once by search_fixture.py); golden/planner_decisions.npz a few
thousand more for `planner` with every `extra` (planner_fixture.py);
golden/rollout_decisions.npz a few thousand for `rollout` with several
(k, t) (rollout_fixture.py).
"""

from pathlib import Path

import numpy as np
import pytest

from sim import rng
from sim.games.luft import forecast as fc
from strategies.luft import LUFT_BOTS

GOLDEN = Path(__file__).parent / "golden"
# read once: an NpzFile unzips an array again at every item access
FIXTURE = dict(np.load(GOLDEN / "search_decisions.npz"))
PLANNER = dict(np.load(GOLDEN / "planner_decisions.npz"))
ROLLOUT = dict(np.load(GOLDEN / "rollout_decisions.npz"))


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
        acts = [a for a in fc.rollout_candidates(phase, seat, st) if a >= 0]
        for t in (1, 2, 4, 6):
            for action in acts:
                bound = fc.rollout_bound(st, seat, phase, action, t)
                for j in range(4):
                    val, _ = fc.rollout_dive(st, seat, phase, action, t, np.uint64(rng.game_stream(i, j)))
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
        a0, a1 = fc.rollout_candidates(phase, seat, st)
        if a1 < 0:
            continue
        base = fc.rollout_streams(u, seat)
        for k, t in ((32, 2), (8, 1), (5, 4)):
            streams = [np.uint64(rng.mix64(np.uint64((int(base) + j) % 2**64))) for j in range(k)]
            total0 = sum(fc.rollout_dive(st, seat, phase, a0, t, s)[0] for s in streams)
            total1 = sum(fc.rollout_dive(st, seat, phase, a1, t, s)[0] for s in streams)
            assert fc.rollout_decide(phase, seat, st, k, t, u) == (a0 if total0 >= total1 else a1), (i, k, t)
            decided += 1
    assert decided > 2_000
