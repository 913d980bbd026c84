"""Play many games in chunks: progress, Ctrl-C, compile timing, aggregation,
checkpoints, and (through an executor) a Dask cluster.

The runner knows a game only through its GameSpec. Each chunk is one kernel
call (10^4–10^5 games); per-game metrics are folded into running sums
(n, sum, sum of squares) and fixed-size histograms right away, so memory stays
flat however many games are played. Per-game records are kept only on request.

Game i of a run is always game i of the seed's stream, and the sums are kept
exactly (integers, or integer multiples of 1/2520 such as the 1/60 win
shares, as Python integers), so the totals are bit-identical whatever the
chunk size, the order chunks finish in, the thread count or the number of Dask
workers. Chunks are still folded in chunk order, so even a metric that is not
exact (it falls back to float sums) gives the same bits for the same chunk
size wherever the chunks ran.

Chunk ``i`` of a run is games ``first_game + i*chunk ..`` (at most ``chunk``
of them). With ``checkpoint_dir`` each finished chunk's totals are written
there (``store.save_chunk``, atomic) as soon as it finishes; the same command
run again folds those in instead of replaying them.
"""

from __future__ import annotations

import hashlib
import math
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import numba
import numpy as np
from numba import njit

from sim import botdebug, interrupt
from sim.game import GameSpec
from sim.progress import progress_bar
from sim.quick_load import quick_loads

DEFAULT_CHUNK = 100_000
#: Kernel calls with fewer games than this run on one thread: on a busy
#: 2-core machine the parallel kernel's fork/join costs ~25 ms a call, more than
#: the games. Results do not depend on the thread count.
SMALL_BATCH = 50_000
# Float metrics are summed exactly as integer multiples of 1/EXACT_DENOMINATOR
# when they are such multiples: lcm(1..10) covers shares split among up to 10
# tied players and 1/60ths.
EXACT_DENOMINATOR = 2520
_INT64_MAX = 2**63 - 1
CHECKPOINT_FORMAT = "deepsim-chunk/1"


# ------------------------------------------------------------------ exact sums


@njit(cache=True, nogil=True)
def _int_moments(v):
    """Sum, sum of squares and largest |x| of a 1-d integer array, in int64
    (exact when largest² × size fits in an int64; the caller checks)."""
    s = np.int64(0)
    ss = np.int64(0)
    m = np.int64(0)
    for i in range(v.size):
        x = np.int64(v[i])
        s += x
        ss += x * x
        a = -x if x < 0 else x
        if a > m:
            m = a
    return s, ss, m


@njit(cache=True, nogil=True)
def _float_moments(v, den):
    """As _int_moments for k = v * den, when every value is an integer k over den
    (ok=False otherwise)."""
    s = np.int64(0)
    ss = np.int64(0)
    m = np.int64(0)
    for i in range(v.size):
        y = v[i] * den
        if not abs(y) <= 4503599627370496.0:  # 2**52; also catches nan
            return s, ss, m, False
        k = np.rint(y)
        if k / den != v[i]:
            return s, ss, m, False
        x = np.int64(k)
        s += x
        ss += x * x
        a = -x if x < 0 else x
        if a > m:
            m = a
    return s, ss, m, True


def _exact_parts(values) -> tuple[int, int, int, int] | None:
    """(den, n, s, ss): sum = s/den and sum of squares = ss/den² exactly, or None."""
    v = np.asarray(values)
    if v.ndim != 1:
        v = v.ravel()
    n = int(v.size)
    if n == 0:
        return 1, 0, 0, 0
    if v.dtype.kind == "b":
        v = v.view(np.uint8)
    if v.dtype.kind in "iu":
        if v.dtype.kind == "u" and v.dtype.itemsize == 8 and int(v.max()) > _INT64_MAX:
            return None
        den = 1
        s, ss, m = _int_moments(v)
    elif v.dtype.kind == "f":
        den = EXACT_DENOMINATOR
        s, ss, m, ok = _float_moments(v.astype(np.float64, copy=False), float(den))
        if not ok:
            return None
    else:
        return None
    m = int(m)
    if m * m * n <= _INT64_MAX:  # no int64 overflow was possible
        return den, n, int(s), int(ss)
    # Large values: redo it with Python integers (rare, slow but exact).
    k = [int(x) for x in (v.astype(np.int64) if den == 1 else np.rint(v * den).astype(np.int64))]
    return den, n, sum(k), sum(x * x for x in k)


def _float_parts(values) -> np.ndarray:
    v = np.asarray(values, dtype=np.float64)
    return np.array([v.size, v.sum(), np.square(v).sum()])


def _as_float(exact: list[int]) -> np.ndarray:
    den, n, s, ss = exact
    return np.array([float(n), s / den, ss / (den * den)])  # int / int is correctly rounded


def _add_hist(hists: dict, name: str, counts) -> None:
    b = np.asarray(counts)
    if name not in hists:
        hists[name] = np.array(b, copy=True)
        return
    a = hists[name]
    if a.shape != b.shape:  # 1-d histograms may grow (e.g. score bins)
        if a.ndim != 1 or b.ndim != 1:
            raise ValueError(f"histogram {name!r} changed shape from {a.shape} to {b.shape}")
        size = max(a.size, b.size)
        a, b = np.pad(a, (0, size - a.size)), np.pad(b, (0, size - b.size))
    hists[name] = a + b


@dataclass
class Totals:
    """Running sums of per-game metrics and histograms over finished games.

    ``sums[name]`` is ``[n, sum, sumsq]`` as floats (what summaries read);
    ``exact[name]`` is ``[den, n, s, ss]`` as Python ints with sum = s/den and
    sumsq = ss/den², kept for every metric whose values allow it, so adding
    chunks in any grouping or order gives identical bits. A metric that is not
    exact (or whose Totals were rebuilt from floats) is summed as floats.
    """

    games: int = 0
    sums: dict[str, np.ndarray] = field(default_factory=dict)  # column -> [n, sum, sumsq]
    hists: dict[str, np.ndarray] = field(default_factory=dict)
    exact: dict[str, list[int]] = field(default_factory=dict, repr=False)

    def _exact_of(self, name: str) -> list[int] | None:
        """exact[name] if it still matches sums[name] (code may set sums directly)."""
        ex = self.exact.get(name)
        if ex is None or name not in self.sums:
            return None
        den, n, s, ss = ex
        # What np.array_equal(self.sums[name], _as_float(ex)) says, without building arrays
        # (the runner asks this of every metric of every chunk).
        return ex if np.asarray(self.sums[name]).tolist() == [float(n), s / den, ss / (den * den)] else None

    def _add_sum(self, name: str, exact: list[int] | tuple | None, floats: np.ndarray) -> None:
        mine = self._exact_of(name)
        if exact is not None and (name not in self.sums or mine is not None):
            if mine is None:
                mine = [1, 0, 0, 0]
            den = math.lcm(mine[0], exact[0])
            a, b = den // mine[0], den // exact[0]
            merged = [den, mine[1] + exact[1], mine[2] * a + exact[2] * b, mine[3] * a * a + exact[3] * b * b]
            self.exact[name] = merged
            self.sums[name] = _as_float(merged)
        else:
            self.exact.pop(name, None)
            acc = self.sums.setdefault(name, np.zeros(3))
            acc += floats

    def add(self, metrics: dict[str, np.ndarray], hists: dict[str, np.ndarray], n_games: int):
        """Fold one batch: per-game metric columns and histograms of n_games games."""
        self.games += n_games
        for name, values in metrics.items():
            parts = _exact_parts(values)
            self._add_sum(name, parts, _as_float(list(parts)) if parts else _float_parts(values))
        for name, counts in hists.items():
            _add_hist(self.hists, name, counts)

    def merge(self, other: "Totals") -> "Totals":
        """Fold another Totals (e.g. one chunk's) into this one; returns self."""
        self.games += other.games
        for name, floats in other.sums.items():
            self._add_sum(name, other._exact_of(name), np.asarray(floats, dtype=np.float64))
        for name, counts in other.hists.items():
            _add_hist(self.hists, name, counts)
        return self

    def agg(self, name: str) -> tuple[float, float, float]:
        n, s, ss = self.sums[name]
        return float(n), float(s), float(ss)

    def mean(self, name: str) -> dict:
        """A metric's mean with its t-based 95% CI, as {"mean", "ci95"}."""
        # deferred: loads scipy, slow to import (python -X importtime), for this path only
        from sim.stats import mean_ci

        return mean_ci(*self.agg(name)).to_json()

    def share(self, name: str) -> dict:
        """A 0..1 metric (shares of shared wins included) as a Wilson 95% CI."""
        # deferred: loads scipy, slow to import (python -X importtime), for this path only
        from sim.stats import proportion_ci

        n, s, _ = self.agg(name)
        return proportion_ci(s, int(n)).to_json()

    def equals(self, other: "Totals") -> bool:
        """Same games, same sums and histograms, bit for bit."""
        return (
            self.games == other.games
            and self.sums.keys() == other.sums.keys()
            and self.hists.keys() == other.hists.keys()
            and all(np.array_equal(self.sums[k], other.sums[k]) for k in self.sums)
            and all(np.array_equal(self.hists[k], other.hists[k]) for k in self.hists)
        )

    # ---------------------------------------------------------- as a table
    def to_table(self, **meta):
        """One row per sum and per histogram (exact ints as decimal strings);
        ``meta`` values are added as constant columns."""
        # deferred: loads pandas, slow to import (python -X importtime), for this path only
        import pandas as pd

        rows = []
        for name, floats in self.sums.items():
            ex = self._exact_of(name)
            rows.append(
                {
                    "kind": "sum",
                    "name": name,
                    "den": ex[0] if ex else 0,
                    "n": int(floats[0]),
                    "s": str(ex[2]) if ex else "",
                    "ss": str(ex[3]) if ex else "",
                    "fsum": float(floats[1]),
                    "fsumsq": float(floats[2]),
                    "shape": [],
                    "counts": [],
                }
            )
        for name, counts in self.hists.items():
            c = np.asarray(counts)
            if c.dtype.kind not in "biu":
                raise ValueError(f"histogram {name!r} is not integer ({c.dtype})")
            rows.append(
                {
                    "kind": "hist",
                    "name": name,
                    "den": 0,
                    "n": 0,
                    "s": "",
                    "ss": "",
                    "fsum": 0.0,
                    "fsumsq": 0.0,
                    "shape": list(c.shape),
                    "counts": c.astype(np.int64).ravel().tolist(),
                }
            )
        df = pd.DataFrame(rows, columns=["kind", "name", "den", "n", "s", "ss", "fsum", "fsumsq", "shape", "counts"])
        df.insert(0, "games", np.int64(self.games))
        for key, value in meta.items():
            df.insert(0, key, value)
        return df

    @classmethod
    def from_table(cls, df) -> "Totals":
        """Inverse of ``to_table`` (meta columns are ignored)."""
        t = cls(games=int(df["games"].iloc[0]) if len(df) else 0)
        for row in df.itertuples(index=False):
            if row.kind == "sum":
                if row.den:
                    t.exact[row.name] = [int(row.den), int(row.n), int(row.s), int(row.ss)]
                    t.sums[row.name] = _as_float(t.exact[row.name])
                else:
                    t.sums[row.name] = np.array([float(row.n), row.fsum, row.fsumsq])
            else:
                t.hists[row.name] = np.asarray(row.counts, dtype=np.int64).reshape([int(x) for x in row.shape])
        return t


# ------------------------------------------------------------------ chunks


@dataclass
class RunResult:
    totals: Totals
    batches: list  # per-game batches, only when records were asked for
    seconds: float  # simulation time, compile excluded
    compile_seconds: float
    complete: bool  # False when stopped by Ctrl-C
    resumed_games: int = 0  # games taken from checkpoints instead of played
    resumed_chunks: int = 0


def warm_up(game: GameSpec, rules, seats) -> float:
    """Compile (or load from cache) the kernel and the reduction; return the seconds it took."""
    start = time.perf_counter()
    try:
        with quick_loads():
            play_chunk(game, rules, seats, 0, 0, 1)
    except botdebug.BotFailure:
        pass  # compiled all the same; a failure in the run's own games is reported there
    return time.perf_counter() - start


@contextmanager
def threads_for(games_per_call: int):
    """One numba thread for small kernel calls; restore the count afterwards."""
    before = numba.get_num_threads()
    if games_per_call < SMALL_BATCH:
        numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def play_chunk(
    game: GameSpec, rules, seats, seed: int, first_game: int, n_games: int, keep_batch: bool = False, tally: bool = True
) -> tuple[Totals, Any]:
    """Play one chunk and reduce it: (its Totals, the batch if keep_batch else None).
    Without ``tally`` the Totals only count the games: for callers that read
    the batch alone (a tournament), where the reduction cost as much as a
    one-game chunk's game.

    The same function runs in-process and in Dask workers, so a chunk's Totals
    are the same wherever it ran."""
    batch = botdebug.play_batch(game, rules, seats, seed, first_game, n_games)
    if not tally:
        return Totals(games=n_games), batch
    totals = game.tally(batch, rules) if game.tally is not None else None
    if totals is None:
        totals = Totals()
        totals.add(game.metrics(batch, rules), game.histograms(batch, rules), n_games)
    return totals, (batch if keep_batch else None)


def play_chunks(items, *, executor=None, keep_batches: bool = False, tally: bool = True) -> Iterator[tuple[Any, Totals, Any]]:
    """Play independent chunks, each ``(key, game, rules, seats, seed, first_game,
    n_games)`` (e.g. every lineup of a sweep), here or on a Dask executor; yield
    (key, Totals, batch or None) as they finish: in order in-process, in any
    order on a cluster (fold exact Totals in any order; sort by key otherwise)."""
    if executor is not None:
        finished = executor.imap(items, keep_batches, tally)
    else:
        finished = (
            (key, *play_chunk(game, rules, seats, seed, first_game, n_games, keep_batches, tally))
            for key, game, rules, seats, seed, first_game, n_games in items
        )
    for key, totals, batch in finished:
        yield key, totals, batch
        interrupt.chunk_finished(totals.games)


def chunk_plan(n_games: int, chunk: int, first_game: int = 0) -> Iterator[tuple[int, int, int]]:
    """(index, first game, games) of every chunk of a run."""
    for i in range(-(-n_games // chunk)):
        start = i * chunk
        yield i, first_game + start, min(chunk, n_games - start)


def run_key(game: GameSpec, rules, seats, seed: int, engine: str | None = None) -> str:
    """sha256 of what decides a run's games (game, its engine code, rules, seats,
    seed): a checkpoint is reused only by a run with the same key. ``engine``:
    the seats' `sim.provenance.play_fingerprint` when the caller has it already."""
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    from sim.provenance import play_fingerprint
    from sim.store import canonical_json

    cfg = {
        "game": game.name,
        "rules_version": getattr(game.rules_cls, "VERSION", None),
        "engine": engine or play_fingerprint(game, seats),
        "rules": rules.to_dict() if hasattr(rules, "to_dict") else rules,
        "seats": [[s.spec, s.bot.name] for s in seats],
        "seed": int(seed),
    }
    return hashlib.sha256(canonical_json(cfg).encode("utf-8")).hexdigest()


class Checkpoints:
    """The chunk checkpoints of one run under ``<dir>/chunks/`` (see sim.store)."""

    _META = ["format", "run_key", "first_game", "n_games"]

    def __init__(self, run_dir, key: str):
        # deferred: loads pandas, slow to import (python -X importtime), for this path only
        from sim import store

        self.store, self.dir, self.key = store, Path(run_dir), key

    def _path(self, index: int) -> Path:
        return self.dir / self.store.CHUNKS / f"chunk-{index:06d}.parquet"

    def finished(self, n_games: int, chunk: int, first_game: int) -> set[int]:
        """Indices of checkpoints that belong to this run and this chunking."""
        return self.finished_in({i: (first, size) for i, first, size in chunk_plan(n_games, chunk, first_game)})

    def finished_in(self, plan: dict[int, tuple[int, int]]) -> set[int]:
        """Indices of ``plan`` ({index: (first game, games)}) checkpointed by this run."""
        # deferred: loads pyarrow, slow to import (python -X importtime), for this path only
        import pyarrow.parquet as pq

        chunks = self.dir / self.store.CHUNKS
        if not chunks.is_dir():
            return set()
        good = set()
        for path in chunks.glob("chunk-[0-9][0-9][0-9][0-9][0-9][0-9].parquet"):
            index = int(path.name[6:12])
            if index not in plan:
                continue
            first, size = plan[index]
            expected = {"format": CHECKPOINT_FORMAT, "run_key": self.key, "first_game": first, "n_games": size}
            try:
                meta = pq.read_table(path, columns=self._META).slice(0, 1).to_pylist()
            except Exception:  # damaged or foreign file: play the chunk again
                continue
            if meta and meta[0] == expected:
                good.add(index)
        return good

    def load(self, index: int) -> Totals:
        # deferred: loads pandas, slow to import (python -X importtime), for this path only
        import pandas as pd

        return Totals.from_table(pd.read_parquet(self._path(index)))

    def save(self, index: int, first: int, size: int, totals: Totals) -> None:
        table = totals.to_table(n_games=np.int64(size), first_game=np.int64(first), run_key=self.key, format=CHECKPOINT_FORMAT)
        self.store.save_chunk(self.dir, index, table)
        interrupt.kept(size)


# ------------------------------------------------------------------ run


def run(
    game: GameSpec,
    rules,
    seats,
    n_games: int,
    seed: int,
    *,
    first_game: int = 0,
    chunk: int = DEFAULT_CHUNK,
    keep_batches: bool = False,
    progress: bool | None = None,
    label: str = "",
    executor=None,
    checkpoint_dir=None,
    engine: str | None = None,
) -> RunResult:
    """Play games first_game .. first_game + n_games - 1 of ``seed``.

    executor: None plays the chunks here (numba threads); a
      ``sim.distributed.DaskExecutor`` (see ``make_executor``) maps them over a
      Dask cluster. The totals are identical either way.
    checkpoint_dir: write each finished chunk's totals under
      ``<checkpoint_dir>/chunks/`` as it finishes, and fold in the chunks a
      killed or interrupted run with the same game, rules, seats, seed and
      chunk size left there instead of playing them again. With keep_batches
      the finished chunks are played again (their per-game records are not
      checkpointed). Remove the checkpoints (``store.clear_chunks``) once the
      complete result is saved.
    engine: the seats' play fingerprint, when the caller computed it (else computed here).
    Ctrl-C stops at a chunk boundary (compiling included): the finished
    chunks stay checkpointed and `interrupt.Interrupted` is raised carrying
    the RunResult of the finished chunks (complete=False), so no caller goes
    on as if the run had finished.
    """
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, got {chunk}")
    if n_games < 0:
        raise ValueError(f"n_games must be non-negative, got {n_games}")
    n_chunks = -(-n_games // chunk)
    checkpoints = Checkpoints(checkpoint_dir, run_key(game, rules, seats, seed, engine)) if checkpoint_dir is not None else None
    resumed = set()
    if checkpoints is not None and not keep_batches:
        resumed = checkpoints.finished(n_games, chunk, first_game)
    resumed_games = sum(min(chunk, n_games - i * chunk) for i in resumed)
    todo = (c for c in chunk_plan(n_games, chunk, first_game) if c[0] not in resumed)

    compile_seconds = 0.0
    totals, batches = Totals(), []
    ready: dict[int, tuple[Totals, Any]] = {}  # finished, waiting for their turn to be folded
    cursor = 0  # chunks before it are folded into totals

    def fold(upto: int, skip_gaps: bool = False) -> None:
        nonlocal cursor
        while cursor < upto:
            if cursor in ready:
                part, batch = ready.pop(cursor)
                totals.merge(part)
                if batch is not None:
                    batches.append(batch)
            elif cursor in resumed:
                totals.merge(checkpoints.load(cursor))
            elif not skip_gaps:
                return
            cursor += 1

    bar = progress_bar(label or f"{game.title}", progress, rate=True)
    results = None
    start = time.perf_counter()
    complete, played = True, 0
    with bar:
        task = bar.add_task("games", total=n_games, completed=resumed_games, rate="-")
        try:
            if len(resumed) < n_chunks:
                compile_seconds = executor.warm_up(game, rules, seats) if executor is not None else warm_up(game, rules, seats)
                start = time.perf_counter()
            if executor is not None:
                results = executor.map_chunks(game, rules, seats, seed, todo, keep_batches)
            else:
                results = ((i, *play_chunk(game, rules, seats, seed, first, size, keep_batches)) for i, first, size in todo)
            for index, part, batch in results:
                with interrupt.held():
                    size = part.games
                    if checkpoints is not None:
                        checkpoints.save(index, first_game + index * chunk, size, part)
                    ready[index] = (part, batch)
                    played += size
                    fold(n_chunks)
                    rate = played / max(time.perf_counter() - start, 1e-9)
                    bar.update(task, completed=resumed_games + played, rate=f"{rate:,.0f}")
                    interrupt.chunk_finished(size)
        except KeyboardInterrupt:
            complete = False
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()  # cancels a cluster's pending chunks
    fold(n_chunks, skip_gaps=not complete)
    result = RunResult(totals, batches, time.perf_counter() - start, compile_seconds, complete, resumed_games, len(resumed))
    if not complete:
        raise interrupt.Interrupted(result)
    if cursor != n_chunks or totals.games != n_games:
        raise RuntimeError(f"runner lost chunks: folded {totals.games:,} of {n_games:,} games")
    return result
