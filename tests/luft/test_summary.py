"""The game-level metric 'the last dive decided the winner' (balance analysis)."""

import numpy as np
import pytest

from sim.games.luft.outputs import D_LEADER, DIVE_COLUMNS, S_WIN60, SEAT_COLUMNS, Batch
from sim.games.luft.summary import last_dive_decided, metrics
from tests.luft.scripted import make_game


def batch_of(leaders_before_last: list[int], win60: list[list[int]], dives: int = 3) -> Batch:
    games, seats = len(win60), len(win60[0])
    seat = np.zeros((games, seats, len(SEAT_COLUMNS)), np.int32)
    seat[:, :, S_WIN60] = win60
    dive = np.zeros((games, dives, len(DIVE_COLUMNS)), np.int16)
    if dives >= 2:
        dive[:, dives - 2, D_LEADER] = leaders_before_last
    dive[:, dives - 1, D_LEADER] = 0  # the leader after the last dive must not matter
    return Batch(seat, dive, np.zeros((6, dives, 1), np.int64))


def test_last_dive_decides_unless_the_sole_leader_before_it_won():
    b = batch_of([1, 1, -1, 0, 2], [[0, 60, 0], [60, 0, 0], [0, 60, 0], [30, 30, 0], [0, 0, 60]])
    # leader 1 won: not decided; leader 1 lost: decided; nobody led: decided;
    # leader 0 shared the win: not decided; leader 2 won: not decided
    assert last_dive_decided(b).tolist() == [0, 1, 1, 0, 0]
    assert metrics(b, None)["last_dive_decided"].tolist() == [0, 1, 1, 0, 0]


def test_a_one_dive_game_is_always_decided_by_its_only_dive():
    b = batch_of([], [[60, 0], [0, 60]], dives=1)
    assert last_dive_decided(b).tolist() == [1, 1]


@pytest.mark.parametrize(
    "score,home,leader",
    [
        ([12, 7, 12], [[0, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]], 0),  # tie on points: level 4 breaks it
        ([12, 7, 12], [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], -1),  # still tied: no sole leader
        ([3, 9, 2], [[0, 0, 0, 5], [0, 0, 0, 0], [0, 0, 0, 0]], 1),  # most points leads
    ],
)
def test_the_sole_leader_after_a_dive_uses_the_final_tie_break(score, home, leader):
    g = make_game(players=3)
    g.score[:] = score
    for s in range(3):
        g.home[s][:] = home[s]
    assert g.sole_leader() == leader
