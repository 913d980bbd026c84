"""Run several `sim` commands one after another in this one process, each
interrupted by the real SIGINT it sends itself after its k-th finished chunk
(DEEPSIM_SIGINT_AFTER_CHUNKS), as `sim` run from a shell would be.

test_interrupt.py starts one such process per game instead of one per
command: Python, the CLI's imports and the game's kernels load once.

usage: python ctrl_c_driver.py PLAN.json — PLAN is a list of
{"args": [...], "after": k, "folder": DIR}; each command's exit code, stdout
and stderr land in DIR/code, DIR/stdout and DIR/stderr.
"""

import json
import os
import signal
import sys
import traceback
import warnings
from pathlib import Path

from sim import console
from sim.interrupt import SIGINT_AFTER_CHUNKS


def exit_code(stop: SystemExit) -> int:
    """The exit status Python gives a process that ends with ``stop``
    (a message instead of a number goes to stderr and exits 1)."""
    if stop.code is None or isinstance(stop.code, int):
        return stop.code or 0
    print(stop.code, file=sys.stderr)
    return 1


def run(args: list[str], after: int) -> int:
    """One command, as `sim ARGS` from a shell: its exit status."""
    os.environ[SIGINT_AFTER_CHUNKS] = str(after)
    sys.argv = ["sim", *args]
    # Python's own Ctrl-C handler, as in a process a terminal starts, even when
    # this one inherited SIGINT ignored (a background job of a script).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with warnings.catch_warnings():  # a warning shown once per process shows again here
        try:
            console.main()
        except SystemExit as stop:
            return exit_code(stop)
        except KeyboardInterrupt:  # uncaught: Python prints the traceback and dies of SIGINT
            traceback.print_exc()
            return 130
        except Exception:
            traceback.print_exc()
            return 1
    return 0


def run_captured(args: list[str], after: int, folder: Path) -> None:
    """`run`, with file descriptors 1 and 2 (Python's and any library's writes)
    going to ``folder``/stdout and ``folder``/stderr."""
    folder.mkdir(parents=True, exist_ok=True)
    saved = os.dup(1), os.dup(2)
    with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            code = run(args, after)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            for fd, copy in zip((1, 2), saved):
                os.dup2(copy, fd)
                os.close(copy)
    (folder / "code").write_text(str(code))


if __name__ == "__main__":
    for step in json.loads(Path(sys.argv[1]).read_text()):
        run_captured(step["args"], step["after"], Path(step["folder"]))
