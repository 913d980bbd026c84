"""Writes an experiment's wall_time.json: how long its run.sh took, when, on what.

Called by experiments/wall_time.sh when a run.sh exits successfully, so every
timing the findings pages show is recorded by the run, never written by hand:

    python experiments/record_wall_time.py DIR START_EPOCH COMMAND

writes DIR/wall_time.json with seconds, date (UTC, ISO 8601), commit, cores,
load_average (1, 5 and 15 minutes, at the end of the run) and command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

KEYS = ("seconds", "date", "commit", "cores", "load_average", "command")


def commit(where: Path) -> str:
    """The checkout's commit, with `+dirty` when its code has uncommitted changes (the files
    under experiments/ are outputs a run rewrites, so they do not count); `unknown` outside git."""
    try:
        git = dict(cwd=where, capture_output=True, text=True, check=True)
        head = subprocess.run(["git", "rev-parse", "HEAD"], **git).stdout
        code = ["--", ":(top)", ":(top,exclude)experiments"]
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", *code], **git)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.strip() + ("+dirty" if dirty.stdout.strip() else "")


def record(directory: Path, start: float, command: str, end: float | None = None) -> dict:
    end = time.time() if end is None else end
    entry = {
        "seconds": round(end - start, 1),
        "date": datetime.fromtimestamp(start, timezone.utc).isoformat(timespec="seconds"),
        "commit": commit(directory),
        "cores": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "command": command,
    }
    (directory / "wall_time.json").write_text(json.dumps(entry, indent=2) + "\n")
    return entry


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python experiments/record_wall_time.py DIR START_EPOCH COMMAND", file=sys.stderr)
        return 2
    directory, start, command = Path(argv[0]), argv[1], argv[2]
    try:
        start_time = float(start)
    except ValueError:
        print(f"error: START_EPOCH must be seconds since the epoch, not {start!r}", file=sys.stderr)
        return 2
    if not directory.is_dir():
        print(f"error: {directory} is not a directory; give the experiment's folder", file=sys.stderr)
        return 2
    record(directory, start_time, command)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
