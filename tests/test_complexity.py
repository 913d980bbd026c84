"""The analyses stay readable: no function (method or closure) of an analysis
above cyclomatic complexity 20, measured by radon (it counts every branch,
loop, boolean operator and comprehension). A longer analysis is split into
functions with one job each."""

from pathlib import Path

import pytest
from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 20
ANALYSES = sorted(
    [
        *ROOT.glob("sim/games/*/analyses/*.py"),
        ROOT / "sim/balance.py",
        ROOT / "sim/strong/card.py",
        ROOT / "sim/strong/findings.py",
    ]
)


def blocks(code: str):
    """Every function, method and nested function radon finds, with its qualified name."""
    for block in cc_visit(code):
        yield block
        yield from getattr(block, "methods", [])
        yield from getattr(block, "closures", [])


@pytest.mark.parametrize("path", ANALYSES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_of_an_analysis_is_above_complexity_20(path):
    complex_ = [f"{b.name} ({b.complexity})" for b in blocks(path.read_text()) if b.complexity > LIMIT]
    assert not complex_, f"{path.relative_to(ROOT)}: split these into functions with one job each: {', '.join(complex_)}"


def test_the_measure_finds_a_function_above_the_limit():
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(LIMIT + 1))
    assert [b.complexity for b in blocks(f"def f(x):\n{branches}\n")] == [LIMIT + 2]
