"""The how-to page's Python examples run as written."""

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "rl-environments.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(), re.S)


def test_the_page_has_an_example_per_interface():
    assert len(EXAMPLES) == 3 and all(len(e.strip().splitlines()) <= 12 for e in EXAMPLES)


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_each_example_runs(index, capsys):
    exec(compile(EXAMPLES[index], f"{PAGE.name} example {index + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()  # each prints its outcome
