"""Edits take effect: after a built-in bot's source changes, the next run plays
the edited code, not numba's cached kernel (`sim.nb.refresh_stale_caches`).

One copy of the project (sources and numba cache, as a user's checkout holds
them after a run: the copy starts warm, so only the edit forces a compile)
serves both games. Each test runs a tiny simulation in the copy, edits one bot
of its game so that it plays like another known spec, and checks that the
rerun equals that spec's games.
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

CASES = {
    # game: (file, old text, new text, spec, spec it plays like after the edit)
    "luft": ("strategies/luft/threshold.py", "params[0]", "(params[0] + 1)", "threshold:t=2", "threshold:t=3"),
    "landunter": ("strategies/landunter/simple.py", "return hand_high(st, seat)", "return hand_low(st, seat)", "high", "low"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A copy of sim/ and strategies/ with their numba cache (mtimes kept, so the
    cache is valid in the copy); the games' sources are disjoint, so each test
    edits its own bot without touching the other game."""
    dest = tmp_path_factory.mktemp("project")
    for folder in ("sim", "strategies"):
        shutil.copytree(ROOT / folder, dest / folder, ignore=shutil.ignore_patterns("*.pyc"))
    return dest


def _simulate(project: Path, game: str, spec: str) -> dict:
    players = 3
    done = subprocess.run(
        [
            sys.executable,
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
        ],
        cwd=project,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(project)),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    where, _, payload = done.stdout.partition("\n")
    assert Path(where).is_relative_to(project), f"ran {where}, not the copy"
    result = json.loads(payload)
    return [seat["score"]["mean"] for seat in result["seats"]]


@pytest.mark.parametrize("game", sorted(CASES))
def test_an_edited_builtin_bot_plays_its_new_code(game, project):
    path, old, new, spec, edited_like = CASES[game]
    before = _simulate(project, game, spec)
    target = _simulate(project, game, edited_like)
    assert before != target, "the two specs must play differently for this test to mean anything"
    source = project / path
    text = source.read_text()
    assert old in text, f"{path} no longer contains {old!r}: update the test's edit"
    source.write_text(text.replace(old, new))
    assert _simulate(project, game, spec) == target
