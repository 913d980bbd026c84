"""README.md is a short index: the two set-up commands as they always were, a
tour, and links that lead somewhere; every docs page is in the site's nav."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
SETUP = [
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
    "sim luft simulate --players 4 --bots threshold:t=2 --games 1000000 --seed 1",
    'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && python -m pytest',
]


def test_the_readme_is_short_and_keeps_the_two_set_up_commands():
    assert len(README.splitlines()) <= 200
    blocks = re.findall(r"^```bash\n(.*?)^```", README, re.S | re.M)
    assert [b.strip() for b in blocks[:2]] == SETUP


def test_every_relative_link_of_the_readme_exists():
    targets = [t.split("#")[0] for t in re.findall(r"\]\(([^)\s]+)\)", README) if "://" not in t]
    assert targets and [t for t in targets if not (ROOT / t).exists()] == []


def test_every_docs_page_is_in_the_nav():
    nav = set(re.findall(r":\s*([\w/.-]+\.md)\s*$|^\s*-\s*([\w/.-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M))
    listed = {a or b for a, b in nav}
    pages = {p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md")}
    assert pages - listed == set()
