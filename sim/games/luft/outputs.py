"""What a Geteilte Luft game reports, as the integer arrays both engines fill.

Per game and seat: score, win share x 60 (60/k on a k-way tie: sums stay
exact), dives drowned, treasure cards brought home per level. Per game and
dive: turns played, air ran out, air left, divers drowned, path length at the
start, start player, who returned last (-1: nobody), stalled, the sole leader after
the dive (-1: a tie for the lead), and the rule holes met in it (bits `HOLE_*`:
situations the rulebook leaves to a [D] decision or to this code's reading).
Air left after each turn index is summed over games into fixed-size arrays.
"""

from typing import NamedTuple

import numpy as np

MAX_TURNS = 400  # turn-index bins of the air curves; later turns are not binned

SEAT_COLUMNS = ("score", "win60", "drowned", "home_l1", "home_l2", "home_l3", "home_l4")
S_SCORE, S_WIN60, S_DROWNED, S_HOME = 0, 1, 2, 3
DIVE_COLUMNS = (
    "turns",
    "air_out",
    "air_left",
    "drowned",
    "path_length",
    "start",
    "last_back",
    "stalled",
    "leader",
    "holes",
)
# Rows of the air-curve sums [row, dive, turn]: air left after that turn over
# games still diving (sum, sum of squares, count), and over dives that ended
# just before that turn index (their final air, carried forward by the reader).
A_SUM, A_SUMSQ, A_COUNT, A_END_SUM, A_END_SUMSQ, A_END_COUNT = range(6)
D_TURNS, D_AIR_OUT, D_AIR_LEFT, D_DROWNED, D_PATH_LEN, D_START, D_LAST_BACK, D_STALLED, D_LEADER, D_HOLES = range(10)
# Bits of the "holes" column, one per rule hole met at least once in the dive:
HOLE_SUB_TURN_BACK = 1  # a diver turned back in the submarine, before leaving it (back at once)
HOLE_EMPTY_TURN_BACK = 2  # a diver turned back carrying nothing (turn_back_needs_treasure off)
HOLE_BLOCKED = 4  # a diver heading down with steps to go found no free field deeper and stayed
HOLE_TIE_AT_ZERO = 8  # nobody returned and every diver was still at the submarine (position 0): a tie for deepest


class Batch(NamedTuple):
    seat: np.ndarray  # [game, seat, SEAT_COLUMNS] int32
    dive: np.ndarray  # [game, dive, DIVE_COLUMNS] int16
    air: np.ndarray  # [A_* row, dive, turn] int64 air-curve sums over the batch


def record_rows(rec) -> tuple[np.ndarray, np.ndarray]:
    """A reference GameRecord as the compiled engine's (seat, dive) rows."""
    seat = np.column_stack([rec.score, rec.win60, rec.drowned, np.array(rec.home)]).astype(np.int32)
    dive = np.column_stack(
        [
            rec.dive_turns,
            rec.dive_air_out,
            rec.dive_air_left,
            rec.dive_drowned,
            rec.dive_path_len,
            rec.dive_start,
            rec.dive_last_back,
            rec.dive_stalled,
            rec.dive_leader,
            rec.dive_holes,
        ]
    ).astype(np.int16)
    return seat, dive


def air_rows(air_sum: np.ndarray, air_sumsq: np.ndarray, dive: np.ndarray) -> np.ndarray:
    """The six air-curve rows from the per-turn sums of games still diving and
    the per-game dive lengths and final air (counts and carried-forward sums
    need no work in the kernel)."""
    dives = air_sum.shape[0]
    air = np.zeros((6, dives, MAX_TURNS), np.int64)
    air[A_SUM], air[A_SUMSQ] = air_sum, air_sumsq
    for d in range(dives):
        turns = np.minimum(dive[:, d, D_TURNS].astype(np.int64), MAX_TURNS)
        final = dive[:, d, D_AIR_LEFT].astype(np.int64)
        ended_at = np.bincount(turns, minlength=MAX_TURNS + 1)
        air[A_COUNT, d] = ended_at[::-1].cumsum()[::-1][1:]
        air[A_END_COUNT, d] = ended_at[:MAX_TURNS]
        air[A_END_SUM, d] = np.bincount(turns, weights=final, minlength=MAX_TURNS + 1)[:MAX_TURNS]
        air[A_END_SUMSQ, d] = np.bincount(turns, weights=final * final, minlength=MAX_TURNS + 1)[:MAX_TURNS]
    return air
