"""The `sim` command. Loading the CLI (numba, pandas) takes a few seconds;
Ctrl-C during them exits like Ctrl-C anywhere else: one line, code 130."""

import sys


def main():
    try:
        # deferred: this try catches Ctrl-C during sim.cli's load (typer, rich: ~0.9 s, python -X importtime)
        from sim.cli import main as run
    except KeyboardInterrupt:
        print("interrupted while starting; nothing was run", file=sys.stderr)
        sys.exit(130)
    run()
