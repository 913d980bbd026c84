"""`simulate` loads its cached kernel without numba's registries (`sim.quick_load`)
and prints the figures a normal load gives."""

import json
import subprocess
import sys

import pytest
from numba.core import caching
from numba.core.registry import cpu_target
from typer.testing import CliRunner

from sim.cli import app
from sim.quick_load import quick_loads

# the kernel with built-in bots inlined, and the one calling a plug-in (planner) by its cfunc
SIMULATES = [
    ["luft", "simulate", "--games", "200", "--bots", "threshold:t=2", "--seed", "4", "--json"],
    ["luft", "simulate", "--games", "20", "--players", "2", "--bots", "planner,threshold:t=2", "--json"],
]
TABLE = SIMULATES[0][:-1]  # the same run printed as tables
# what numba's registry refresh imports (scipy.linalg through numba.np.linalg) and a cached load does not
# need; markdown_it: rich's Markdown, for analysis reports only
SKIPPED = ("numba.np.arraymath", "numba.np.linalg", "numba.np.npyimpl", "scipy.linalg", "markdown_it")


def figures(output: str) -> dict:
    summary = json.loads(output)
    summary.pop("seconds")
    return summary


@pytest.fixture(scope="module")
def fresh_run():
    """The `simulate --json` runs (then the table one) in a fresh interpreter,
    after this process warmed the cache with all of numba's registries loaded:
    (their figures and the skipped modules they loaded, this process's figures)."""
    cpu_target.target_context.refresh()
    here = [CliRunner().invoke(app, args) for args in SIMULATES]
    assert [r.exit_code for r in here] == [0] * len(SIMULATES), [r.output for r in here]
    code = (
        "import json, sys; from typer.testing import CliRunner; from sim.cli import app; "
        f"rs = [CliRunner().invoke(app, args) for args in {SIMULATES + [TABLE]!r}]; "
        "assert all(r.exit_code == 0 for r in rs), [r.output for r in rs]; "
        f"print(json.dumps([[r.output for r in rs], sorted(m for m in {SKIPPED!r} if m in sys.modules)]))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr.strip().splitlines()[-1:]
    outputs, loaded = json.loads(proc.stdout.splitlines()[-1])
    return [figures(o) for o in outputs[:-1]], loaded, [figures(r.output) for r in here]


def test_simulate_with_a_warm_cache_loads_no_numba_registry_scipy_linalg_or_markdown(fresh_run):
    _, loaded, _ = fresh_run
    assert loaded == []


def test_a_kernel_loaded_without_the_registries_prints_the_same_figures(fresh_run):
    fresh, _, here = fresh_run
    assert fresh == here


def test_quick_loads_puts_numba_cache_loading_back_after_the_block_even_on_error():
    original = caching.Cache.load_overload
    with pytest.raises(KeyError):
        with quick_loads():
            assert caching.Cache.load_overload is not original
            raise KeyError
    assert caching.Cache.load_overload is original


def test_overlapping_quick_loads_leave_numba_cache_loading_as_it_was():
    original = caching.Cache.load_overload
    first, second = quick_loads(), quick_loads()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    second.__exit__(None, None, None)
    assert caching.Cache.load_overload is original
