"""Every entry point a user or a worker imports first works in a fresh interpreter.

Run in subprocesses: inside the test session the modules are already imported,
which would hide an import cycle.
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
]


@pytest.mark.parametrize("statement", FIRST_IMPORTS)
def test_first_import_in_a_fresh_interpreter(statement):
    done = subprocess.run([sys.executable, "-c", statement], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]


HEAVY = ("scipy.stats", "scipy.optimize", "matplotlib", "dask", "pandas")  # numba itself loads bare scipy


@pytest.mark.parametrize(
    "statement",
    [
        "import sim.cli",
        "from sim.games import get_game; get_game('luft').registry; get_game('landunter').registry",
        "import sim.api, sim.stats; sim.stats.mean_ci(3, 3.0, 5.0); sim.stats.proportion_ci(1, 2)",
    ],
)
def test_the_cli_and_the_bot_lists_load_no_heavy_library(statement):
    """`sim --help`, `sim <game> bots` and a `simulate` without --out start
    fast: scipy's stats and optimize, matplotlib, dask and pandas load where
    they are used (analyses, stored tables, plots, clusters), not here."""
    code = f"import sys; {statement}; print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:]
    assert done.stdout.split("\n")[-2] == "[]", f"loaded: {done.stdout.strip()}"
