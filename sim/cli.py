"""Command line: a thin view on sim.api. Each command parses, calls, prints."""
from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.markup import escape
from rich.table import Table

from sim import api, store
from sim.cli_common import (BOT_FILE, BOTS, EXIT_INTERRUPTED, PLAYERS, RULES, SCHEDULER, SEED,
                            WORKERS, out, pct, print_summary, user_errors)

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="markdown",
                  help="Monte Carlo strategy simulator for Geteilte Luft and Land unter.")
results_app = typer.Typer(no_args_is_help=True, help="Read stored results back.")
app.add_typer(results_app, name="results")
def print_tournament(title: str, summary: dict):
    s = summary
    out.print(f"[bold]{title} tournament[/bold] — {s['seatings']} seatings × {s['games_per_seating']:,} games, n = {s['games']:,} games in all, "
              f"seed {s['seed']}, {s['seconds']:.2f} s (figures: mean [95% CI])")
    ranking = s["ranking"]
    table = Table(title="ranking")
    table.add_column("rank", justify="right")
    for col in ranking[0]:
        table.add_column(col.replace("_", " "), justify="right")
    for i, row in enumerate(ranking):
        table.add_row(str(i + 1), *[pct(v) if isinstance(v, dict) else str(v) for v in row.values()])
    out.print(table)
    h2h = Table(title="head to head: share of games the row finished ahead of the column")
    h2h.add_column("")
    for row in ranking:
        h2h.add_column(row["bot"], justify="right")
    for row, cells in zip(ranking, s["head_to_head"]):
        h2h.add_row(row["bot"], *["-" if c is None else f"{c['mean']:.3f}" for c in cells])
    out.print(h2h)


def game_app(name: str, title: str) -> typer.Typer:
    """The commands every game has: simulate, trace, bots."""
    sub = typer.Typer(no_args_is_help=True, help=f"{title}: simulate, trace, list bots.")

    @sub.command()
    def simulate(players: Optional[int] = PLAYERS, bots: str = BOTS,
                 games: int = typer.Option(10_000, "--games", "-g", help="Games to play."),
                 seed: int = SEED,
                 threads: Optional[int] = typer.Option(None, "--threads", "-t", help="Numba threads (default: all cores)."),
                 rules: Optional[List[str]] = RULES,
                 as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object on stdout."),
                 out_dir: Optional[Path] = typer.Option(None, "--out", "-o", help="Store results (Parquet + manifest) under this directory."),
                 records: bool = typer.Option(False, "--records", help="With --out: also store per-game records."),
                 no_cache: bool = typer.Option(False, "--no-cache", help="Recompute even if --out holds this exact run."),
                 plot: bool = typer.Option(False, "--plot", help="With --out: write PNG and SVG plots next to the results."),
                 bot_file: Optional[List[Path]] = BOT_FILE,
                 scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS):
        """Play a batch of games; print per-seat and per-dive (Land unter: per-deal) figures with 95% CIs."""
        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            if plot and out_dir is None:
                raise ValueError("--plot needs --out DIR to write the plots to")
            with api.scale_out(scheduler, workers):
                result = api.simulate(name, api.parse_rules(rules), bots, players=players, games=games,
                                      seed=seed, threads=threads, out=out_dir, records=records,
                                      cache=not no_cache, plot=plot)
        if as_json:
            print(json.dumps(result.summary))
        else:
            print_summary(f"{title}{' (cached)' if result.cached else ''}", result.summary)
            if result.path:
                out.print(f"stored in {result.path}")
        if not result.complete:
            raise typer.Exit(EXIT_INTERRUPTED)

    @sub.command()
    def tournament(bots: str = typer.Option(..., "--bots", "-b", help="Entrants, comma-separated; "
                                            "the same family may enter with different parameters."),
                   players: Optional[int] = PLAYERS,
                   games: int = typer.Option(10_000, "--games", "-g", help="Games in all, spread evenly over the seatings "
                                                  "(rounded up to whole games per seating; each seating plays its own games)."),
                   seed: int = SEED,
                   threads: Optional[int] = typer.Option(None, "--threads", "-t", help="Numba threads."),
                   rules: Optional[List[str]] = RULES,
                   as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
                   out_dir: Optional[Path] = typer.Option(None, "--out", "-o", help="Store results under this directory."),
                   no_cache: bool = typer.Option(False, "--no-cache", help="Recompute even if stored."),
                   plot: bool = typer.Option(False, "--plot", help="With --out: win shares and head-to-head heat map."),
                   bot_file: Optional[List[Path]] = BOT_FILE,
                   scheduler: Optional[str] = SCHEDULER, workers: Optional[int] = WORKERS):
        """Every group of entrants in every seat order; ranked table and head-to-head matrix."""
        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            if plot and out_dir is None:
                raise ValueError("--plot needs --out DIR to write the plots to")
            with api.scale_out(scheduler, workers):
                result = api.tournament(name, api.parse_rules(rules), bots, players=players, games=games,
                                        seed=seed, threads=threads, out=out_dir, cache=not no_cache,
                                        plot=plot)
        if as_json:
            print(json.dumps(result.summary))
        else:
            print_tournament(title, result.summary)
            if result.path:
                out.print(f"stored in {result.path}")
        if not result.complete:
            raise typer.Exit(EXIT_INTERRUPTED)

    @sub.command()
    def trace(seed: int = SEED, players: Optional[int] = PLAYERS, bots: str = BOTS,
              game: int = typer.Option(0, "--game", help="Game index within the seed's stream."),
              rules: Optional[List[str]] = RULES, bot_file: Optional[List[Path]] = BOT_FILE):
        """Print one game turn by turn (reference engine, same stream as simulate)."""
        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            text = api.trace(name, api.parse_rules(rules), bots, players=players, seed=seed,
                             game_index=game)
        sys.stdout.write(text)

    @sub.command("bots")
    def list_bots(bot_file: Optional[List[Path]] = BOT_FILE,
                  as_json: bool = typer.Option(False, "--json", help="Print the bots as one JSON object.")):
        """List every registered bot with its parameters, ranges and rule."""
        with user_errors():
            api.load_bot_files([str(p) for p in bot_file or []])
            registry = api.get_game(name).registry
        if as_json:
            print(json.dumps({"game": name, "bots": [
                {"name": b.name, "doc": b.doc, "params": [
                    {"name": p.name, "default": p.default, "low": p.low, "high": p.high, "integer": p.integer}
                    for p in b.params]} for b in map(registry.get, registry.names())]}))
            return
        table = Table(title=f"{title} bots", show_lines=True)
        for col in ("name", "parameters (default, range)", "rule"):
            table.add_column(col)
        for bot_name in registry.names():
            bot = registry.get(bot_name)
            params = "\n".join(f"{p.name}={p.default:g} [{p.low:g}, {p.high:g}]" for p in bot.params) or "-"
            table.add_row(bot.name, params, escape(bot.doc))
        out.print(table)

    return sub


for _name, _title in (("luft", "Geteilte Luft"), ("landunter", "Land unter")):
    _sub = game_app(_name, _title)
    try:        # a game's own analysis commands, from its folder
        importlib.import_module(api.GAMES[_name] + ".commands").register(_sub)
    except ModuleNotFoundError as e:
        if e.name != api.GAMES[_name] + ".commands":
            raise
    app.add_typer(_sub, name=_name)


@results_app.command("list")
def results_list(directory: Path = typer.Argument(..., help="A directory given to --out."),
                 as_json: bool = typer.Option(False, "--json", help="Print the list as one JSON object.")):
    """One line per stored result."""
    with user_errors():
        df = store.list_results(directory)
    if as_json:
        print(json.dumps({"results": json.loads(df.to_json(orient="records", default_handler=str))}))
        return
    table = Table(title=f"results in {directory}")
    for col in df.columns:
        table.add_column(str(col))
    for row in df.itertuples(index=False):
        table.add_row(*[str(x) for x in row])
    out.print(table)


@results_app.command("show")
def results_show(path: Path = typer.Argument(..., help="A result directory (see `sim results list`)."),
                 as_json: bool = typer.Option(False, "--json", help="Print the stored summary as JSON.")):
    """Print a stored result's summary."""
    with user_errors():
        result = store.load(path)
    if as_json:
        print(json.dumps(result.summary))
        return
    cfg = result.manifest.get("config", {})
    out.print(f"{path}: {cfg.get('command', '?')} of {cfg.get('game', '?')}, bots {cfg.get('bots')}, "
              f"rules version {cfg.get('rules_version')}, commit {result.manifest.get('git_commit')}"
              + ("" if result.complete else " [yellow](incomplete: interrupted)[/yellow]"))
    if "games" in result.summary:
        print_summary(cfg.get("game", "result"), result.summary)


def main():
    app()
