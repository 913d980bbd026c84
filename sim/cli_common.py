"""What every command shares: option definitions, error handling, tables."""

from __future__ import annotations

import copy
import importlib
import importlib.util
import json
import os
import pkgutil
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import List, Optional

import typer
import typer.main
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup, TyperOption

from sim import interrupt
from sim.game import game_help as package_help
from sim.games import GAMES


class _Console(Console):
    """rich's console, but a reader that goes away (`sim … | head`) ends the
    command normally: exit 0, no message (rich exits 1)."""

    def on_broken_pipe(self) -> None:
        if self.quiet:
            return
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more reaches the closed pipe
        raise SystemExit(0)


out = _Console()  # as wide as the terminal (or $COLUMNS); 80 when not a terminal
err = _Console(stderr=True)

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def lazy(name: str):
    """Module ``name``, run on first attribute access (importlib's LazyLoader):
    the commands name `sim.api` at the top, yet `sim --help` and `sim luft
    bots` never load what it imports (numba kernels, pandas, scipy)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _no_type_for_flags():
    """typer 0.29 lists a flag as ``--json <bool>`` (``--help`` too), as if it
    took a value; a flag takes none, so its help shows no type."""
    shown = TyperOption.display_type_rich
    TyperOption.display_type_rich = lambda self, ctx: None if self.is_flag else shown(self, ctx)


_no_type_for_flags()


_ARGS: list[str] = []  # the command line being run (--bot-file's eager callback must know of --isolate)


class OneLineErrors(TyperGroup):
    """The top-level command group: a usage error typer would draw as a panel
    (bad option value, unknown option, missing option) is one ``error:`` line
    too, with exit code 2."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        _ARGS[:] = list(sys.argv[1:] if args is None else args)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except SystemExit as e:
            if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
                sys.exit(0)  # click's answer to a closed pipe (`sim … | head`): a normal end, no message
            raise
        except typer.TyperException as e:  # typer's own click: usage errors
            if type(e).__name__ != "NoArgsIsHelpError":  # that one printed the help
                error(f"{e.format_message()} (see {_help_of(e)})")
            sys.exit(e.exit_code)
        except typer.Abort:
            sys.exit(EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)


def _help_of(e: typer.TyperException) -> str:
    ctx = getattr(e, "ctx", None)
    return f"{ctx.command_path} --help" if ctx is not None else "sim --help"


def error(message: str) -> None:
    """The one error style: ``error: …`` on stderr, one line."""
    err.print(Text.assemble(("error:", "red"), " ", " ".join(str(message).split())), soft_wrap=True, highlight=False)


@contextmanager
def user_errors(*, out_dir=None, stores: bool = False, as_json: bool = False, show=None):
    """Every command runs inside this: bad input becomes one ``error:`` line and
    exit code 2, never a traceback; Ctrl-C (`sim.interrupt`) exit code 130
    after one line saying what was kept and how to resume.

    stores: the command can keep finished work with --out (``out_dir``).
    show: prints the command's own partial result (simulate, tournament);
    without it an interrupted command prints no result (``--json``: only the
    completeness marks), so no partial analysis reads as complete."""
    interrupt.start()
    try:
        yield
    except BrokenPipeError:  # the reader went away (`| head`): not the user's error
        raise
    except (ValueError, KeyError, OverflowError) as e:
        error(e.args[0] if isinstance(e, KeyError) and e.args else e)
        raise typer.Exit(EXIT_USAGE)
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        error(f"{where}{e.strerror or e}; check the path and its permissions")
        raise typer.Exit(EXIT_USAGE)
    except KeyboardInterrupt as e:
        partial = getattr(e, "partial", None)
        if show is not None and partial is not None:
            show(partial)
        elif as_json:
            print(json.dumps({"complete": False, "games_requested": None, "games_played": interrupt.games_played()}))
        err.print(
            interrupted_line(partial if show is not None else None, out_dir, stores),
            soft_wrap=True,
            highlight=False,
            markup=False,
        )
        raise typer.Exit(EXIT_INTERRUPTED)


@contextmanager
def analysis(out_dir, as_json: bool, scheduler, workers):
    """An analysis command's run: errors and Ctrl-C as everywhere (its finished
    configurations are kept under --out); yields the executor of the cluster
    asked for (None: in-process), for the analysis to pass on."""
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim import api

    with user_errors(out_dir=out_dir, stores=True, as_json=as_json), api.scale_out(scheduler, workers) as executor:
        yield executor


def interrupted_line(partial, out_dir, stores: bool) -> str:
    """What Ctrl-C kept and how to resume, in one line."""
    if partial is not None:
        s = partial.summary
        done = f"{s['games_played']:,} of {s['games_requested']:,} games"
        if partial.path is not None:
            return f"interrupted: kept {done} in {partial.path} (marked incomplete); run the same command again to finish"
        return f"interrupted after {done}; nothing was kept (give --out DIR to keep finished games and resume)"
    played = f"{interrupt.games_played():,} games"
    if out_dir is not None and stores:
        kept = interrupt.games_kept()
        if kept:
            return (
                f"interrupted after {played}: no report was written; {kept:,} finished games are kept under "
                f"{out_dir}; run the same command again to resume"
            )
        return (
            f"interrupted after {played}: no report was written and nothing was kept under {out_dir}; "
            "run the same command again to start over"
        )
    return f"interrupted after {played}; nothing was kept" + (
        " (give --out DIR to keep finished work and resume)" if stores else ""
    )


def writable_dir(value: Path | None) -> Path | None:
    """--out: a directory, created if missing, checked before any game is played."""
    if value is None:
        return None
    if value.exists() and not value.is_dir():
        raise typer.BadParameter(f"{value} is a file; give a directory (it is created if missing)")
    try:
        value.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise typer.BadParameter(f"cannot create the directory {value}: {e.strerror or e}") from None
    if not os.access(value, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"{value} is not writable; give a directory you can write to")
    return value


def address(value: str | None) -> str | None:
    if value is not None and not value.strip():
        raise typer.BadParameter("give the scheduler's address, e.g. tcp://host:8786")
    return value


def fraction(value: float) -> float:
    """A significance level: strictly between 0 and 1."""
    if not 0 < value < 1:
        raise typer.BadParameter(f"{value} must lie strictly between 0 and 1, e.g. 0.05")
    return value


#: More games than anyone can play (about 30 years at 10^6 games/s); larger
#: counts would overflow the game indices of the random streams.
MAX_GAMES = 10**15
SCHEDULER = typer.Option(None, "--scheduler", callback=address, help="Run the chunks on this Dask scheduler (tcp://host:8786).")
WORKERS = typer.Option(
    None,
    "--workers",
    min=1,
    max=os.cpu_count() or 1,
    help="Run the chunks on a local Dask cluster of N worker processes (at most one per core).",
)
ALPHA = typer.Option(0.05, "--alpha", callback=fraction, help="Family-wise significance level (Bonferroni).")

# Options shared by the game commands
PLAYERS = typer.Option(None, "--players", "-n", help="Number of players (default: the rules' players).")
SEED = typer.Option(
    0, "--seed", "-s", min=0, max=2**64 - 1, help="Master seed (0 to 2^64 - 1); game i draws from stream (seed, i)."
)


def game_help(game: str):
    """The game's own help examples (`sim.game.GameHelp`), read without loading its engine."""
    return package_help(GAMES[game])


def rules_option(game: str):
    examples = game_help(game)
    return typer.Option(
        None,
        "--rules",
        "-r",
        help="Rule options as key=value (repeatable or comma-separated): "
        f"{examples.rules} …; every key with its default and values is in {examples.rules_doc}.",
    )


def load_bot_files(files: Optional[List[Path]]) -> Optional[List[Path]]:
    """--bot-file, read before every other option (eager), so that each option
    naming bots (--bots, --field, --families, --start, --strong, --weak) knows
    the file's bots in every command."""
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim.registry import load_bot_file

    if "--isolate" in _ARGS:  # competition mode: the files are read in subprocesses, never imported here
        return files
    for path in files or []:
        try:
            load_bot_file(path)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None
    return files


BOT_FILE = typer.Option(
    None,
    "--bot-file",
    callback=load_bot_files,
    is_eager=True,
    help="A Python file that registers extra bots (repeatable); they can sit wherever a bot is named.",
)


def bot_file_everywhere(group) -> None:
    """Give every command of a game's click ``group`` the one --bot-file
    option: a command that seats bots knows a user's bots without declaring
    the option itself (the files are loaded by the option, the command never
    sees it)."""

    holder = typer.Typer()
    holder.command()(_with_bot_file)
    shared = next(p for p in typer.main.get_command(holder).params if p.name == "bot_file")
    for command in group.commands.values():
        if all(p.name != "bot_file" for p in command.params):
            param = copy.copy(shared)
            param.expose_value = False
            command.params.append(param)


def reflow(text: str | None) -> str | None:
    """A docstring's paragraphs as one line each (list items stay lines of
    their own), so the help wraps to the terminal instead of keeping the
    source's line breaks."""
    if not text:
        return text
    paragraphs = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines: list[str] = []
        for line in (part.strip() for part in block.splitlines()):
            if lines and not re.match(r"([*-]|\d+\.)\s", line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def reflow_help(group) -> None:
    """Every command's help in ``group`` reflowed (`reflow`)."""
    for command in group.commands.values():
        command.help = reflow(command.help)


def _with_bot_file(bot_file: Optional[List[Path]] = BOT_FILE):
    """A command holding only --bot-file, whose click option `bot_file_everywhere` copies."""


ISOLATE = typer.Option(
    False,
    "--isolate",
    help="Competition mode: run every bot from a --bot-file in a process of its own that sees only its seat's "
    "view, with streams keyed by a run secret kept in the manifest (docs/concepts/trust-model.md).",
)
DECISION_TIMEOUT = typer.Option(
    5.0, "--decision-timeout", min=0.001, help="With --isolate: seconds a bot may take per decision before it forfeits the game."
)


def pct(fig: dict) -> str:
    """A figure as ``mean [lo, hi]``; three decimals below 10, two above."""
    m, (lo, hi) = fig["mean"], fig["ci95"]
    if m is None:
        return "n/a"
    d = 3 if abs(m) < 10 else 2
    return f"{m:.{d}f} [{lo:.{d}f}, {hi:.{d}f}]"


def print_summary(title: str, summary: dict):
    """Every list of records in the summary as a table fitted to the terminal; figures with CIs."""
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim.records import row_label
    from sim.report_terminal import print_table

    partial_mark(summary)
    out.print(
        f"[bold]{title}[/bold] — n = {summary['games']:,} games, seed {summary['seed']}, "
        f"{summary['seconds']:.2f} s (figures: mean [95% CI])"
    )
    for key, rows in summary.items():
        if not (isinstance(rows, list) and rows and isinstance(rows[0], dict)):
            continue
        index, first = row_label(key)
        table = [
            {index: first + i, **{col: pct(v) if isinstance(v, dict) else v for col, v in row.items()}}
            for i, row in enumerate(rows)
        ]
        print_table(table, out, title=key)


def needs_out(option: str, given: bool, out_dir) -> None:
    """A flag that only means something with --out is an error without it."""
    if given and out_dir is None:
        raise ValueError(f"{option} needs --out DIR to write to; add --out DIR or drop {option}")


def partial_mark(summary: dict) -> None:
    """A partial result's first line says so."""
    if summary.get("complete") is False:
        out.print(
            f"[bold yellow]PARTIAL RESULT[/bold yellow]: interrupted after {summary['games_played']:,} "
            f"of {summary['games_requested']:,} games; the figures cover the finished games only"
        )


def emit(summary: dict, as_json: bool, title: str, path=None):
    """Print a summary as JSON (stdout, one object) or as tables."""
    if as_json:
        print(json.dumps(summary))
    else:
        print_summary(title, summary)
        if path:
            out.print(f"stored in {path}")


# Options shared by the analysis commands
OUT = typer.Option(
    None, "--out", "-o", callback=writable_dir, help="Write tables (Parquet + CSV), plots (PNG + SVG) and report.md here."
)
JSON = typer.Option(False, "--json", help="Print the summary as one JSON object on stdout.")


def finish(summary: dict, as_json: bool, out_dir, reports):
    """An analysis's output: its JSON summary, or its reports drawn for the terminal."""
    # deferred: `sim --help` loads no command's code (python -X importtime)
    from sim.report_terminal import show as show_report

    if as_json:
        print(json.dumps(summary))
        return
    for report in reports:
        show_report(report, out)
    if out_dir is not None:
        out.print(f"report, tables and plots in {out_dir}", highlight=False, soft_wrap=True)


def player_list(text: str, low: int, high: int, option: str = "--players") -> list[int]:
    """One syntax for player counts in every command: ``3``, ``2,3,4`` or the
    range ``2..6`` (``2-6``, the older spelling, still reads); each count in
    low..high, none twice."""
    example = f"give one count ({low}), a list ({low},{low + 1}) or a range ({low}..{high})"
    values: list[int] = []
    try:
        for part in (p.strip() for p in text.split(",")):
            lo, dots, hi = part.partition("..")
            if not dots and "-" in part.lstrip("-"):
                lo, _, hi = part.partition("-")
                dots = ".."
            values += range(int(lo), int(hi) + 1) if dots else [int(part)]
    except ValueError:
        raise ValueError(f"{option} {text!r} is not a player count; {example}") from None
    if not values:
        raise ValueError(f"{option} {text!r} names no player count (a range runs low..high); {example}")
    bad = [v for v in values if not low <= v <= high]
    if bad:
        raise ValueError(f"{option} {text!r}: player counts must lie in {low}..{high}; {example}")
    twice = sorted({v for v in values if values.count(v) > 1})
    if twice:
        raise ValueError(f"{option} {text!r} names {', '.join(map(str, twice))} twice; give each count once")
    return values


def players_option(default: str, low: int, high: int, note: str = ""):
    """--players of a command that runs several player counts (see `player_list`)."""
    return typer.Option(
        default,
        "--players",
        "-n",
        help=f"Player counts: one ({low}), a list ({low},{low + 1}) or a range ({low}..{high})" + (f"; {note}." if note else "."),
    )


def register_package(sub: typer.Typer, package: str, path) -> None:
    """Add the commands of every module of a game's ``commands`` package
    (each defines ``register(sub)``): adding a command means adding one file."""

    for module in pkgutil.iter_modules(path):
        importlib.import_module(f"{package}.{module.name}").register(sub)


def print_isolation(summary: dict) -> None:
    """An isolated run's line: its bots' decision rate and every forfeit."""
    iso = summary.get("isolation")
    if not iso:
        return
    rate = iso["isolated_decisions_per_second"]
    out.print(
        f"isolated: {iso['isolated_decisions']:,} decisions by bot processes"
        + (f" ({rate:,} per second)" if rate else "")
        + f", time limit {iso['decision_timeout']:g} s per decision; forfeits: {len(iso['forfeits'])}",
        highlight=False,
    )
    per_bot = iso.get("forfeits_per_bot") or {}
    if per_bot:
        out.print(
            "forfeits per bot (each a lost game: win share 0, every head-to-head lost): "
            + ", ".join(f"{bot} {n}" for bot, n in per_bot.items()),
            highlight=False,
            soft_wrap=True,
        )
    for f in iso["forfeits"]:
        out.print(
            f"  forfeit: bot {f['bot']!r} in seat {f['seat']}, game {f['game']}, decision {f['decision'] + 1}: {f['reason']}",
            highlight=False,
            soft_wrap=True,
        )
