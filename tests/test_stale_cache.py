"""Edits take effect: after a built-in bot's source changes, the next run plays
the edited code, not numba's cached kernel (`sim.nb.refresh_stale_caches`).
And a process keys what it stores by the code it loaded: an edit on disk after
the import changes neither its fingerprints nor its plug-in salts
(`sim.nb.loaded_source`), only a reload of the file or the next process does.

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
import textwrap
from pathlib import Path

import pytest

from sim import api, nb, provenance, registry, store

ROOT = Path(__file__).resolve().parent.parent

# (file, old text, new text): an edit that changes how a built-in bot plays
LUFT_EDIT = ("strategies/luft/threshold.py", "params[0]", "(params[0] + 1)")  # threshold:t=2 then plays like t=3
LANDUNTER_EDIT = ("strategies/landunter/simple.py", "return hand_high(st, seat)", "return hand_low(st, seat)")

# Imports the Land unter engine in the copy (its import runs the guard) and
# says whether the guard flushed, and whether the kernel's cache was among
# the flushed ones.
LANDUNTER_GUARD = """
import json, sim.nb.cache as nb
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


@pytest.mark.slow
def test_an_edited_builtin_bot_plays_its_new_code(project):
    before = _simulate(project, "luft", "threshold:t=2")
    target = _simulate(project, "luft", "threshold:t=3")
    assert before != target, "the two specs must play differently for this test to mean anything"
    _edit(project, *LUFT_EDIT)
    assert _simulate(project, "luft", "threshold:t=2") == target


@pytest.mark.slow
def test_an_edited_landunter_bot_flushes_the_cached_kernel_once(project):
    def guard() -> dict:
        return json.loads(_run(project, "-c", LANDUNTER_GUARD).stdout)

    guard()  # records the stamp if the copy holds none yet (a checkout that never ran Land unter)
    assert guard() == {"flushed": False, "kernel": True}  # nothing changed: the cache is kept
    _edit(project, *LANDUNTER_EDIT)
    assert guard() == {"flushed": True, "kernel": True}
    assert guard()["flushed"] is False  # the new stamp is recorded: the next run keeps its new cache


# A user bot file for Geteilte Luft, and an edit of it (turn back at once).
USER_BOT = """
    from numba import njit
    from strategies.luft.registry import register

    @register("{name}")
    @njit(cache=True)
    def user_bot(phase, seat, st, params, u):
        return 0
"""
USER_EDIT = ("return 0", "return 1")


@pytest.fixture
def user_bot(tmp_path, monkeypatch):
    """(game, bot file, load): ``load()`` (re)loads the file and returns its bot;
    the registry and the loaded files are restored after the test."""
    game = api.get_game("luft")
    monkeypatch.setattr(game.registry, "bots", dict(game.registry.bots))
    monkeypatch.setattr(registry, "_LOADED_BOT_FILES", dict(registry._LOADED_BOT_FILES))
    name = f"stale-{tmp_path.name}".replace("_", "-")
    path = tmp_path / "stale_user_bot.py"
    path.write_text(textwrap.dedent(USER_BOT.format(name=name)))

    def load():
        registry._LOADED_BOT_FILES.pop(str(path.resolve()), None)
        game.registry.bots.pop(name, None)
        registry.load_bot_file(path)
        return game.registry.get(name)

    return game, path, load


def _edit_on_disk(path: Path) -> None:
    text = path.read_text()
    assert USER_EDIT[0] in text
    path.write_text(text.replace(*USER_EDIT))


def _as_a_new_process_reads_it(game, bot, monkeypatch) -> str:
    with monkeypatch.context() as m:
        m.setattr(nb.cache, "_LOADED", {})
        return store.engine_fingerprint(game, [bot])


def test_an_edit_after_import_does_not_change_the_running_process_fingerprint(user_bot, monkeypatch):
    game, path, load = user_bot
    bot = load()
    loaded = store.engine_fingerprint(game, [bot])
    _edit_on_disk(path)
    assert store.engine_fingerprint(game, [bot]) == loaded  # the code in memory is still the old one
    edited = _as_a_new_process_reads_it(game, bot, monkeypatch)
    assert edited != loaded  # the next process sees the edit
    assert store.engine_fingerprint(game, [load()]) == edited  # and so does a reload of the file


def test_a_plugin_salt_follows_the_loaded_code_not_the_file_on_disk(user_bot, monkeypatch):
    game, path, load = user_bot
    bot = load()
    salt = provenance.plugin_salt("luft", bot)
    _edit_on_disk(path)
    assert provenance.plugin_salt("luft", bot) == salt
    reloaded = load()
    assert provenance.plugin_salt("luft", reloaded) != salt
    assert provenance.plugin_salt("luft", reloaded) == _as_a_new_process_reads_it(game, reloaded, monkeypatch)


def test_the_engine_import_reads_the_game_and_its_builtin_bots():
    """They are fixed from the import on (the race: a built-in bot edited while a
    process ran had its plug-in of the old code stored under the new salt)."""
    code = (
        "import json; from sim.nb import cache; from sim.games.luft import engine; "
        "print(json.dumps([str(p) for p in cache._LOADED]))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    taken = {Path(p) for p in json.loads(done.stdout)}
    assert set(store.engine_files(api.get_game("luft"))) <= taken


def test_the_dask_workers_get_a_bot_file_as_it_was_loaded_not_as_edited(user_bot):
    from sim.distributed import make_job

    game, path, load = user_bot
    load()
    loaded = path.read_text()
    _edit_on_disk(path)
    job = make_job(game, game.rules_cls(players=2), [], 1, False)
    assert dict(job.bot_files)[str(path.resolve())] == loaded


def test_the_suite_drops_its_own_cached_kernels_once_the_toolkit_changed(tmp_path, monkeypatch):
    """Test modules' kernels bake in toolkit constants (MAX_PARAMS): a stale one
    crashed the suite after MAX_PARAMS grew, so conftest drops them on a change."""
    from tests.conftest import drop_stale_test_kernels

    monkeypatch.setattr(nb.cache, "_LOADED", {})  # the sources read afresh, as a new session does
    source = tmp_path / "toolkit.py"
    source.write_text("MAX_PARAMS = 192\n")
    kernels = tmp_path / "luft" / "__pycache__"
    kernels.mkdir(parents=True)
    cached = [kernels / "test_x.recording-1.py311.nbi", kernels / "test_x.recording-1.py311.1.nbc"]
    for path in cached:
        path.write_text("")
    assert drop_stale_test_kernels(tmp_path, [source])  # no stamp yet: dropped
    assert not any(path.exists() for path in cached)
    for path in cached:
        path.write_text("")
    assert not drop_stale_test_kernels(tmp_path, [source])  # unchanged: kept
    assert all(path.exists() for path in cached)
    source.write_text("MAX_PARAMS = 256\n")
    monkeypatch.setattr(nb.cache, "_LOADED", {})
    assert drop_stale_test_kernels(tmp_path, [source])
    assert not any(path.exists() for path in cached)
