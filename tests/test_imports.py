"""Every entry point a user or a worker imports first works in a fresh interpreter.

Run in subprocesses: inside the test session the modules are already imported,
which would hide an import cycle. The interpreters start all at once (one
module fixture) and each test reads its own: the imports overlap on both cores
instead of queueing one after another.
"""

import subprocess
import sys

import pytest

FIRST_IMPORTS = [
    "import strategies.luft",
    "import strategies.landunter",
    "from strategies.luft.registry import register",
    "from strategies.landunter.registry import register",
    "import sim.distributed",
    "import sim.games.luft.engine",
    "import sim.games.landunter.engine",
    "import sim.games.luft.forecast",
    "from sim.games.luft import GAME; assert GAME.name == 'luft'",
    "from sim.games.landunter import GAME; assert GAME.name == 'landunter'",
    "import strategies.pig",
    "from strategies.pig.registry import register",
    "import sim.games.pig.engine",
    "from sim.games.pig import GAME; assert GAME.name == 'pig'",
    "import sim.testing",
    "import sim.provenance",
]

HEAVY = ("scipy.stats", "scipy.optimize", "matplotlib", "dask", "pandas")  # numba itself loads bare scipy
LIGHT = [
    "import sim.cli",
    "from sim.games import get_game; get_game('luft').registry; get_game('landunter').registry",
    "import sim.api, sim.stats; sim.stats.mean_ci(3, 3.0, 5.0); sim.stats.proportion_ci(1, 2)",
    # simulate's tables are printed from rows, without pandas (an instant start)
    "from typer.testing import CliRunner; from sim.cli import app; "
    "r = CliRunner().invoke(app, ['luft', 'simulate', '--games', '8', '--bots', 'threshold:t=2']); "
    "assert r.exit_code == 0, r.output",
]


def heavy_loaded_after(statement: str) -> str:
    """Code that runs ``statement`` and prints which heavy libraries it loaded."""
    return f"import sys; {statement}; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"


@pytest.fixture(scope="module")
def fresh():
    """Every statement of this module, each started in its own fresh interpreter:
    code -> the running process."""
    procs = {
        code: subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for code in FIRST_IMPORTS + [heavy_loaded_after(s) for s in LIGHT]
    }
    yield procs
    for proc in procs.values():
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def finished(proc) -> tuple[int, str, str]:
    stdout, stderr = proc.communicate(timeout=600)
    return proc.returncode, stdout, stderr


@pytest.mark.parametrize("statement", FIRST_IMPORTS)
def test_first_import_in_a_fresh_interpreter(statement, fresh):
    returncode, _, stderr = finished(fresh[statement])
    assert returncode == 0, stderr.strip().splitlines()[-1:]


@pytest.mark.parametrize("statement", LIGHT)
def test_the_cli_and_the_bot_lists_load_no_heavy_library(statement, fresh):
    """`sim --help`, `sim <game> bots` and a `simulate` without --out start
    fast: scipy's stats and optimize, matplotlib, dask and pandas load where
    they are used (analyses, stored tables, plots, clusters), not here."""
    returncode, stdout, stderr = finished(fresh[heavy_loaded_after(statement)])
    assert returncode == 0, stderr.strip().splitlines()[-1:]
    assert stdout.split("\n")[-2] == "[]", f"loaded: {stdout.strip()}"
