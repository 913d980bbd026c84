"""History belongs in CHANGELOG.md and the speed log's dates, not in the
product's text: no commit hash or issue number in README.md, the docs, or the
code's docstrings and comments."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMIT = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,12}\b")
ISSUE = re.compile(r"\bissues? ?#?\d+|(?<![\w\"'&])#\d{1,4}\b(?![\w-])", re.I)


def _texts():
    yield from [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in ("sim", "strategies", "benchmarks", "tests", "experiments", "notebooks"):
        for path in sorted((ROOT / folder).rglob("*")):
            generated = path.name == "report.md"  # an analysis's own output, not written text
            if path.suffix in (".py", ".sh", ".md") and not generated and path.name != "test_no_history.py":
                yield path


def history(text: str) -> list[str]:
    return [m.group(0) for pattern in (COMMIT, ISSUE) for m in pattern.finditer(text)]


def test_no_commit_hash_or_issue_number_outside_the_changelog():
    found = {p.relative_to(ROOT).as_posix(): history(p.read_text()) for p in _texts()}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_patterns_catch_what_they_are_for():
    assert history("rerun after commit f024ac5 (issue 14, item 3), see #31") == ["f024ac5", "issue 14", "#31"]
    assert history('seed 424242, 0.25 [0.24, 0.26], sha256 digest, fill="#555", colour #ffffff, 1e9 games') == []
