"""A user bot's fingerprint covers the local modules its bot file imports (not
the stdlib or installed packages): after a helper module next to the bot file
is edited, `--out` recomputes instead of serving the stale result, and the
recomputation runs the edited helper (numba's cache of the bot is refreshed)."""

import json
import os
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from sim import api, nb, store
from sim.local_imports import local_imports
from sim.registry import load_bot_file

BOT = """
    import json                      # stdlib: not part of the fingerprint
    import numpy as np               # installed: not part of the fingerprint
    from numba import njit
    from strategies.landunter.registry import register
    import {helper}

    @register("{name}")
    @njit(cache=True)
    def helped(seat, st, params, u):
        return {helper}.choose(st, seat)
"""
HELPER = """
    from numba import njit
    from sim.games.landunter import layout

    @njit(cache=True)
    def choose(st, seat):
        return layout.{pick}(st, seat)
"""


def write_bot(folder: Path, name: str, helper: str) -> Path:
    (folder / f"{helper}.py").write_text(textwrap.dedent(HELPER.format(pick="hand_low")))
    bot = folder / f"{name.replace('-', '_')}.py"
    bot.write_text(textwrap.dedent(BOT.format(name=name, helper=helper)))
    return bot


def edit_helper(folder: Path, helper: str) -> None:
    path = folder / f"{helper}.py"
    path.write_text(textwrap.dedent(HELPER.format(pick="hand_high")))
    stat = path.stat()  # a new mtime even on a coarse-clock file system
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


def test_local_imports_are_the_users_modules_not_installed_ones(tmp_path):
    api.get_game("landunter")  # the game first, then bots that import its registry
    bot = write_bot(tmp_path, "fp-local-imports", "fp_helper_a")
    load_bot_file(bot)
    files = local_imports(bot)
    assert (tmp_path / "fp_helper_a.py").resolve() in files
    stdlib = str(Path(sysconfig.get_paths()["stdlib"]).resolve())
    assert not [f for f in files if "site-packages" in f.parts or str(f).startswith(stdlib)]


def test_engine_fingerprint_changes_when_a_helper_module_is_edited(tmp_path, monkeypatch):
    game = api.get_game("landunter")
    bot_file = write_bot(tmp_path, "fp-edited-helper", "fp_helper_b")
    load_bot_file(bot_file)
    bot = game.registry.get("fp-edited-helper")
    before = store.engine_fingerprint(game, [bot])
    assert (tmp_path / "fp_helper_b.py").resolve() in store.engine_files(game, [bot])
    edit_helper(tmp_path, "fp_helper_b")
    assert store.engine_fingerprint(game, [bot]) == before  # this process still runs the helper it loaded
    monkeypatch.setattr(nb.cache, "_LOADED", {})  # as the next process reads the files
    assert store.engine_fingerprint(game, [bot]) != before


def test_the_parameter_row_width_compiled_into_plugins_is_part_of_every_fingerprint():
    """MAX_PARAMS (sim/registry.py) is written into every plug-in's source: a
    plug-in compiled for another width would read the wrong seat's row."""
    registry_file = Path(load_bot_file.__code__.co_filename).resolve()
    for name in ("luft", "landunter"):
        assert registry_file in store.engine_files(api.get_game(name))


@pytest.mark.slow
def test_out_does_not_serve_a_stale_result_after_a_helper_edit(tmp_path):
    bot_file = write_bot(tmp_path, "fp-stale", "fp_helper_c")
    out = tmp_path / "results"

    def simulate():
        cmd = [
            sys.executable,
            "-m",
            "sim",
            "landunter",
            "simulate",
            "--bot-file",
            str(bot_file),
            "--players",
            "3",
            "--bots",
            "fp-stale,mid,mid",
            "--games",
            "400",
            "--seed",
            "2",
            "--out",
            str(out),
            "--json",
        ]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=Path(__file__).parents[1], timeout=600)
        assert done.returncode == 0, done.stderr
        stored = [p for p in out.iterdir() if (p / "manifest.json").exists()]
        return len(stored), json.loads(done.stdout)

    first_results, first = simulate()
    assert first_results == 1
    edit_helper(tmp_path, "fp_helper_c")
    second_results, second = simulate()
    assert second_results == 2  # the edit is seen: recomputed and stored anew, not served from the first result
    # ... with the edited helper (playing its highest card), not numba's stale code
    assert second["seats"][0]["score"] != first["seats"][0]["score"]
