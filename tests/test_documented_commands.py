"""Every `sim …` command shown in README.md and the docs runs, and every block
that shows a command's output (`$ sim …` followed by its output) is what the
command prints today.

A page says how its commands are run here, in an HTML comment right above the
block: `<!-- small: --games 500 -->` runs each command with those options
instead (a reader's size would take minutes), `<!-- not run: why -->` skips
the block (an interactive table, a cluster address, the reader's own file).
Commands of one page run in order in one scratch directory (a later command
may read what an earlier one wrote), with the repository's `strategies/` and
`experiments/` linked in, so paths on the page work as written.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if p.name != "speed-log.md")]
BLOCK = re.compile(r"(?:<!--\s*(small|not run):(.*?)-->\s*\n)?^```(\w*)\n(.*?)^```", re.S | re.M)
TIME = re.compile(r"\d+\.\d+ s\b")


@dataclass
class Command:
    page: Path
    line: str
    output: str | None  # the output the page shows, if it shows one

    def __str__(self):
        return f"{self.page.relative_to(ROOT)}: {self.line}"


def _sim_part(line: str) -> str | None:
    """The `sim …` command of a shell line: the line itself, or what follows its last `&&`."""
    part = line.split("&&")[-1].strip()
    part = part.split("  #")[0].strip()  # a trailing comment
    return part if part.startswith("sim ") else None


def _shrink(line: str, options: str) -> str:
    """The command with each of `options` set to the given value (replaced, or added)."""
    words = shlex.split(line)
    small = shlex.split(options)
    for i in range(0, len(small), 2):
        name, value = small[i], small[i + 1]
        if name in words:
            words[words.index(name) + 1] = value
        else:
            words += [name, value]
    return shlex.join(words)


def commands(page: Path) -> list[Command]:
    out = []
    for m in BLOCK.finditer(page.read_text()):
        kind, note, lang, body = m.groups()
        if kind == "not run":
            continue
        lines = body.replace("\\\n", " ").splitlines()
        if lang in ("bash", "sh", "console"):
            found = [Command(page, c, None) for c in map(_sim_part, lines) if c]
        elif lang == "text" and lines and lines[0].startswith("$ sim "):
            found = [Command(page, lines[0][2:], "\n".join(lines[1:]))]
        else:
            found = []
        if kind == "small":
            found = [Command(c.page, _shrink(c.line, note.strip()), None) for c in found]
        out += found
    return out


ALL = [c for page in PAGES for c in commands(page)]


def test_the_pages_show_commands_and_outputs():
    assert len(ALL) >= 20 and sum(c.output is not None for c in ALL) >= 3


def _matches(shown: str, printed: str) -> bool:
    """The shown output equals the printed one, timings aside; a line `…` stands for any lines."""
    shown, printed = TIME.sub("T s", shown).strip(), TIME.sub("T s", printed).strip()
    pattern = "\n".join(".*?" if line.strip() == "…" else re.escape(line.rstrip()) for line in shown.splitlines())
    return re.fullmatch(pattern, "\n".join(line.rstrip() for line in printed.splitlines()), re.S) is not None


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """One scratch directory per page, with the repository's bots and experiments linked in."""
    dirs = {}

    def get(page: Path) -> Path:
        if page not in dirs:
            d = tmp_path_factory.mktemp(page.stem)
            for name in ("strategies", "experiments"):
                (d / name).symlink_to(ROOT / name)
            dirs[page] = d
        return dirs[page]

    return get


@pytest.mark.slow
@pytest.mark.parametrize("command", ALL, ids=str)
def test_a_documented_command_runs(command, scratch):
    env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", *shlex.split(command.line)],
        cwd=scratch(command.page),
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{command}\n{done.stderr[-2000:]}"
    if command.output is not None:
        assert _matches(command.output, done.stdout), f"{command}: the page shows other output than\n{done.stdout}"


def test_an_output_that_changed_is_noticed():
    shown = "Dive 1: air 8\n  seat 0 breathes 0: air 8\n…\nFinal scores [16, 24]; winner: seat 1"
    assert _matches(shown, "Dive 1: air 8\n  seat 0 breathes 0: air 8\n  x\n  y\nFinal scores [16, 24]; winner: seat 1")
    assert not _matches(shown, "Dive 1: air 8\n  seat 0 breathes 0: air 8\n  x\nFinal scores [16, 25]; winner: seat 1")


def test_small_sizes_replace_or_add_options():
    assert _shrink("sim luft air --games 1000000 --players 2,3", "--games 500 --seed 3") == (
        "sim luft air --games 500 --players 2,3 --seed 3"
    )
