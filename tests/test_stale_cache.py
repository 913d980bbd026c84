"""Edits take effect: after a built-in bot's source changes, the next run plays
the edited code, not numba's cached kernel (`sim.nb.refresh_stale_caches`).

One copy of the project (sources and numba cache, as a user's checkout holds
them after a run: the copy starts warm, so only the edit forces a compile)
serves both games. The guard is one function for both games, so it is played
end to end once, for Geteilte Luft (its kernel recompiles in tens of seconds):
a tiny simulation, an edit of one bot so that it plays like another known
spec, and a rerun that must equal that spec's games. For Land unter (a
recompile of over a minute) the test checks the game's wiring instead: the
edit of its bot flushes the cache of the kernel that runs it, once.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

# (file, old text, new text): an edit that changes how a built-in bot plays
LUFT_EDIT = ("strategies/luft/threshold.py", "params[0]", "(params[0] + 1)")  # threshold:t=2 then plays like t=3
LANDUNTER_EDIT = ("strategies/landunter/simple.py", "return hand_high(st, seat)", "return hand_low(st, seat)")

# Imports the Land unter engine in the copy (its import runs the guard) and
# says whether the guard flushed, and whether the kernel's cache was among
# the flushed ones.
LANDUNTER_GUARD = """
import json, sim.nb as nb
seen = {}
real = nb.flush_when_changed
def spy(stamp, sources, caches):
    seen["caches"] = caches
    seen["flushed"] = real(stamp, sources, caches)
    return seen["flushed"]
nb.flush_when_changed = spy
from sim.games.landunter import engine
print(json.dumps({"flushed": seen["flushed"], "kernel": any(c is engine._kernel._cache for c in seen["caches"])}))
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A copy of sim/ and strategies/ with their numba cache (mtimes kept, so the
    cache is valid in the copy); the games' sources are disjoint, so each test
    edits its own bot without touching the other game."""
    dest = tmp_path_factory.mktemp("project")
    for folder in ("sim", "strategies"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=shutil.ignore_patterns("*.pyc"))
    return dest


def _run(project: Path, *args: str) -> subprocess.CompletedProcess:
    """Python in the copy, importing the copy's packages, not the checkout's."""
    done = subprocess.run(
        [sys.executable, *args], cwd=project, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(project))
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def _edit(project: Path, path: str, old: str, new: str) -> None:
    source = project / path
    text = source.read_text()
    assert old in text, f"{path} no longer contains {old!r}: update the test's edit"
    source.write_text(text.replace(old, new))


def _simulate(project: Path, game: str, spec: str) -> list:
    players = 3
    done = _run(
        project,
        "-c",
        "import sim, runpy; print(sim.__file__); runpy.run_module('sim', run_name='__main__')",
        game,
        "simulate",
        "--players",
        str(players),
        "--bots",
        spec,
        "--games",
        "300",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    )
    where, _, payload = done.stdout.partition("\n")
    assert Path(where).is_relative_to(project), f"ran {where}, not the copy"
    result = json.loads(payload)
    return [seat["score"]["mean"] for seat in result["seats"]]


def test_an_edited_builtin_bot_plays_its_new_code(project):
    before = _simulate(project, "luft", "threshold:t=2")
    target = _simulate(project, "luft", "threshold:t=3")
    assert before != target, "the two specs must play differently for this test to mean anything"
    _edit(project, *LUFT_EDIT)
    assert _simulate(project, "luft", "threshold:t=2") == target


def test_an_edited_landunter_bot_flushes_the_cached_kernel_once(project):
    def guard() -> dict:
        return json.loads(_run(project, "-c", LANDUNTER_GUARD).stdout)

    guard()  # records the stamp if the copy holds none yet (a checkout that never ran Land unter)
    assert guard() == {"flushed": False, "kernel": True}  # nothing changed: the cache is kept
    _edit(project, *LANDUNTER_EDIT)
    assert guard() == {"flushed": True, "kernel": True}
    assert guard()["flushed"] is False  # the new stamp is recorded: the next run keeps its new cache
