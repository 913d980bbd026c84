"""Play many games in chunks: progress, Ctrl-C, compile timing, aggregation.

The runner knows a game only through its GameSpec. Each chunk is one kernel
call (10^4–10^5 games); per-game metrics are folded into running sums
(n, sum, sum of squares) and fixed-size histograms right away, so memory stays
flat however many games are played. Per-game records are kept only on request.
Game i of a run is always game i of the seed's stream, so any chunking gives
the same totals.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

import numpy as np
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeRemainingColumn)

from sim.game import GameSpec

DEFAULT_CHUNK = 100_000


@dataclass
class Totals:
    """Running sums of per-game metrics and histograms over finished games."""
    games: int = 0
    sums: dict[str, np.ndarray] = field(default_factory=dict)   # column -> [n, sum, sumsq]
    hists: dict[str, np.ndarray] = field(default_factory=dict)

    def add(self, metrics: dict[str, np.ndarray], hists: dict[str, np.ndarray], n_games: int):
        self.games += n_games
        for name, values in metrics.items():
            values = np.asarray(values, dtype=np.float64)
            acc = self.sums.setdefault(name, np.zeros(3))
            acc += (values.size, values.sum(), np.square(values).sum())
        for name, counts in hists.items():
            if name in self.hists:
                a, b = self.hists[name], np.asarray(counts)
                if a.shape != b.shape:        # histograms may grow (e.g. score bins)
                    size = max(a.size, b.size)
                    a, b = np.pad(a, (0, size - a.size)), np.pad(b, (0, size - b.size))
                self.hists[name] = a + b
            else:
                self.hists[name] = np.array(counts, copy=True)

    def agg(self, name: str) -> tuple[float, float, float]:
        n, s, ss = self.sums[name]
        return float(n), float(s), float(ss)


@dataclass
class RunResult:
    totals: Totals
    batches: list          # per-game batches, only when records were asked for
    seconds: float         # simulation time, compile excluded
    compile_seconds: float
    complete: bool         # False when stopped by Ctrl-C


def warm_up(game: GameSpec, rules, seats) -> float:
    """Compile (or load from cache) the kernel; return the seconds it took."""
    start = time.perf_counter()
    game.play_batch(rules, seats, 0, 0, 1)
    return time.perf_counter() - start


def run(game: GameSpec, rules, seats, n_games: int, seed: int, *, first_game: int = 0,
        chunk: int = DEFAULT_CHUNK, keep_batches: bool = False, progress: bool | None = None,
        label: str = "") -> RunResult:
    """Play games first_game .. first_game + n_games - 1 of ``seed``."""
    compile_seconds = warm_up(game, rules, seats)
    totals, batches = Totals(), []
    show = Console(stderr=True).is_terminal if progress is None else progress
    bar = Progress(TextColumn(label or f"{game.title}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[rate]} games/s"), TimeRemainingColumn(),
                   console=Console(stderr=True), disable=not show, transient=True)
    start = time.perf_counter()
    complete = True
    with bar:
        task = bar.add_task("games", total=n_games, rate="-")
        done = 0
        try:
            while done < n_games:
                size = min(chunk, n_games - done)
                batch = game.play_batch(rules, seats, seed, first_game + done, size)
                totals.add(game.metrics(batch, rules), game.histograms(batch, rules), size)
                if keep_batches:
                    batches.append(batch)
                done += size
                rate = done / max(time.perf_counter() - start, 1e-9)
                bar.update(task, completed=done, rate=f"{rate:,.0f}")
        except KeyboardInterrupt:
            complete = False
            print(f"interrupted: keeping the {done:,} games finished so far", file=sys.stderr)
    return RunResult(totals, batches, time.perf_counter() - start, compile_seconds, complete)
