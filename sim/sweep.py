"""Sweeps: many small configurations (lineups of bots, rule settings) played
through the runner's chunks and pooled, for any game.

An analysis (tuning a bot family, sweeping rule knobs) plays thousands of
small configurations. `play_lineups` plays one configuration — a list of
lineups sharing the rules — as chunks through `runner.play_chunks`, so the
chunks run in-process or on the Dask executor passed in (`api.scale_out`), with the same
totals either way, and stores the pooled result so an interrupted sweep
resumes configuration by configuration. `play_paired` compares two
arrangements of a table on the same games, game by game.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from sim import api, interrupt, store
from sim.progress import progress_bar
from sim.registry import Param
from sim.rng import Stream
from sim.runner import DEFAULT_CHUNK, SMALL_BATCH, Checkpoints, Totals, play_chunks, threads_for  # noqa: F401  (analyses import them here)
from sim.tournament import field_seatings

#: The "seat" whose bot stream draws a game's lineup when seating is random per game: no seat has it.
SEATING_KEY = 2**32
LAYOUT = 3  # version of the lineup/seed layout and pooled contents; part of every cache key


def param_grid(p: Param, points: int = 4) -> list[float]:
    """A small grid inside the Param's range, concentrated near the default.

    Integers: every value when the range holds at most ``points``; otherwise
    the default and offsets −1, +1, −2, +2, −4, … inside the range until
    ``points`` values (for a default of 8 or more, halvings and doublings:
    d/2, 2d, d/4, 4d, …). Floats: ``points`` values evenly spaced
    over the range (log-spaced when it spans a factor of 20 or more above
    zero), rounded to two significant digits, plus the default.
    """
    if points < 1:
        raise ValueError(f"grid points must be at least 1, got {points}")
    if p.integer:
        low, high, d = int(p.low), int(p.high), int(p.default)
        if high - low + 1 <= points:
            return [float(v) for v in range(low, high + 1)]
        values = {d}
        if d >= 8:  # a count such as rollout samples: halve and double
            steps = [(lambda x, k=k: x // 2**k, lambda x, k=k: x * 2**k) for k in range(1, 12)]
        else:  # a small threshold: one step at a time, then wider
            steps = [(lambda x, o=o: x - o, lambda x, o=o: x + o) for o in (1, 2, 4, 8, 16, 32, 64, 128)]
        for down, up in steps:
            for v in (down(d), up(d)):
                if low <= v <= high and len(values) < points:
                    values.add(v)
        return [float(v) for v in sorted(values)]
    if p.low > 0 and p.high / p.low >= 20:
        raw = np.geomspace(p.low, p.high, points)
    else:
        raw = np.linspace(p.low, p.high, points)
    values = {float(f"{v:.2g}") for v in raw} | {float(p.default)}
    return sorted(min(max(v, p.low), p.high) for v in values)


def spec_of(family: str, values: dict[str, float], registry) -> str:
    """``name:k=v:k=v`` with every parameter of ``registry``'s family written out (integers without .0)."""
    params = registry.get(family).params
    if not params:
        return family
    return family + ":" + ":".join(f"{p.name}={values[p.name]:g}" for p in params)


def field_lineups(
    candidate: str | None, field: list[str], players: int, games: int | None = None, seed: int = 0
) -> list[tuple[list[str], int]]:
    """Lineups (specs per seat, candidate seat or -1) of a field, balanced:
    every group of field bots in every seat order (`sim.tournament.field_seatings`;
    with a candidate, the candidate and every group of ``players - 1`` field
    bots), so each bot, pair and group of bots holds every seat and sits at
    every distance after every other equally often, whatever the list's order.

    When the design has more lineups than ``games``, each game instead draws
    one of them uniformly from a stream of its own (keyed by ``seed`` and its
    game index apart from its cards and bots): lineup k of the list returned
    plays game k alone, random seating per game, unbiased and independent.
    """
    specs = [*field, candidate]
    seated = field_seatings(len(field), players, candidate is not None)
    design = sorted(([specs[i] for i in members], c) for members, c in seated)  # the same games whatever the list order
    if games is None or len(design) <= games:
        return design
    return [design[Stream.for_bot(seed, k, SEATING_KEY).randbelow(len(design))] for k in range(games)]


def play_lineups(
    game_name: str,
    rules: dict,
    lineups: list[tuple[list[str], int]],
    games: int,
    seed: int,
    out: Path | None = None,
    executor=None,
) -> Totals:
    """Play ``games`` games spread evenly over the lineups; pool the results.

    Lineup k plays games k·g … (k+1)·g − 1 of ``seed`` (g = games per lineup),
    so lineups are independent and the same lineup index plays the same games
    in every configuration (common random numbers across candidates and
    settings). The pooled totals hold the seat metrics (``seat{s}.*``, pooled
    over lineups), every other metric except seat pairs, every histogram,
    and the candidate's figures as ``cand.*`` (its seat in each
    lineup). Chunks run on ``executor`` (`api.scale_out`) when one is given.
    Stored under ``out/runs`` when ``out`` is given, so an interrupted sweep
    resumes where it stopped.
    """
    game = api.get_game(game_name)
    rules_obj = api.make_rules(game, {k: str(v) for k, v in rules.items()})
    g = max(1, math.ceil(games / len(lineups)))
    seats = [game.registry.parse_seats(list(specs), rules_obj.players) for specs, _ in lineups]
    config = {
        "command": "lineups",
        "layout": LAYOUT,
        "game": game.name,
        "rules": rules_obj.to_dict(),
        "rules_version": game.rules_cls.VERSION,
        "engine": store.play_fingerprint(game, [s for lineup in seats for s in lineup]),
        "lineups": [[list(specs), c] for specs, c in lineups],
        "games_per_lineup": g,
        "seed": seed,
    }
    runs = None if out is None else Path(out) / "runs"
    if runs is not None and (hit := store.find(runs, config)):
        result = store.load(hit)
        return api.totals_from_tables(result.tables)
    plan = [(k, k * g + done, min(DEFAULT_CHUNK, g - done)) for k in range(len(lineups)) for done in range(0, g, DEFAULT_CHUNK)]
    checkpoints = (
        None if runs is None else Checkpoints(store.result_dir(runs, f"{game.name}-lineups", config), store.config_key(config))
    )
    resumed = set() if checkpoints is None else checkpoints.finished_in({i: (first, n) for i, (_, first, n) in enumerate(plan)})
    pooled = Totals()
    for i in sorted(resumed):
        pooled.merge(checkpoints.load(i))
    items = ((i, game, rules_obj, seats[k], seed, first, n) for i, (k, first, n) in enumerate(plan) if i not in resumed)
    start = time.perf_counter()
    with threads_for(g):
        for i, part, _ in play_chunks(items, executor=executor):
            k, first, n = plan[i]
            view = _pooled_view(part, lineups[k][1])
            with interrupt.held():  # a checkpoint and the pooled sums agree
                pooled.merge(view)
                if checkpoints is not None:  # a configuration cut short resumes chunk by chunk
                    checkpoints.save(i, first, n, view)
    if runs is not None:
        path = store.save(
            runs,
            f"{game.name}-lineups",
            config,
            {"games": pooled.games},
            api.totals_tables(pooled),
            None,
            time.perf_counter() - start,
            0.0,
        )
        store.clear_chunks(path)
    return pooled


def play_paired(
    game_name: str,
    rules: dict,
    lineups_a: list[tuple[list[str], int]],
    lineups_b: list[tuple[list[str], int]],
    games: int,
    seed: int,
    metrics=("win", "score"),
    out: Path | None = None,
    executor=None,
) -> Totals:
    """Two arrangements of a candidate's table on the same games, compared game by game.

    Lineup k of either arrangement plays games k·g … (k+1)·g − 1 of ``seed``
    (as in `play_lineups`), so the two sides differ only in the arrangement.
    For each metric m the totals hold the candidate's ``a.m`` and ``b.m`` and
    the per-game difference ``diff.m`` = a − b, the input of `stats.paired`:
    shared luck cancels, so it sees a difference with far fewer games than
    comparing the two sides' means. Stored under ``out/runs`` like a lineup run.
    """
    if len(lineups_a) != len(lineups_b):
        raise ValueError("both arrangements need the same number of lineups")
    game = api.get_game(game_name)
    rules_obj = api.make_rules(game, {k: str(v) for k, v in rules.items()})
    g = max(1, math.ceil(games / len(lineups_a)))
    sides = {"a": lineups_a, "b": lineups_b}
    seats = {side: [game.registry.parse_seats(list(specs), rules_obj.players) for specs, _ in lu] for side, lu in sides.items()}
    config = {
        "command": "paired",
        "layout": LAYOUT,
        "game": game.name,
        "rules": rules_obj.to_dict(),
        "rules_version": game.rules_cls.VERSION,
        "engine": store.play_fingerprint(game, [s for lu in seats.values() for x in lu for s in x]),
        "lineups": {side: [[list(specs), c] for specs, c in lu] for side, lu in sides.items()},
        "metrics": list(metrics),
        "games_per_lineup": g,
        "seed": seed,
    }
    runs = None if out is None else Path(out) / "runs"
    if runs is not None and (hit := store.find(runs, config)):
        result = store.load(hit)
        return api.totals_from_tables(result.tables)
    items = (
        ((k, side, done), game, rules_obj, seats[side][k], seed, k * g + done, min(DEFAULT_CHUNK, g - done))
        for k in range(len(lineups_a))
        for done in range(0, g, DEFAULT_CHUNK)
        for side in sides
    )
    pooled, waiting = Totals(), {}
    start = time.perf_counter()
    with threads_for(g):
        for (k, side, done), _, batch in play_chunks(items, executor=executor, keep_batches=True, tally=False):
            cand = sides[side][k][1]
            cols = game.metrics(batch, rules_obj)
            waiting[(k, side, done)] = {m: np.asarray(cols[f"seat{cand}.{m}"], dtype=np.float64) for m in metrics}
            if (k, "a", done) in waiting and (k, "b", done) in waiting:
                a, b = waiting.pop((k, "a", done)), waiting.pop((k, "b", done))
                part = Totals()
                part.add(
                    {
                        **{f"a.{m}": a[m] for m in metrics},
                        **{f"b.{m}": b[m] for m in metrics},
                        **{f"diff.{m}": a[m] - b[m] for m in metrics},
                    },
                    {},
                    len(a[metrics[0]]),
                )
                pooled.merge(part)
    if runs is not None:
        store.save(
            runs,
            f"{game.name}-paired",
            config,
            {"games": pooled.games},
            api.totals_tables(pooled),
            None,
            time.perf_counter() - start,
            0.0,
        )
        interrupt.kept(pooled.games)
    return pooled


def _pooled_view(part: Totals, cand: int) -> Totals:
    """One chunk's totals as they pool over lineups: without the seat-pair
    metrics (meaningless once lineups are pooled), plus the candidate's seat
    again as ``cand.*``; histograms are counts of games and pool as they are."""
    view = Totals(games=part.games)
    prefix = f"seat{cand}."
    for name in part.sums:
        if name.startswith("pair"):
            continue
        view.sums[name] = part.sums[name]
        if name in part.exact:
            view.exact[name] = part.exact[name]
        if cand >= 0 and name.startswith(prefix):
            key = "cand." + name[len(prefix) :]
            view.sums[key] = part.sums[name]
            if name in part.exact:
                view.exact[key] = part.exact[name]
    view.hists = dict(part.hists)
    return view


class Bar:
    """One progress bar over an analysis's configurations (stderr, terminals only)."""

    def __init__(self, total: int, label: str, progress: bool | None):
        self.progress = progress_bar("{task.description}", progress)
        self.task = self.progress.add_task(label, total=total)

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        return self.progress.__exit__(*exc)

    def advance(self, description: str | None = None):
        if description:
            self.progress.update(self.task, description=description)
        self.progress.advance(self.task)
