"""Suite-wide set-up: compile each game's kernel once before the workers start,
and keep the bots one test file registers out of the next file's registry.

With xdist (`-n`, the default in pyproject.toml) every worker would otherwise
compile the same kernels at the same time on a cold numba cache (a fresh
clone, as in CI): Land unter's kernel alone takes over a minute. The
controller plays a few games of each game first, both games side by side, so
the workers load the kernels from the cache.

Before that it drops the test modules' own cached kernels (recording and
scripted bots) if the toolkit's compiled sources changed: they bake in its
constants (e.g. MAX_PARAMS), but numba keys their cache on the test file only.
"""

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest


def drop_stale_test_kernels(folder: Path, sources: list[Path]) -> bool:
    """Delete the numba cache files under ``folder`` unless the stamp there
    holds the fingerprint of ``sources`` (`nb.flush_when_changed`); True if it did."""
    from sim import nb

    cached = [SimpleNamespace(flush=path.unlink) for path in folder.rglob("__pycache__/*.nb[ic]")]
    return nb.flush_when_changed(folder / "__pycache__" / "toolkit-sources.sha256", sources, cached)


def engine_sources() -> list[Path]:
    """Every file compiled into either game's kernels (`store.engine_files`)."""
    from sim import store
    from sim.games import get_game

    return sorted({path for game in ("luft", "landunter") for path in store.engine_files(get_game(game))})


def pytest_sessionstart(session):
    config = session.config
    if hasattr(config, "workerinput"):
        return  # a worker: the controller did it
    drop_stale_test_kernels(Path(__file__).parent, engine_sources())
    if not getattr(config.option, "numprocesses", None):
        return  # a serial run: no workers to share the kernels with
    runs = {
        game: subprocess.Popen(
            [sys.executable, "-m", "sim", game, "simulate", "--games", "8", "--bots", bots, "--json"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for game, bots in (("luft", "threshold:t=2"), ("landunter", "random"))
    }
    for game, run in runs.items():
        _, err = run.communicate()
        if run.returncode:  # the tests report a broken kernel; this says the warm-up did not help
            sys.stderr.write(f"warm-up of {game} failed (workers compile on their own): {err.strip()[-300:]}\n")


@pytest.fixture(autouse=True, scope="module")
def registries_as_found():
    """Bots a file registers (`--bot-file` in-process) leave with it, and so
    does the record that their file is loaded (else loading it again in a
    later file would be a no-op that registers nothing): a worker runs files
    in any order, and a later file may list every registered bot."""
    from sim import registry as reg
    from strategies.landunter import LANDUNTER_BOTS
    from strategies.luft import LUFT_BOTS
    from strategies.pig import PIG_BOTS

    found = [(registry, dict(registry.bots)) for registry in (LUFT_BOTS, LANDUNTER_BOTS, PIG_BOTS)]
    files = dict(reg._LOADED_BOT_FILES)
    yield
    for registry, bots in found:
        registry.bots.clear()
        registry.bots.update(bots)
    reg._LOADED_BOT_FILES.clear()
    reg._LOADED_BOT_FILES.update(files)
