"""Bots written against the earlier interface keep running for a release,
with a DeprecationWarning naming the user's line."""

import importlib
import sys
from pathlib import Path

import numpy as np
import pytest

from sim import api
from sim.games.luft import layout
from sim.games.luft.old_bots import reads_params_by_seat
from sim.registry import load_bot_file

FILES = Path(__file__).resolve().parents[1] / "bot_files"


def test_the_old_view_module_is_the_layout_with_a_warning():
    sys.modules.pop("sim.games.luft.view", None)
    with pytest.warns(DeprecationWarning, match="sim.games.luft.layout") as caught:
        view = importlib.import_module("sim.games.luft.view")
    assert view is layout and view.AIR == layout.AIR
    assert caught[0].filename == __file__  # the user's line, not the import machinery's


def test_an_old_style_bot_is_recognised_by_how_it_reads_its_parameters():
    def old(phase, seat, st, params, u):
        return params[seat, 0]

    def new(phase, seat, st, params, u):
        return params[0] + seat

    def renamed(phase, s, st, p, u):
        return p[s, 1]

    assert reads_params_by_seat(old) and reads_params_by_seat(renamed) and not reads_params_by_seat(new)


@pytest.mark.slow
def test_an_old_style_bot_still_runs_and_plays_as_its_new_style_twin():
    """The same rule written both ways plays the same games (the warning names the bot)."""
    with pytest.warns(DeprecationWarning) as caught:
        load_bot_file(FILES / "luft_old_style.py")
    assert any("params[seat, k]" in str(w.message) and "mine-old" in str(w.message) for w in caught)
    load_bot_file(FILES / "luft_mine.py")
    old, new = (
        api.simulate("luft", None, f"{b}:t=12,random,threshold:t=2", players=3, games=300, seed=5) for b in ("mine-old", "mine")
    )
    for a, b in zip(old.summary["seats"], new.summary["seats"]):
        assert a["score"] == b["score"] and a["win_share"] == b["win_share"]
    assert np.isclose(old.summary["seats"][0]["win_share"]["mean"], new.summary["seats"][0]["win_share"]["mean"])
