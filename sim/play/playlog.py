"""The game log: JSON Lines, one object a line, written as the game goes.

Line 1 ``start``: game, rules, seed, seats (``human`` or a bot spec), humans.
Then one ``decision`` per choice, people's and bots' alike: seat, phase,
action, its label, the bot uniform ``u``, the view the seat decided on and
the public events since the previous decision. Last, ``end`` with the scores.
Every line is flushed to disk before the game goes on, so a crash or Ctrl-C
loses at most the decision being made; `read` ignores a line cut short.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

FORMAT = 1


@dataclass
class GameLog:
    path: Path
    start: dict
    decisions: list[dict] = field(default_factory=list)
    end: dict | None = None


class Writer:
    """Appends log lines, each on disk before `write` returns. A context
    manager: ``with Writer(path) as writer:`` closes the file however it ends."""

    def __init__(self, path: Path, lines: list[dict] = ()):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.file = open(path, "w", encoding="utf-8")
        self.path = path
        for line in lines:
            self.write(line)

    def write(self, line: dict):
        self.file.write(json.dumps(line) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self):
        self.file.close()

    def __enter__(self) -> "Writer":
        return self

    def __exit__(self, *exc):
        self.close()


def new_path(out_dir: Path, game: str, seed: int) -> Path:
    """A fresh file name under ``out_dir``: game, seed and UTC start time."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = Path(out_dir) / f"{game}-seed{seed}-{stamp}.jsonl"
    k = 1
    while path.exists():
        k += 1
        path = Path(out_dir) / f"{game}-seed{seed}-{stamp}-{k}.jsonl"
    return path


def read(path: Path, game: str) -> GameLog:
    """Parse a log; a last line cut short by a crash is dropped."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(
            f"log {str(path)!r} does not exist; give a .jsonl file written by `sim {game} play` (under its --out directory)"
        )
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for i, text in enumerate(lines):
        try:
            records.append(json.loads(text))
        except json.JSONDecodeError:
            if i == len(lines) - 1:
                break  # cut short while being written
            raise ValueError(f"log {str(path)!r} line {i + 1} is not JSON; the file is damaged") from None
    if not records or records[0].get("type") != "start":
        raise ValueError(f"log {str(path)!r} does not start with a game's start line; is it a log of `sim {game} play`?")
    start = records[0]
    if start.get("game") != game:
        raise ValueError(
            f"log {str(path)!r} is a game of {start.get('game')!r}, not {game!r}; use `sim {start.get('game')} ...` for it"
        )
    if start.get("format") != FORMAT:
        raise ValueError(f"log {str(path)!r} has format {start.get('format')!r}; this version reads {FORMAT}")
    log = GameLog(path, start)
    for rec in records[1:]:
        if rec.get("type") == "decision":
            log.decisions.append(rec)
        elif rec.get("type") == "end":
            log.end = rec
    return log
