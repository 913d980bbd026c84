"""The runner: chunking never changes totals; Ctrl-C keeps finished chunks and stops the caller."""

import dataclasses

import numpy as np
import pytest

from sim.games.luft import GAME
from sim.games.luft.rules import Rules
from sim.interrupt import Interrupted
from sim.runner import run
from tests.luft.conftest import seats


def test_totals_do_not_depend_on_chunk_size():
    rules, bots = Rules(players=3), seats("threshold:t=2,random,threshold:t=1", 3)
    a = run(GAME, rules, bots, 500, 11, chunk=500, progress=False).totals
    b = run(GAME, rules, bots, 500, 11, chunk=37, progress=False).totals
    assert a.games == b.games == 500
    assert a.sums.keys() == b.sums.keys()
    for name in a.sums:
        np.testing.assert_array_equal(a.sums[name], b.sums[name], err_msg=name)
    for name in a.hists:
        np.testing.assert_array_equal(a.hists[name], b.hists[name], err_msg=name)


def test_ctrl_c_keeps_the_finished_chunks():
    rules, bots = Rules(), seats("threshold:t=2")
    calls = []

    def play_batch(*args):
        calls.append(args)
        if len(calls) == 4:  # warm-up, two chunks, then the user presses Ctrl-C
            raise KeyboardInterrupt
        return GAME.play_batch(*args)

    game = dataclasses.replace(GAME, play_batch=play_batch)
    with pytest.raises(Interrupted) as stop:  # a KeyboardInterrupt: no caller carries on
        run(game, rules, bots, 1000, 5, chunk=100, progress=False)
    result = stop.value.partial
    assert not result.complete
    assert result.totals.games == 200
    expected = run(GAME, rules, bots, 200, 5, chunk=100, progress=False).totals
    np.testing.assert_array_equal(result.totals.sums["seat0.score"], expected.sums["seat0.score"])
