"""Run the runner's chunks on a Dask distributed cluster.

    from sim.distributed import make_executor
    with make_executor(workers=2) as ex:            # or make_executor("tcp://host:8786")
        result = run(game, rules, seats, 10**8, seed, executor=ex)

Each Dask task plays one chunk in a worker and sends back only that chunk's
reduced ``Totals`` (and its per-game batch only when records were asked for).
The client folds them in chunk order with the same code as an in-process run,
so the totals are bit-identical to it whatever the number of workers.

What travels to a worker is data, never compiled code: the game's name, the
Rules object, each seat's (spec, bot name, parameter vector), and the source
of every bot file loaded with ``sim.registry.load_bot_file`` (path and the
text it was loaded from, `sim.nb.loaded_source`, not an edit made since).
The worker imports the game by name (``sim.games.get_game``), loads the bot
files (the file at the same path if it has the same text, else a copy of the
text in the worker's temp directory, so workers need no shared file system)
and rebuilds the seats from its registry. Bots from installed packages
(entry points) must be installed on the workers too.

A worker keeps the bots it loaded: after editing a bot file, restart a
long-lived cluster's workers (a ``--workers N`` LocalCluster lives for one
command, so this only concerns ``--scheduler``).

Kernels are compiled (or loaded from numba's on-disk cache) once per worker
process: ``warm_up`` plays one game on every worker before the chunks are
mapped. Workers should run one thread each with ``NUMBA_NUM_THREADS=1`` (one
worker process per core); ``make_executor(workers=N)`` starts them so, and a
worker with more threads plays its chunks single-threaded.
"""

from __future__ import annotations

import hashlib
import logging
import os
import signal
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

WORKER_ENV = {"NUMBA_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}


# ------------------------------------------------------------------ the job a worker gets


@dataclass(frozen=True)
class ChunkJob:
    """Everything a worker needs to play chunks of one run (plain, picklable data)."""

    game: str
    rules: Any  # the game's frozen Rules dataclass
    seats: tuple[tuple[str, str, tuple[float, ...]], ...]  # (spec, bot name, params)
    bot_files: tuple[tuple[str, str], ...]  # (resolved path, source text)
    seed: int
    keep_batches: bool
    tally: bool = True  # False: the Totals only count the games (`runner.play_chunk`)

    @property
    def key(self) -> str:
        text = repr((self.game, self.rules, self.seats, self.bot_files))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_job(game, rules, seats, seed: int, keep_batches: bool, tally: bool = True) -> ChunkJob:
    """Describe a run by name and data; refuse a game a worker could not import by name."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim import nb
    from sim.games import get_game
    from sim.registry import _LOADED_BOT_FILES

    try:
        registered = get_game(game.name)
    except ValueError:
        registered = None
    if registered is not game:
        raise ValueError(
            f"game {game.name!r} is not the one sim.games.get_game({game.name!r}) "
            "returns; a Dask worker can only run a game it can import by name"
        )
    files = []
    for path in _LOADED_BOT_FILES:
        try:
            files.append((path, nb.loaded_source(path).decode("utf-8")))  # the code this process runs
        except OSError as exc:
            raise ValueError(f"bot file {path!r} cannot be read to send it to the Dask workers: {exc}") from None
    seat_data = tuple((s.spec, s.bot.name, tuple(float(x) for x in s.params)) for s in seats)
    return ChunkJob(game.name, rules, seat_data, tuple(files), int(seed), bool(keep_batches), bool(tally))


# ------------------------------------------------------------------ worker side

_RESOLVED: dict[str, tuple] = {}  # job key -> (game, rules, seats), per worker process
_WARM: set[tuple] = set()  # kernels already compiled/loaded in this process
_LOCK = threading.Lock()


def _load_bot_file(path: str, source: str) -> None:
    # deferred: every Dask worker preloads this module; sim.registry adds numpy and numba, 1.1 s (python -X importtime)
    from sim.registry import load_bot_file

    p = Path(path)
    try:
        same = p.is_file() and p.read_text(encoding="utf-8") == source
    except OSError:
        same = False
    if not same:  # no shared file system (or the file changed): use a copy of the text
        digest = hashlib.sha256((path + "\0" + source).encode("utf-8")).hexdigest()[:16]
        copy = Path(tempfile.gettempdir()) / "deepsim-botfiles" / digest / p.name
        if not copy.is_file():
            copy.parent.mkdir(parents=True, exist_ok=True)
            tmp = copy.with_name(f".{copy.name}.{os.getpid()}.tmp")
            tmp.write_text(source, encoding="utf-8")
            os.replace(tmp, copy)
        p = copy
    load_bot_file(p)


def resolve(job: ChunkJob):
    """(game, rules, seats) of a job, built once per worker process."""
    key = job.key
    with _LOCK:
        hit = _RESOLVED.get(key)
        if hit is not None:
            return hit
        # deferred: every Dask worker preloads this module; numpy alone adds 0.8 s (python -X importtime)
        import numpy as np

        from sim.games import get_game
        from sim.registry import Seat

        for path, source in job.bot_files:
            _load_bot_file(path, source)
        game = get_game(job.game)
        seats = [Seat(spec, game.registry.get(name), np.array(params, dtype=np.float64)) for spec, name, params in job.seats]
        if len(_RESOLVED) > 64:
            _RESOLVED.clear()
        _RESOLVED[key] = hit = (game, job.rules, seats)
        return hit


def _single_thread():
    """One numba thread per task when the worker runs several tasks at once."""
    try:
        # deferred: loads distributed, slow to import (python -X importtime), for this path only
        from distributed import get_worker

        worker = get_worker()
        if (getattr(worker, "nthreads", None) or worker.state.nthreads) > 1:
            # deferred: loads numba, slow to import (python -X importtime), for this path only
            import numba

            numba.set_num_threads(1)
    except (ImportError, ValueError, AttributeError):
        pass


def dask_setup(worker) -> None:
    """Worker preload (``make_executor`` passes ``preload=["sim.distributed"]``):
    a local worker ignores Ctrl-C, which the terminal sends to every process of
    the foreground group; the client stops at a chunk boundary and shuts the
    cluster down itself."""

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def warm_worker(job: ChunkJob) -> float:
    """Compile or load the job's kernels in this worker process (once); seconds taken."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim.runner import warm_up

    start = time.perf_counter()
    game, rules, seats = resolve(job)  # the first time: imports the game and its bots
    kind = (job.game, tuple(s.bot.builtin_id < 0 and s.bot.name for s in seats))
    if kind in _WARM:
        return 0.0
    _single_thread()
    warm_up(game, rules, seats)
    _WARM.add(kind)
    return time.perf_counter() - start


def play_chunk_task(job: ChunkJob, key, first_game: int, n_games: int):
    """One Dask task: play a chunk and return (key, its Totals, batch or None)."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim.runner import play_chunk

    game, rules, seats = resolve(job)
    _single_thread()
    totals, batch = play_chunk(game, rules, seats, job.seed, first_game, n_games, job.keep_batches, job.tally)
    return key, totals, batch


# ------------------------------------------------------------------ client side


class DaskExecutor:
    """Maps a run's chunks over a Dask ``Client``; pass it to ``runner.run(executor=...)``.

    ``window`` bounds the chunks in flight (default: twice the cluster's
    threads), so the scheduler and the client hold a few chunks at a time
    however many games are run.
    """

    def __init__(self, client, cluster=None, *, window: int | None = None):
        self.client, self.cluster, self._window = client, cluster, window

    @property
    def nthreads(self) -> int:
        return sum(self.client.nthreads().values())

    @property
    def window(self) -> int:
        return self._window or max(2, 2 * self.nthreads)

    def __repr__(self) -> str:
        where = "LocalCluster" if self.cluster is not None else self.client.scheduler.address
        return f"DaskExecutor({where}, {len(self.client.nthreads())} workers, {self.nthreads} threads)"

    def warm_up(self, game, rules, seats) -> float:
        """Compile/load the kernels on every worker now (one task each); the
        slowest worker's seconds."""
        job = make_job(game, rules, seats, 0, False)
        workers = list(self.client.nthreads())
        if not workers:
            raise RuntimeError("the Dask cluster has no workers")
        futures = [
            self.client.submit(
                warm_worker,
                job,
                workers=[w],
                allow_other_workers=False,
                pure=False,
                key=f"deepsim-warm-{job.key[:12]}-{i}-{time.time_ns()}",
            )
            for i, w in enumerate(workers)
        ]
        try:
            return max(self.client.gather(futures))
        finally:
            self.client.cancel(futures)

    def map_chunks(
        self, game, rules, seats, seed: int, chunks: Iterable[tuple[int, int, int]], keep_batches: bool = False
    ) -> Iterator[tuple[int, Any, Any]]:
        """Play (index, first game, games) chunks of one run on the cluster; yield
        (index, Totals, batch or None) as they finish (any order). Closing the
        iterator (Ctrl-C) cancels the chunks still pending."""
        return self.imap(((i, game, rules, seats, seed, first, size) for i, first, size in chunks), keep_batches)

    def imap(self, items: Iterable[tuple], keep_batches: bool = False, tally: bool = True) -> Iterator[tuple[Any, Any, Any]]:
        """Play independent chunks, each ``(key, game, rules, seats, seed, first_game,
        n_games)`` (any mix of games, rules and seats, e.g. a sweep); yield
        (key, Totals, batch or None) as they finish, in any order, with at most
        ``window`` chunks in flight. Closing the iterator cancels the rest."""
        # deferred: loads distributed, slow to import (python -X importtime), for this path only
        from distributed import as_completed

        items = iter(items)
        jobs: dict[tuple, tuple] = {}
        pending = as_completed()
        futures = set()

        def job_of(game, rules, seats, seed):
            """The job, made once per run (a few hundred bytes, sent with each
            task: scattering it first cost a round trip per lineup, which
            made a tournament's one-seating chunks slower than in-process)."""
            ident = (id(game), id(rules), tuple(map(id, seats)), int(seed))
            hit = jobs.get(ident)
            if hit is None:
                if len(jobs) >= 64:
                    jobs.clear()
                job = make_job(game, rules, seats, seed, keep_batches, tally)
                # keep the objects alive so their ids stay theirs
                hit = jobs[ident] = (job, job.key, (game, rules, tuple(seats)))
            return hit[0], hit[1]

        def submit() -> bool:
            item = next(items, None)
            if item is None:
                return False
            key, game, rules, seats, seed, first, size = item
            job, job_key = job_of(game, rules, seats, seed)
            f = self.client.submit(
                play_chunk_task, job, key, first, size, pure=False, key=f"deepsim-chunk-{job_key[:12]}-{first}-{time.time_ns()}"
            )
            futures.add(f)
            pending.add(f)
            return True

        try:
            for _ in range(self.window):
                if not submit():
                    break
            for f in pending:
                result = f.result()  # re-raises a worker's exception here
                futures.discard(f)
                f.release()
                submit()
                yield result
        finally:
            if futures:
                self.client.cancel(list(futures))

    def close(self) -> None:
        """Close the client, and the LocalCluster if this executor started it."""
        try:
            self.client.close()
        finally:
            if self.cluster is not None:
                self.cluster.close()

    def __enter__(self) -> "DaskExecutor":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def make_executor(
    scheduler: str | None = None, workers: int | None = None, *, window: int | None = None, **cluster_kwargs
) -> DaskExecutor | None:
    """None when both are None (run in-process); else a DaskExecutor.

    scheduler: address of a running Dask scheduler (``tcp://host:8786``).
    workers: start a LocalCluster of this many worker processes, one thread
      each, with NUMBA_NUM_THREADS=1 (``cluster_kwargs`` go to LocalCluster).
    """
    if scheduler is None and workers is None:
        return None
    if scheduler is not None and workers is not None:
        raise ValueError("give --scheduler ADDRESS or --workers N, not both")
    # deferred: loads distributed, slow to import (python -X importtime), for this path only
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=cluster_kwargs.pop("timeout", "20s"))
        except (OSError, TimeoutError) as exc:
            raise ValueError(
                f"cannot reach the Dask scheduler at {scheduler!r}: {' '.join(str(exc).split()) or type(exc).__name__}"
            ) from None
        return DaskExecutor(client, window=window)
    if workers < 1:
        raise ValueError(f"--workers {workers} must be at least 1")
    env = {**WORKER_ENV, **cluster_kwargs.pop("env", {})}
    options = dict(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        env=env,
        preload=["sim.distributed"],
        silence_logs=logging.ERROR,
    )
    options.update(cluster_kwargs)
    cluster = LocalCluster(**options)
    try:
        client = Client(cluster)
    except BaseException:
        cluster.close()
        raise
    return DaskExecutor(client, cluster, window=window)
