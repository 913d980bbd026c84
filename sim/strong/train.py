"""Train a `policy` bot's weights against a field with CMA-ES (the `cmaes` library).

A candidate is scored by its win share at a table where it holds one seat and
the field the others: the tournament of `sim.tournament` (every seat order
of the table, each seating on its own games). Within a generation every
candidate plays the same games (common random numbers, one seed per
generation), so candidates are compared on equal deals; each generation
draws new games. The run keeps the best candidate of any generation; as that
figure is the maximum of noisy estimates, the returned weights are played
again on fresh seeds (`evaluate`) for the reported win share and its CI.

With ``out`` the optimiser's state is checkpointed after every generation
(``train-checkpoint.npz``, data only: `sim.strong.checkpoints`); the same call resumes from it and gives the same
result as an uninterrupted run (a call with more generations trains on).
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from sim import interrupt
from sim.registry import Seat
from sim.stats import Estimate, proportion_ci
from sim.strong import checkpoints
from sim.strong.weights import PolicyLayout, save as save_weights
from sim.tournament import play as play_tournament, seatings

CHECKPOINT = "train-checkpoint.npz"
WEIGHTS = "weights.json"
FRESH = 2**32  # seed stream of the final evaluation, apart from the generations' streams
Table = tuple[float, list[Seat]]  # opponents at one table and the probability of meeting them


@dataclass
class Evaluation:
    win: Estimate  # the candidate's win share, Wilson interval (games are the units; a shared win counts 1/k)
    games: int
    seconds: float


def layout_of(game, bot: str = "policy") -> PolicyLayout:
    """The weight layout of a game's `policy` bot (or of another bot whose
    weights it trains: `distilled`)."""
    return game.registry.get(bot).options.__self__


def generation_seed(seed: int, generation: int) -> int:
    """The games of one generation: a stream of their own per (seed, generation)."""
    return int(np.random.SeedSequence([seed, generation]).generate_state(1, np.uint64)[0])


def field_seats(game, field: list[str], players: int) -> list[Seat]:
    """The opponents' seats: the field's specs cycled over the other players - 1 seats."""
    if not 1 <= len(field) <= players - 1:
        raise ValueError(
            f"--field has {len(field)} specs for {players} players; give 1 to {players - 1} "
            "(they are cycled over the other seats)"
        )
    seats = [game.registry.parse(s, players) for s in field]
    return [seats[i % len(seats)] for i in range(players - 1)]


def mixed_field(game, field: list[str], players: int) -> list[Table]:
    """``train --mix``: each spec alone at every other seat, in an equal share of the games."""
    seats = [game.registry.parse(s, players) for s in field]
    return [(1.0 / len(seats), [seat] * (players - 1)) for seat in seats]


def grouped_field(game, field: list[str], players: int) -> list[Table]:
    """``train --groups``: every group of players - 1 field specs at the other
    seats, in an equal share of the games: the opponents the candidate meets in
    a tournament of the field and itself (`sim.tournament.seatings`)."""
    if len(field) < players - 1:
        raise ValueError(
            f"--groups needs at least {players - 1} --field specs for {players} players (got {len(field)}); "
            "give more, or drop --groups"
        )
    seats = [game.registry.parse(s, players) for s in field]
    groups = list(combinations(seats, players - 1))
    return [(1.0 / len(groups), list(group)) for group in groups]


ROUNDS = 8  # rounds of seat orders a drawn group plays (`drawn_tables`)


def tables_per_generation(games: int, players: int, n_tables: int) -> int:
    """How many tables a generation of ``train --groups`` meets: ``ROUNDS``
    rounds of seat orders each, at most all of them. A seating is one chunk of
    games, and a chunk of one game costs the tournament ~10x its game in
    bookkeeping (and a task on Dask), so a few groups with 8 games per
    seating train several times faster than one game per seating of many."""
    return min(n_tables, max(1, games // (ROUNDS * len(seatings(players, players)))))


def drawn_tables(tables: list[Table], games: int, players: int, seed: int) -> list[Table]:
    """The tables one generation plays under ``train --groups``
    (`tables_per_generation`), drawn without replacement by their
    probabilities from the generation's stream, in equal shares; all of them
    when there are no more. Every candidate of the generation meets the same
    ones (common random numbers)."""
    k = tables_per_generation(games, players, len(tables))
    if k == len(tables):
        return tables
    rng = np.random.default_rng(seed)
    picked = rng.choice(len(tables), size=k, replace=False, p=np.array([p for p, _ in tables]))
    return [(1.0 / k, tables[i][1]) for i in sorted(picked)]


def candidate(game, weights, label: str = "policy", bot: str = "policy") -> Seat:
    layout = layout_of(game, bot)
    return Seat(label, game.registry.get(bot), layout.vector(weights))


def evaluate(game, rules, seat: Seat, opponents: list[Seat], games: int, seed: int, executor=None) -> Evaluation:
    """``seat``'s win share in every seat order of the table against ``opponents``
    (``games`` in all, rounded up to whole games per seating)."""
    start = time.perf_counter()
    standings, _, _, complete = play_tournament(game, rules, [seat] + opponents, games, seed, executor=executor, progress=False)
    if not complete:
        raise interrupt.Interrupted()
    n, s, _ = standings.sums["win"][0]
    return Evaluation(proportion_ci(s, int(n)), int(n), time.perf_counter() - start)  # Wilson, as tournament's


def evaluate_mixture(game, rules, seat: Seat, tables: list[Table], games: int, seed: int, executor=None) -> Evaluation:
    """``seat``'s win share against opponents drawn from ``tables`` (probability,
    seats): each table plays its share of ``games`` (whole games per seat order)
    on a stream of its own, and the shares are weighted by the probabilities
    (a stratified mean, normal 95% CI from the tables' binomial variances).
    One table is `evaluate` itself."""
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy.stats import norm

    if len(tables) == 1:
        return evaluate(game, rules, seat, tables[0][1], games, seed, executor)
    parts = [
        evaluate(game, rules, seat, opponents, max(1, round(games * p)), generation_seed(seed, k), executor)
        for k, (p, opponents) in enumerate(tables)
    ]
    mean = sum(p * e.win.mean for (p, _), e in zip(tables, parts))
    half = norm.ppf(0.975) * math.sqrt(sum(p * p * e.win.mean * (1 - e.win.mean) / e.games for (p, _), e in zip(tables, parts)))
    played = sum(e.games for e in parts)
    win = Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), played)
    return Evaluation(win, played, sum(e.seconds for e in parts))


def games_per_evaluation(games: int, players: int) -> int:
    """The games an evaluation plays: ``games`` rounded up to whole games per seating."""
    lineups = len(seatings(players, players))
    return -(-games // lineups) * lineups


def train(
    game,
    rules,
    field: list[str],
    *,
    games: int,
    generations: int,
    seed: int,
    population: int | None = None,
    sigma: float = 0.3,
    start=None,
    out: Path | None = None,
    executor=None,
    progress: bool | None = None,
    label: str = "train",
    mixture: list[Table] | None = None,
    draw: bool = False,
    bot: str = "policy",
) -> dict:
    """Optimise the policy's weights against ``field``; the summary (JSON-ready):
    per-generation history, the best weights and their fresh-seed win share.
    ``mixture``: play against these opponent tables instead, weighted by their
    probabilities (`evaluate_mixture`; ``field`` then only names them); with
    ``draw`` each generation plays a draw of them (`drawn_tables`), the fresh
    evaluation all of them, and the best candidate is the one that leads the
    start on its generation's games by the most (generations meet different
    groups; the start plays each generation's games too). ``bot``: the bot
    whose weights are trained (`distilled`: its fixed weights stay 0, the
    optimiser moves only the others)."""
    # deferred: loads cmaes, slow to import (python -X importtime), for this path only
    from cmaes import CMA

    if games < 1 or generations < 1:
        raise ValueError("--games and --generations must be at least 1")
    if not 0 < sigma <= 10:
        raise ValueError(f"--sigma {sigma} must lie in (0, 10]")
    layout = layout_of(game, bot)
    free = layout.free()
    players = rules.players
    tables = mixture if mixture is not None else [(1.0, field_seats(game, field, players))]
    x0 = np.asarray(layout.default if start is None else start, dtype=float)
    config = {
        "game": game.name,
        "rules": rules.to_dict(),
        "field": list(field),
        "players": players,
        "games": games,
        "seed": seed,
        "population": population,
        "sigma": sigma,
        "start": [float(x) for x in x0],
        **({"mixture": [[p, [_seat_key(t) for t in opponents]] for p, opponents in mixture]} if mixture is not None else {}),
        **({"draw": True} if draw else {}),
        **({"bot": bot} if bot != "policy" else {}),
    }  # not generations: a rerun with more goes on
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    state = resume(out, config)
    if state is None:
        cma = CMA(mean=x0[free], sigma=sigma, seed=seed % 2**32, population_size=population)
        state = {"config": config, "cma": cma, "history": [], "best": None}
    cma = state["cma"]
    show = Console(stderr=True).is_terminal if progress is None else progress
    bar = Progress(
        TextColumn(label),
        TextColumn("generation"),
        MofNCompleteColumn(),
        BarColumn(),
        TextColumn("best win share {task.fields[best]}"),
        TextColumn("{task.fields[speed]}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show,
        transient=True,
    )
    with bar:
        task = bar.add_task("train", total=generations, completed=len(state["history"]), best=_best_text(state), speed="")
        for g in range(len(state["history"]), generations):  # none left: report what was trained
            gseed = generation_seed(seed, g)
            cma.reseed_rng(gseed % 2**32)  # a stored CMA drops its generator: reseed per generation to resume exactly
            solutions, rows, played, seconds = [], [], 0, 0.0
            met = drawn_tables(tables, games, players, gseed) if draw else tables
            for _ in range(cma.population_size):
                moved = cma.ask()
                x = layout.expand(moved)
                ev = evaluate_mixture(game, rules, candidate(game, x, bot=bot), met, games, gseed, executor)
                solutions.append((moved, -ev.win.mean))
                rows.append((x, ev))
                played, seconds = played + ev.games, seconds + ev.seconds
            cma.tell(solutions)
            x, ev = max(rows, key=lambda r: r[1].win.mean)
            mean = float(np.mean([r[1].win.mean for r in rows]))
            score, start_share = ev.win.mean, None
            if draw:
                # Drawn groups differ from generation to generation: the best is
                # judged by its lead over the start on its own generation's games.
                start_share = evaluate_mixture(game, rules, candidate(game, x0, bot=bot), met, games, gseed, executor).win
                score = ev.win.mean - start_share.mean
            if state["best"] is None or score > state["best"].get("score", state["best"]["win_share"]["mean"]):
                state["best"] = {"generation": g, "weights": [float(w) for w in x], "win_share": ev.win.to_json(), "score": score}
            state["history"].append(
                {
                    "generation": g,
                    "seed": gseed,
                    "best_win_share": ev.win.to_json(),
                    "mean_win_share": mean,
                    **({"start_win_share": start_share.to_json()} if draw else {}),
                    "games": played,
                    "games_per_second": round(played / max(seconds, 1e-9)),
                }
            )
            with interrupt.held():
                checkpoint(out, state)
            bar.update(task, advance=1, best=_best_text(state), speed=f"{played / max(seconds, 1e-9):,.0f} games/s")
    best = np.array(state["best"]["weights"])
    fresh = evaluate_mixture(
        game, rules, candidate(game, best, bot=bot), tables, games * 4, generation_seed(seed, FRESH), executor
    )
    start_ev = evaluate_mixture(
        game, rules, candidate(game, x0, bot=bot), tables, games * 4, generation_seed(seed, FRESH), executor
    )
    summary = {
        "game": game.name,
        "players": players,
        "field": list(field),
        "rules": rules.to_dict(),
        "games_per_evaluation": games_per_evaluation(games, players),
        "generations": len(state["history"]),  # a resumed run may have trained more than asked
        "population": cma.population_size,
        "seed": seed,
        "sigma": sigma,
        "history": state["history"],
        "best_generation": state["best"]["generation"],
        "weights": state["best"]["weights"],
        "fresh": {
            "games": fresh.games,
            "seed": generation_seed(seed, FRESH),
            "win_share": fresh.win.to_json(),
            "start_win_share": start_ev.win.to_json(),
            "fair_share": 1 / players,
            "note": "best weights and the starting weights on the same fresh games",
        },
        "complete": True,
    }
    if mixture is not None:  # who sat at the other seats, and in what share of the games (--mix, --groups, population play)
        summary["mixture"] = [[p, [s.spec for s in opponents]] for p, opponents in mixture]
    if draw:  # --groups: each generation met a draw of the mixture's tables
        summary["draw"] = {"tables_per_generation": tables_per_generation(games, players, len(tables)), "tables": len(tables)}
    if out is not None:
        training = {
            k: summary[k]
            for k in (
                "field",
                "mixture",
                "draw",
                "games_per_evaluation",
                "generations",
                "population",
                "seed",
                "sigma",
                "best_generation",
            )
            if k in summary
        }
        training["fresh_win_share"] = summary["fresh"]["win_share"]
        save_weights(Path(out) / WEIGHTS, layout, best, players, rules.to_dict(), training)
    return summary


def _seat_key(seat: Seat) -> str:
    """A seat in a checkpoint's config: its spec and a digest of its parameters."""
    return f"{seat.spec}#{hashlib.sha256(np.asarray(seat.params, dtype=float).tobytes()).hexdigest()[:12]}"


def _best_text(state) -> str:
    b = state["best"]
    if b is None:
        return "-"
    lo, hi = b["win_share"]["ci95"]
    return f"{b['win_share']['mean']:.3f} [{lo:.3f}, {hi:.3f}]"


def resume(out, config, name: str = CHECKPOINT, what: str = "training run"):
    """The state checkpointed in ``out/name`` by a run with the same ``config``, or None."""
    if out is None or not (Path(out) / name).is_file():
        return None
    state = checkpoints.load(Path(out) / name)
    if state.get("config") != checkpoints.plain(config):
        raise ValueError(f"{Path(out) / name} belongs to another {what} (different options); give another --out or delete it")
    return state


def checkpoint(out, state, name: str = CHECKPOINT) -> None:
    """Write ``state`` to ``out/name`` atomically (nothing without ``out``)."""
    if out is not None:
        checkpoints.save(Path(out) / name, state)
