"""Command line: a thin view on sim.api. Each command parses, calls, prints."""

from __future__ import annotations

import importlib
import json
import math
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

import sim
from sim import bot_listing, deprecation
from sim.cli_bots import bots_option
from sim.cli_common import (
    BOT_FILE,
    DECISION_TIMEOUT,
    ISOLATE,
    MAX_GAMES,
    PLAYERS,
    SCHEDULER,
    SEED,
    WORKERS,
    OneLineErrors,
    bot_file_everywhere,
    emit,
    game_help,
    lazy,
    needs_out,
    out,
    pct,
    print_isolation,
    print_summary,
    reflow_help,
    rules_option,
    user_errors,
    writable_dir,
)
from sim.games import GAMES, get_game, package

api, botdebug, store = lazy("sim.api"), lazy("sim.botdebug"), lazy("sim.store")

DEBUG = typer.Option(
    False,
    "--debug",
    help="When a bot fails: also show its own Python traceback (the failing game replayed with pure Python bots).",
)

ABOUT = "Monte Carlo strategy simulator for " + ", ".join(package(name).TITLE for name in GAMES) + "."

#: The command families any game may take by naming them in its spec's ``offers``:
#: each module's ``register(sub, game_name)`` adds them to ``sim <game>``.
GENERIC_COMMANDS = {"strong": "sim.strong.commands", "design": "sim.design.commands", "play": "sim.play.commands"}

app = typer.Typer(
    cls=OneLineErrors,
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    help=ABOUT,
)


def print_version(value: bool):
    if value:
        print(f"deepsim {sim.__version__}")
        raise typer.Exit()


@app.callback()
def options(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=print_version, help="Print the version and exit."),
):
    """Monte Carlo strategy simulator (see ``sim --help`` for its games)."""


results_app = typer.Typer(no_args_is_help=True, help="Read stored results back.")
app.add_typer(results_app, name="results")


def print_tournament(title: str, summary: dict):
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim.report_terminal import print_table

    s = summary
    if s.get("complete") is False:
        out.print(
            f"[bold yellow]PARTIAL RESULT[/bold yellow]: {title} tournament interrupted after "
            f"{s['games_played']:,} of {s['games_requested']:,} games ({s['seatings']} seatings); "
            "no ranking, as part of the seatings would not balance the seats"
        )
        return
    out.print(
        f"[bold]{title} tournament[/bold] — {s['seatings']} seatings × {s['games_per_seating']:,} games, "
        f"n = {s['games']:,} games in all, "
        f"seed {s['seed']}, {s['seconds']:.2f} s (figures: mean [95% CI])"
    )
    ranking = s["ranking"]
    print_table(
        [
            {"rank": i + 1, **{col: pct(v) if isinstance(v, dict) else v for col, v in row.items()}}
            for i, row in enumerate(ranking)
        ],
        out,
        title="ranking",
    )
    names = [row["bot"] for row in ranking]
    h2h = [
        {"row bot": name, **{c: math.nan if cell is None else round(cell["mean"], 3) for c, cell in zip(names, cells)}}
        for name, cells in zip(names, s["head_to_head"])
    ]
    print_table(h2h, out, title="head to head: share of games the row bot finished ahead of the column bot")
    game = s.get("meta_game", {}).get("n_player", {})  # stores written before the n-player game lack it
    if game.get("computed"):
        out.print(
            f"{game['solves']}: equilibrium "
            + ", ".join(
                f"{b} {x:.3f} [{game['ci95'][b][0]:.3f}, {game['ci95'][b][1]:.3f}]"
                for b, x in game["equilibrium"].items()
                if x > 0 or game["support_share"][b] > 0
            )
            + f" (95% CI from resampled games; regret {game['regret']:.1g})"
        )


def game_app(name: str, title: str, game=None) -> typer.Typer:
    """The commands every game has (simulate, tournament, trace, bots); with
    the game's spec, also the generic families it ``offers`` and its own
    commands (its ``commands`` package's `register`)."""
    sub = typer.Typer(no_args_is_help=True, help=f"{title}: simulate, trace, list bots.")
    BOTS = bots_option(name, f"The bot of every seat, or one per seat in seat order (e.g. {game_help(name).bots})")
    RULES = rules_option(name)

    @sub.command(help=f"Play a batch of games; print per-seat and {game_help(name).per_round} figures with 95% CIs.")
    def simulate(
        players: Optional[int] = PLAYERS,
        bots: str = BOTS,
        games: int = typer.Option(10_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games to play."),
        seed: int = SEED,
        threads: Optional[int] = typer.Option(None, "--threads", "-t", min=1, help="Numba threads (default: all cores)."),
        rules: Optional[List[str]] = RULES,
        as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object on stdout."),
        out_dir: Optional[Path] = typer.Option(
            None, "--out", "-o", callback=writable_dir, help="Store results (Parquet + manifest) under this directory."
        ),
        records: bool = typer.Option(False, "--records", help="With --out: also store per-game records."),
        no_cache: bool = typer.Option(False, "--no-cache", help="Recompute even if --out holds this exact run."),
        plot: bool = typer.Option(False, "--plot", help="With --out: write PNG and SVG plots next to the results."),
        bot_file: Optional[List[Path]] = BOT_FILE,
        isolate: bool = ISOLATE,
        decision_timeout: float = DECISION_TIMEOUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        debug: bool = DEBUG,
    ):

        def show(result: api.Simulation):
            emit(result.summary, as_json, f"{title}{' (cached)' if result.cached else ''}", result.path)
            if not as_json:
                print_isolation(result.summary)

        with user_errors(out_dir=out_dir, stores=True, show=show), botdebug.shown(api.get_game(name), debug):
            api.load_bot_files([str(p) for p in bot_file or []], isolate=isolate)
            needs_out("--plot", plot, out_dir)
            needs_out("--records", records, out_dir)
            with api.scale_out(scheduler, workers) as executor:
                result = api.simulate(
                    name,
                    api.parse_rules(rules),
                    bots,
                    players=players,
                    games=games,
                    seed=seed,
                    threads=threads,
                    out=out_dir,
                    records=records,
                    cache=not no_cache,
                    plot=plot,
                    executor=executor,
                    isolate=isolate,
                    decision_timeout=decision_timeout,
                )
        show(result)

    @sub.command()
    def tournament(
        bots: str = bots_option(name, "Entrants (at least two; the same family may enter with different parameters)"),
        players: Optional[int] = PLAYERS,
        games: int = typer.Option(
            10_000,
            "--games",
            "-g",
            min=1,
            max=MAX_GAMES,
            help="Games in all, spread evenly over the seatings (rounded up to "
            "whole games per seating; each seating plays its own games).",
        ),
        seed: int = SEED,
        threads: Optional[int] = typer.Option(None, "--threads", "-t", min=1, help="Numba threads."),
        rules: Optional[List[str]] = RULES,
        as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
        out_dir: Optional[Path] = typer.Option(
            None, "--out", "-o", callback=writable_dir, help="Store results under this directory."
        ),
        no_cache: bool = typer.Option(False, "--no-cache", help="Recompute even if stored."),
        plot: bool = typer.Option(False, "--plot", help="With --out: win shares and head-to-head heat map."),
        repeats: bool = typer.Option(
            False,
            "--repeats",
            help="Also lineups where an entrant fills several seats (every multiset), to solve the n-player meta-game.",
        ),
        bot_file: Optional[List[Path]] = BOT_FILE,
        isolate: bool = ISOLATE,
        decision_timeout: float = DECISION_TIMEOUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        debug: bool = DEBUG,
    ):
        """Every group of entrants in every seat order; ranked table and head-to-head matrix."""

        def show(result: api.Simulation):
            if as_json:
                print(json.dumps(result.summary))
                return
            print_tournament(title, result.summary)
            print_isolation(result.summary)
            if result.path:
                out.print(f"stored in {result.path}")

        with user_errors(out_dir=out_dir, stores=True, show=show), botdebug.shown(api.get_game(name), debug):
            api.load_bot_files([str(p) for p in bot_file or []], isolate=isolate)
            needs_out("--plot", plot, out_dir)
            with api.scale_out(scheduler, workers) as executor:
                result = api.tournament(
                    name,
                    api.parse_rules(rules),
                    bots,
                    players=players,
                    games=games,
                    seed=seed,
                    threads=threads,
                    out=out_dir,
                    cache=not no_cache,
                    plot=plot,
                    repeats=repeats,
                    executor=executor,
                    isolate=isolate,
                    decision_timeout=decision_timeout,
                )
        show(result)

    @sub.command()
    def trace(
        seed: int = SEED,
        players: Optional[int] = PLAYERS,
        bots: str = BOTS,
        game: int = typer.Option(0, "--game", min=0, max=2**63 - 1, help="Game index within the seed's stream."),
        rules: Optional[List[str]] = RULES,
        bot_file: Optional[List[Path]] = BOT_FILE,
        debug: bool = DEBUG,
    ):
        """Print one game turn by turn (reference engine, same stream as simulate); a bot
        that fails stops it with the turns before the failure printed."""
        with user_errors(), botdebug.shown(api.get_game(name), debug):
            api.load_bot_files([str(p) for p in bot_file or []])
            text = api.trace(name, api.parse_rules(rules), bots, players=players, seed=seed, game_index=game)
        sys.stdout.write(text)

    @sub.command("bots")
    def list_bots(
        bot_file: Optional[List[Path]] = BOT_FILE,
        as_json: bool = typer.Option(False, "--json", help="Print the bots as one JSON object."),
    ):
        """List every registered bot with its parameters, ranges and rule.

        Trust model: a bot file is trusted code, like a pytest plugin: it runs
        in this process. In-process play is sealed against mistakes (writes,
        out-of-bounds reads, object mode: refused by every command alike), not
        against an author who means to cheat. For bots from people you do not
        trust, play them with --isolate (simulate, tournament, play, serve): each in a
        process of its own that sees only its seat's view. See
        docs/concepts/trust-model.md.
        """
        with user_errors():
            if bot_file:  # loading sim.api only then keeps `bots` instant
                api.load_bot_files([str(p) for p in bot_file])
                bots = bot_listing.describe(get_game(name).registry)
            else:
                bots = bot_listing.listing(name)
        if as_json:
            print(json.dumps({"game": name, "bots": bots}))
            return
        table = Table(title=f"{title} bots", show_lines=True)
        for col in ("name", "parameters (default, range)", "rule"):
            table.add_column(col)
        for bot in bots:
            params = "\n".join(f"{p['name']}={p['default']:g} [{p['low']:g}, {p['high']:g}]" for p in bot["params"]) or "-"
            name_cell = f"{bot['name']}\n(slow)" if bot.get("slow") else bot["name"]
            table.add_row(name_cell, params, escape(bot["doc"]))
        out.print(table)

    @sub.command("check-bot")
    def check_bot(
        file: Path = typer.Argument(..., help="A Python file that registers one or more bots of this game."),
        players: Optional[int] = PLAYERS,
        games: int = typer.Option(12, "--games", "-g", min=1, max=10_000, help="Games per seat, on each engine."),
    ):
        """Run the bot contract (`sim.testing`) on every bot a file registers: legal actions only, a sealed
        view, the same decisions for the same seed on both engines, parameters respected. Prints what
        fails; exit 1 when anything does, 0 when every bot passes."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim import testing

        with user_errors():
            api.make_rules(get_game(name), {}, players)  # a bad player count is refused before the file is read
            registry = get_game(name).registry
            before = set(registry.names())
            api.load_bot_files([str(file)])
            added = sorted(set(registry.names()) - before)
            if not added:
                raise ValueError(f"{file} registers no {title} bot; it must call the {name} registry's register")
            results = {bot: testing.check_bot(name, bot, players=players, games=games) for bot in added}
        for bot, failures in results.items():
            if failures:
                out.print(f"[red]FAIL[/red] {escape(bot)}: {len(failures)} check(s) failed")
                for line in failures:
                    out.print(f"  - {escape(line)}", soft_wrap=True)
            else:
                out.print(f"[green]PASS[/green] {escape(bot)}: legal actions, sealed view, same seed same decisions, parameters")
        if any(results.values()):
            raise typer.Exit(1)

    if game is not None:
        for family in game.offers:
            importlib.import_module(GENERIC_COMMANDS[family]).register(sub, name)
        if game.commands:
            importlib.import_module(game.commands).register(sub)
    return sub


class GameGroup(TyperGroup):
    """``sim <game>``: its commands are built on first use, so `sim --help`
    loads no game (engines, bots, numba), and a command every game has
    (`sim <game> bots`, `simulate`) none of the game's analysis modules."""

    def _group(self, own: bool):
        built = self.__dict__.setdefault("_built", {})
        if own not in built:
            if own:
                game = get_game(self.name)
                app = game_app(self.name, game.title, game)
            else:  # the common commands need the title only: the engine loads when one runs
                app = game_app(self.name, package(self.name).TITLE)
            built[own] = typer.main.get_group(app)
            bot_file_everywhere(built[own])
            reflow_help(built[own])
        return built[own]

    def list_commands(self, ctx):
        return self._group(True).list_commands(ctx)

    def get_command(self, ctx, cmd_name):
        return self._group(False).get_command(ctx, cmd_name) or self._group(True).get_command(ctx, cmd_name)


for _name in GAMES:
    _about = package(_name).__doc__.strip().splitlines()[0]
    app.add_typer(typer.Typer(cls=GameGroup, no_args_is_help=True, help=_about), name=_name)


@results_app.command("list")
def results_list(
    directory: Path = typer.Argument(..., help="A directory given to --out."),
    as_json: bool = typer.Option(False, "--json", help="Print the list as one JSON object."),
):
    """One line per stored result."""
    with user_errors():
        df = store.list_results(directory)
    if as_json:
        print(json.dumps({"results": json.loads(df.to_json(orient="records", default_handler=str))}))
        return
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim.report_terminal import print_table

    out.print(f"results in {directory} (the key is in each path; --json for all of it)", highlight=False)
    if df.empty:
        out.print(f"no stored result in {directory}; give a directory a command wrote with --out", highlight=False)
        return
    print_table(df.drop(columns="key", errors="ignore"), out)  # full paths, never cut: long ones get a legend line each


@results_app.command("show")
def results_show(
    path: Path = typer.Argument(..., help="A result directory (see `sim results list`)."),
    as_json: bool = typer.Option(False, "--json", help="Print the stored summary as JSON."),
):
    """Print a stored result's summary."""
    with user_errors():
        result = store.load(path)
    if as_json:
        print(json.dumps(result.summary))
        return
    cfg = result.manifest.get("config", {})
    out.print(
        f"{path}: {cfg.get('command', '?')} of {cfg.get('game', '?')}, "
        f"{'entrants' if 'entrants' in cfg else 'bots'} {', '.join(cfg.get('entrants') or cfg.get('bots') or ['-'])}, "
        f"rules version {cfg.get('rules_version')}, commit {result.manifest.get('git_commit')}"
        + ("" if result.complete else " [yellow](incomplete: interrupted)[/yellow]")
    )
    if "games" in result.summary:
        print_summary(cfg.get("game", "result"), result.summary)


def main():
    deprecation.show_for_bot_files()
    app()
