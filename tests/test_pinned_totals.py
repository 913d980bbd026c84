"""Regression pins: the exact outcomes of a few batches, with built-in bots
(inlined and plugged in) and user bots, in both games.

The digests were recorded before the engines moved onto
the shared numba toolkit (sim.nb) and its one plug-in mechanism; that
change must not move a single game. They pin equality with the old code, not
correctness (the differential tests against the reference engines do that);
a deliberate change of a bot or rule updates them, named in its commit.
"""

import hashlib

import numpy as np
import pytest

from sim.games.landunter import engine as lu_engine
from sim.games.landunter.rules import Rules as LuRules
from sim.games.luft import engine as luft_engine
from sim.games.luft.outputs import D_LEADER
from sim.games.luft.rules import Rules as LuftRules
from strategies.landunter import LANDUNTER_BOTS
from strategies.luft import LUFT_BOTS


def pinned_parts(batch) -> tuple:
    """The output arrays the pins cover: all but the rule-hole counters added since
    (Luft's last dive column, Land unter's ``holes``)."""
    if "holes" in batch._fields:
        return tuple(batch)[: batch._fields.index("holes")]
    return batch.seat, batch.dive[:, :, : D_LEADER + 1], batch.air


def digest(batch) -> str:
    """sha256 (16 hex digits) over every pinned output array of a batch."""
    h = hashlib.sha256()
    for arr in pinned_parts(batch):
        h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(
    "spec, pinned",
    [
        ("threshold:t=2,random,threshold:t=3,random", "bfb50748b4663731"),
        ("threshold:t=2,random,air,test-user-fickle:p=0.4", "7d6d797960748169"),
    ],
)
def test_luft_batches_match_their_pins(spec, pinned):
    import tests.luft.test_user_bots  # noqa: F401  (registers the user bots)

    seats = LUFT_BOTS.parse_seats(spec, 4)
    assert digest(luft_engine.play_batch(LuftRules(), seats, 7, 0, 300)) == pinned


def test_landunter_batches_match_their_pins():
    from tests.landunter.user_bots import THRESHOLD, second_highest, threshold_bid, user_seat

    builtin = LANDUNTER_BOTS.parse_seats("random,high,dodge,counter", 4)
    mixed = [user_seat(second_highest, "second"), builtin[0], user_seat(threshold_bid, "thr", THRESHOLD, {"t": 3}), builtin[3]]
    assert [digest(lu_engine.play_batch(LuRules(), s, 7, 0, 300)) for s in (builtin, mixed)] == [
        "e9e8f4b99c266476",
        "a766d24a62aaa4c6",
    ]
