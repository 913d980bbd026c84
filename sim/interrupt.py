"""Ctrl-C: one contract for every command that plays games.

The runner stops at the next chunk boundary and raises `Interrupted`. It is a
KeyboardInterrupt, so code that does not know about it stops too: an analysis
never goes on to its next configuration, nor writes a report from part of its
games. `api.simulate` and `api.tournament` store what finished (with --out)
and raise it again carrying their partial result; the CLI (`cli_common.
user_errors`) prints that result marked as partial, or one line saying what
was kept, and exits 130.

A ledger counts the chunks and games finished since the command started, for
that line. Test hook: with ``DEEPSIM_SIGINT_AFTER_CHUNKS=k`` in the
environment the process sends itself a real SIGINT after its k-th finished
chunk, so a test interrupts a command mid-run, deterministically and cheaply.
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager

SIGINT_AFTER_CHUNKS = "DEEPSIM_SIGINT_AFTER_CHUNKS"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; ``partial`` is what the interrupted call finished
    (a `runner.RunResult` from the runner, an `api.Simulation` from the api)."""

    def __init__(self, partial=None):
        super().__init__("interrupted")
        self.partial = partial


_ledger = {"chunks": 0, "games": 0, "kept": 0}


def start() -> None:
    """A command starts: nothing finished yet."""
    _ledger.update(chunks=0, games=0, kept=0)


def kept(games: int) -> None:
    """``games`` finished games were written to disk (a checkpoint or a stored
    configuration), so a rerun of the command takes them instead of playing them."""
    _ledger["kept"] += int(games)


def games_kept() -> int:
    """Games written to disk since the command started: what Ctrl-C may say was kept."""
    return _ledger["kept"]


def chunk_finished(games: int) -> None:
    """The runner finished a chunk of ``games`` games (and stored it, with --out)."""
    _ledger["chunks"] += 1
    _ledger["games"] += int(games)
    after = os.environ.get(SIGINT_AFTER_CHUNKS, "")
    if after.isdigit() and _ledger["chunks"] == int(after):
        os.kill(os.getpid(), signal.SIGINT)


def games_played() -> int:
    """Games finished since the command started (resumed ones not counted)."""
    return _ledger["games"]


_held = {"pending": False}


def _hold(signum, frame):
    _held["pending"] = True


@contextmanager
def held():
    """Hold Ctrl-C until the block ends, then raise it: the bookkeeping of a
    finished chunk (checkpoint, totals, ledger) is never cut in half, which
    would leave a partial result whose counts and sums disagree."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _held["pending"] = False
    previous = signal.signal(signal.SIGINT, _hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if _held["pending"]:
        _held["pending"] = False
        raise KeyboardInterrupt
