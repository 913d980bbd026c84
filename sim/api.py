"""The Python API the CLI is a thin view on; usable from notebooks.

```python
from sim import api
result = api.simulate("luft", {"air": "20"}, "threshold:t=2", players=4, games=100_000, seed=1)
result.summary["seats"][0]["win_share"]
```
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numba

from sim import botdebug, distributed, interrupt, store
from sim.game import GameSpec
from sim.games import GAMES, get_game  # noqa: F401  (GAMES: part of the API)
from sim.interrupt import Interrupted
from sim.records import long_records, row_label
from sim.registry import load_bot_file, split_specs
from sim.runner import RunResult, Totals, run
from sim.stats import Estimate
from sim.tournament import DESIGN as TOURNAMENT_DESIGN, play as play_tournament, seatings

if TYPE_CHECKING:  # pandas loads where tables are built (--out, --records), not for every run
    import pandas as pd


@contextmanager
def scale_out(scheduler: str | None = None, workers: int | None = None):
    """The executor to pass to `simulate`, `tournament` and the analyses: an
    existing Dask scheduler (address) or a LocalCluster of ``workers``
    processes, closed on leaving; with neither, None (in-process threads).
    Results are bit-identical either way."""
    executor = distributed.make_executor(scheduler, workers)
    try:
        yield executor
    finally:
        if executor is not None:
            executor.close()


def parse_rules(items: list[str] | None) -> dict[str, str]:
    """``["air=20,swim=d3", "values_l1=0,0,1,1"]`` -> {"air": "20", ...}.

    Items split on whitespace and on commas that start a new ``key=``; a
    comma-separated list stays with its key."""
    out: dict[str, str] = {}
    last = None
    for item in items or []:
        for token in item.replace(";", ",").split():
            for part in token.split(","):
                if "=" in part:
                    key, _, value = part.partition("=")
                    last = key.strip()
                    if not last:
                        raise ValueError(f"rule {part!r} needs the form key=value")
                    if last in out:
                        raise ValueError(f"rule {last} is given twice ({last}={out[last]}, {part}); give each rule once")
                    out[last] = value.strip()
                elif part and last is not None:
                    out[last] += "," + part
                elif part:
                    raise ValueError(f"rule {part!r} needs the form key=value, e.g. air=20")
    return out


def make_rules(game: GameSpec, rules: dict[str, str] | None = None, players: int | None = None):
    """The game's Rules from ``--rules`` text and ``--players`` (which must not disagree)."""
    given = (rules or {}).get("players")
    if players is not None and given is not None and str(given).strip() != str(players):
        raise ValueError(f"--rules players={given} and --players {players} disagree; give the player count once, with --players")
    extra = {"players": players} if players is not None else {}
    return game.rules_cls.from_strings(dict(rules or {}), **extra)


def load_bot_files(files: list[str] | None, isolate: bool = False):
    """Import users' bot files so their @register calls run; with ``isolate``,
    read them in subprocesses instead (never imported here) and register
    stand-ins that play only isolated (`sim.isolate`)."""
    if isolate:
        # deferred: sim.isolate (its stand-in bots and sim.rng) adds 0.16-0.25 s to `import sim.api` (python -X importtime)
        from sim.isolate import load_bot_files as load_isolated

        load_isolated(files)
        return
    for path in files or []:
        load_bot_file(path)


def isolation(game: GameSpec, isolate: bool, decision_timeout: float | None, secret: str | None, executor):
    """The run's `sim.isolate.Isolation` with ``isolate`` (``secret``: a stored
    manifest's, to replay it), else None."""
    if not isolate:
        if secret is not None:
            raise ValueError("a run secret replays an isolated run; give --isolate too")
        return None
    if executor is not None:
        raise ValueError("--isolate runs its bot processes on this machine; drop --scheduler")
    # deferred: sim.isolate adds 0.16-0.25 s to `import sim.api` (python -X importtime), for isolated runs only
    from sim.isolate import DEFAULT_TIMEOUT, Isolation

    return Isolation(game, secret, DEFAULT_TIMEOUT if decision_timeout is None else decision_timeout)


def isolation_summary(run, seed: int) -> dict:
    """What an isolated run reports: its time limit, its bots' decisions per
    second (pipe and bot time) and every forfeit (game, seat, bot, reason)."""
    # deferred: sim.isolate adds 0.16-0.25 s to `import sim.api` (python -X importtime), for isolated runs only
    from sim.isolate.play import forfeits_summary

    forfeits = run.forfeits_of(seed)
    return {
        "decision_timeout": run.timeout,
        "isolated_decisions": run.decisions,
        "isolated_decisions_per_second": round(run.decisions / run.seconds) if run.seconds > 0 else None,
        "forfeits": forfeits_summary(forfeits),
        "forfeits_per_bot": dict(Counter(f.bot for f in forfeits)),
        "forfeit_scoring": "a forfeited game is a loss for the forfeiting seat: win share 0, every head-to-head lost",
    }


@dataclass
class Simulation:
    summary: dict  # the JSON object the command prints with --json
    totals: Totals | None  # running sums behind the summary (also when cached)
    path: Path | None  # stored result directory, if --out was given
    cached: bool = False
    complete: bool = True  # False when stopped by Ctrl-C


def totals_tables(totals: Totals) -> dict[str, pd.DataFrame]:
    """Totals as a stored table (`Totals.to_table`, exact sums included), so a
    stored result can be re-aggregated later."""
    return {"totals": totals.to_table()}


def totals_from_tables(tables: dict[str, pd.DataFrame]) -> Totals | None:
    """The Totals of a stored result (None if it stored none)."""
    return Totals.from_table(tables["totals"]) if "totals" in tables else None


def _cached(out, config) -> Simulation | None:
    hit = store.find(out, config) if out is not None else None
    if hit is None:
        return None
    result = store.load(hit)
    return Simulation(result.summary, totals_from_tables(result.tables), hit, cached=True)


def set_threads(threads: int | None):
    if threads is not None:
        if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(f"--threads {threads} is out of range; this machine allows 1..{numba.config.NUMBA_NUM_THREADS}")
        numba.set_num_threads(threads)


def simulate(
    game_name: str,
    rules: dict[str, str] | None,
    bots: str | list[str],
    *,
    players: int | None = None,
    games: int = 10_000,
    seed: int = 0,
    threads: int | None = None,
    out: str | Path | None = None,
    records: bool = False,
    cache: bool = True,
    plot: bool = False,
    progress: bool | None = None,
    executor=None,
    isolate: bool = False,
    decision_timeout: float | None = None,
    secret: str | None = None,
) -> Simulation:
    """Play ``games`` games and summarize them (figures with 95% CIs); on
    ``executor`` (`scale_out`) when given, else in-process. ``isolate``:
    competition mode (`sim.isolate`; ``secret`` replays a stored run)."""
    game = get_game(game_name)
    rules_obj = make_rules(game, rules, players)
    seats = game.registry.parse_seats(bots, rules_obj.players)
    if games < 1:
        raise ValueError(f"--games {games} must be at least 1")
    set_threads(threads)
    sealed = isolation(game, isolate, decision_timeout, secret, executor)
    config = {
        "command": "simulate",
        "game": game.name,
        "rules": rules_obj.to_dict(),
        "rules_version": game.rules_cls.VERSION,
        "engine": store.play_fingerprint(game, seats),
        "bots": [s.spec for s in seats],
        "games": games,
        "seed": seed,
        "records": records,
        **({"isolate": sealed.manifest()} if sealed else {}),
    }
    if cache and (hit := _cached(out, config)):
        return hit
    try:
        result = run(
            sealed.spec if sealed else game,
            rules_obj,
            seats,
            games,
            seed,
            keep_batches=records,
            progress=progress,
            executor=executor,
            checkpoint_dir=_checkpoints(out, f"{game.name}-simulate", config),
            engine=config["engine"],
        )
    except Interrupted as stop:
        result = stop.partial
    finally:
        if sealed:
            sealed.close()
    done = result.totals.games
    summary = {
        "games": done,
        "seconds": round(result.seconds, 3),
        "players": rules_obj.players,
        "seed": seed,
        **(game.summary(result.totals, rules_obj, seats) if done else {}),
        **({"isolation": isolation_summary(sealed, seed)} if sealed else {}),
        **completeness(games, done, result.complete),
    }
    if sealed and done:
        forfeits = sealed.forfeits_of(seed)
        for s, row in enumerate(summary["seats"]):
            row["forfeits"] = sum(1 for f in forfeits if f.seat == s)
    path = None
    if out is not None:
        recs = None
        if records and result.complete:  # games are numbered from the batches' order
            specs, first, parts = [s.spec for s in seats], 0, []
            for batch in result.batches:
                parts.append(long_records((sealed.spec if sealed else game).metrics(batch, rules_obj), specs, first))
                first += parts[-1]["game"].nunique()
            # deferred: loads pandas, slow to import (python -X importtime), for this path only
            import pandas as pd

            recs = pd.concat(parts, ignore_index=True)
        path = store.save(
            out,
            f"{game.name}-simulate",
            config,
            summary,
            {**summary_tables(summary), **totals_tables(result.totals)},
            recs,
            result.seconds,
            result.compile_seconds,
            complete=result.complete,
        )
        if result.complete:
            store.clear_chunks(path)  # checkpoints only matter for an unfinished run
        if plot and done:
            plot_simulation(game, rules_obj, seats, result, summary, path)
    return finished(Simulation(summary, result.totals, path, complete=result.complete))


def completeness(requested: int, played: int, complete: bool) -> dict:
    """The marks every summary carries, so a partial result never reads as complete."""
    return {"complete": complete, "games_requested": requested, "games_played": played}


def finished(result: Simulation) -> Simulation:
    """The result, or `Interrupted` carrying it when Ctrl-C cut it short (stored already)."""
    if not result.complete:
        raise Interrupted(result)
    return result


def _checkpoints(out, name: str, config: dict):
    """Where a stored run checkpoints its finished chunks (resumed on rerun)."""
    return None if out is None else store.result_dir(out, name, config)


def summary_tables(summary: dict) -> dict[str, pd.DataFrame]:
    """Every list of records in a summary as a flat table (mean, lo, hi columns),
    its rows numbered as on screen (`records.row_label`: seat 0.., dive 1..)."""
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    tables = {}
    for key, rows in summary.items():
        if isinstance(rows, list) and rows and isinstance(rows[0], dict):
            label, first = row_label(key)
            tables[key] = pd.DataFrame(
                [{label: first + i, **_flatten(r)} if label not in r else _flatten(r) for i, r in enumerate(rows)]
            )
    return tables


def _flatten(row: dict) -> dict:
    flat = {}
    for k, v in row.items():
        if isinstance(v, dict) and "mean" in v:
            flat[k] = v["mean"]
            flat[f"{k}_lo"], flat[f"{k}_hi"] = v["ci95"]
        else:
            flat[k] = v
    return flat


def plot_simulation(game: GameSpec, rules, seats, result: RunResult, summary: dict, path: Path):
    """Score distribution per seat and win share with CIs, next to the results."""
    from sim import plots  # matplotlib: only when plotting

    n = result.totals.games
    what = f"{game.title}, {rules.players} players, {', '.join(s.spec for s in seats)} (n={n:,} games)"
    hists = {
        f"seat {s} {seat.spec}": (range(len(h)), h)
        for s, seat in enumerate(seats)
        if (h := result.totals.hists.get(f"seat{s}.score")) is not None
    }
    paths = []
    if hists:
        paths += plots.distribution(
            {k: (list(v[0]), v[1]) for k, v in hists.items()},
            f"Score distribution per seat — {what}",
            "final score",
            path / "scores",
        )
    shares = [Estimate(r["win_share"]["mean"], *r["win_share"]["ci95"], n) for r in summary["seats"]]
    paths += plots.bars_with_ci(
        [f"seat {s}\n{seat.spec}" for s, seat in enumerate(seats)],
        shares,
        f"Win share with 95% CI — {what}",
        "win share",
        path / "win_share",
        reference_line=1 / rules.players,
        reference_label="1/n",
        xlabel="seat and bot",
    )
    return paths


def tournament(
    game_name: str,
    rules: dict[str, str] | None,
    bots: str | list[str],
    *,
    players: int | None = None,
    games: int = 10_000,
    seed: int = 0,
    threads: int | None = None,
    out: str | Path | None = None,
    cache: bool = True,
    plot: bool = False,
    progress: bool | None = None,
    repeats: bool = False,
    executor=None,
    isolate: bool = False,
    decision_timeout: float | None = None,
    secret: str | None = None,
) -> Simulation:
    """Every group of entrants in every seat order, ``games`` games in all
    (rounded up to whole games per seating), each seating on its own games;
    ranked with CIs. ``repeats``: every multiset of entrants (one may fill
    several seats), so the n-player meta-game is solved too. ``isolate``:
    competition mode (`sim.isolate`; ``secret`` replays a stored run)."""
    game = get_game(game_name)
    rules_obj = make_rules(game, rules, players)
    specs = split_specs(bots) if isinstance(bots, str) else list(bots)
    entrants = [game.registry.parse(s, rules_obj.players) for s in specs]
    names = [e.spec for e in entrants]
    if len(names) < 2:
        raise ValueError(
            f"a tournament needs at least two entrants, got {', '.join(names)}; add one, or use simulate for one bot"
        )
    if len(set(names)) != len(names):
        raise ValueError(f"an entrant is listed twice in {', '.join(names)}; give each spec once")
    if games < 1:
        raise ValueError(f"--games {games} must be at least 1")
    set_threads(threads)
    sealed = isolation(game, isolate, decision_timeout, secret, executor)
    lineups = seatings(len(entrants), rules_obj.players, repeats)
    config = {
        "command": "tournament",
        "game": game.name,
        "rules": rules_obj.to_dict(),
        "rules_version": game.rules_cls.VERSION,
        "engine": store.play_fingerprint(game, entrants),
        "entrants": names,
        "games": games,
        "seed": seed,
        "design": TOURNAMENT_DESIGN,
        **({"repeats": True} if repeats else {}),
        **({"isolate": sealed.manifest()} if sealed else {}),
    }
    if cache and (hit := _cached(out, config)):
        return hit
    try:
        played_game = sealed.spec if sealed else game
        standings, per_seating, seconds, complete = play_tournament(
            played_game, rules_obj, entrants, games, seed, executor=executor, progress=progress, repeats=repeats
        )
    finally:
        if sealed:
            sealed.close()
    played = standings.games
    compile_seconds = 0.0
    summary = {
        "games": played,
        "seconds": round(seconds, 3),
        "players": rules_obj.players,
        "seed": seed,
        "seatings": len(lineups),
        "games_per_seating": per_seating,
        "design": "every group of entrants in every seat order, each seating on its own games",
        **(standings.summary() if complete else {}),  # part of the seatings would not balance the seats
        **({"isolation": isolation_summary(sealed, seed)} if sealed else {}),
        **completeness(per_seating * len(lineups), played, complete),
    }
    if sealed and complete:
        forfeits = sealed.forfeits_of(seed)
        for row in summary["ranking"]:
            row["forfeits"] = sum(1 for f in forfeits if f.bot == row["bot"])
    path = None
    if out is not None and not complete:
        path = store.save(out, f"{game.name}-tournament", config, summary, {}, None, seconds, compile_seconds, complete=False)
    elif out is not None:
        # deferred: loads pandas, slow to import (python -X importtime), for this path only
        import pandas as pd

        tables = {"ranking": pd.DataFrame([_flatten(r) for r in summary["ranking"]])}
        order = [r["bot"] for r in summary["ranking"]]
        tables["head_to_head"] = pd.DataFrame(
            [[None if c is None else c["mean"] for c in row] for row in summary["head_to_head"]], index=order, columns=order
        ).reset_index(names="bot")
        path = store.save(out, f"{game.name}-tournament", config, summary, tables, None, seconds, compile_seconds)
        interrupt.kept(played)  # a rerun takes the stored tournament
        if plot:
            plot_tournament(game, rules_obj, summary, path)
    return finished(Simulation(summary, None, path, complete=complete))


def plot_tournament(game: GameSpec, rules, summary: dict, path: Path):
    """Win share per entrant with CIs and the head-to-head heat map."""
    from sim import plots  # matplotlib: only when plotting

    what = (
        f"{game.title}, {rules.players} players, {summary['seatings']} seatings x "
        f"{summary['games_per_seating']:,} games (n={summary['games']:,})"
    )
    names = [r["bot"] for r in summary["ranking"]]
    shares = [Estimate(r["win_share"]["mean"], *r["win_share"]["ci95"], r["games"]) for r in summary["ranking"]]
    paths = list(
        plots.bars_with_ci(
            names,
            shares,
            f"Tournament win share with 95% CI — {what}",
            "win share",
            path / "win_share",
            reference_line=1 / rules.players,
            reference_label="1/n",
            xlabel="bot",
        )
    )
    matrix = [[float("nan") if c is None else c["mean"] for c in row] for row in summary["head_to_head"]]
    paths += plots.heatmap(
        matrix,
        names,
        names,
        f"Head to head: share of games the row finished ahead of the column — {what}",
        path / "head_to_head",
        cbar_label="share ahead",
        xlabel="column bot",
        ylabel="row bot",
    )
    return paths


def trace(
    game_name: str,
    rules: dict[str, str] | None,
    bots: str | list[str],
    *,
    players: int | None = None,
    seed: int = 0,
    game_index: int = 0,
) -> str:
    """The turn-by-turn log of one game, from the reference engine. A bot that
    fails in it raises a `BotFailure` whose ``trace`` is the log up to there."""
    game = get_game(game_name)
    rules_obj = make_rules(game, rules, players)
    seats = game.registry.parse_seats(bots, rules_obj.players)
    lines: list[str] = []
    failure = botdebug.replay(game, rules_obj, seats, seed, game_index, lines.append)
    text = "\n".join(lines) + "\n"
    if failure is not None:
        failure.trace = text
        raise failure
    interrupt.chunk_finished(1)  # a trace is a chunk of one game
    return text
