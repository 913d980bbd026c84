"""What every command shares: option definitions, error handling, tables."""
from __future__ import annotations

import json
from contextlib import contextmanager

import pandas as pd
import typer
from rich.console import Console
from rich.markup import escape

from sim.report_terminal import print_table, show as show_report

out = Console()   # as wide as the terminal (or $COLUMNS); 80 when not a terminal
err = Console(stderr=True)

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


@contextmanager
def user_errors():
    """Bad input becomes one line on stderr and exit code 2, never a traceback;
    Ctrl-C in a sweep one line and exit code 130 (the finished configurations
    are in the results store already)."""
    try:
        yield
    except (ValueError, KeyError, FileNotFoundError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
        err.print(f"[red]error:[/red] {escape(str(msg))}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_USAGE)
    except KeyboardInterrupt:
        err.print("interrupted: every finished configuration is stored under --out DIR/runs; "
                  "run the same command again to resume from them", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED)


SCHEDULER = typer.Option(None, "--scheduler", help="Run the chunks on this Dask scheduler (tcp://host:8786).")
WORKERS = typer.Option(None, "--workers", help="Run the chunks on a local Dask cluster of N worker processes.")

# Options shared by the game commands
PLAYERS = typer.Option(None, "--players", "-n", help="Number of players (default: the rules' players).")
SEED = typer.Option(0, "--seed", "-s", help="Master seed; game i draws from stream (seed, i).")

#: Each game's own examples for --bots and --rules (a spec is name or name:key=value:key=value).
EXAMPLES = {
    "luft": {"bots": "threshold:t=2 or threshold:t=2,random,depth:level=3:count=2,air",
             "rules": "air=20, swim=d3, stack_size=2", "doc": "docs/rules/geteilte-luft.md"},
    "landunter": {"bots": "dodge or dodge,counter,sampler:k=16,random",
                  "rules": "tie_simultaneous=false, end_before_cascade=false", "doc": "docs/rules/land-unter.md"},
}


def bots_option(game: str):
    return typer.Option(..., "--bots", "-b", help="One bot spec for every seat, or one per seat, comma-separated: "
                        f"{EXAMPLES[game]['bots']}. A spec is name or name:key=value:key=value.")


def rules_option(game: str):
    return typer.Option(None, "--rules", "-r", help="Rule options as key=value (repeatable or comma-separated): "
                        f"{EXAMPLES[game]['rules']} …; every key with its default and values is in "
                        f"{EXAMPLES[game]['doc']}.")
BOT_FILE = typer.Option(None, "--bot-file", help="A Python file that registers extra bots (repeatable).")


def pct(fig: dict) -> str:
    """A figure as ``mean [lo, hi]``; three decimals below 10, two above."""
    m, (lo, hi) = fig["mean"], fig["ci95"]
    if m is None:
        return "n/a"
    d = 3 if abs(m) < 10 else 2
    return f"{m:.{d}f} [{lo:.{d}f}, {hi:.{d}f}]"


def print_summary(title: str, summary: dict):
    """Every list of records in the summary as a table fitted to the terminal; figures with CIs."""
    out.print(f"[bold]{title}[/bold] — n = {summary['games']:,} games, seed {summary['seed']}, "
              f"{summary['seconds']:.2f} s (figures: mean [95% CI])")
    for key, rows in summary.items():
        if not (isinstance(rows, list) and rows and isinstance(rows[0], dict)):
            continue
        index = key[:-1] if key.endswith("s") else key
        frame = pd.DataFrame([{index: i + (1 if index != "seat" else 0),
                               **{col: pct(v) if isinstance(v, dict) else v for col, v in row.items()}}
                              for i, row in enumerate(rows)])
        print_table(frame, out, title=key)


def emit(summary: dict, as_json: bool, title: str, path=None):
    """Print a summary as JSON (stdout, one object) or as tables."""
    if as_json:
        print(json.dumps(summary))
    else:
        print_summary(title, summary)
        if path:
            out.print(f"stored in {path}")


# Options shared by the analysis commands
OUT = typer.Option(None, "--out", "-o", help="Write tables (Parquet + CSV), plots (PNG + SVG) and report.md here.")
JSON = typer.Option(False, "--json", help="Print the summary as one JSON object on stdout.")


def finish(summary: dict, as_json: bool, out_dir, reports):
    """An analysis's output: its JSON summary, or its reports drawn for the terminal."""
    if as_json:
        print(json.dumps(summary))
        return
    for report in reports:
        show_report(report, out)
    if out_dir is not None:
        out.print(f"report, tables and plots in {out_dir}", highlight=False, soft_wrap=True)


def player_list(text: str, low: int, high: int) -> list[int]:
    """"2,3,4" or "2-6" -> [2, 3, 4]; player counts outside low..high are rejected."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-"))
            values = list(range(lo, hi + 1))
        else:
            values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"--players {text!r} must be a comma list like {low},{low + 1} "
                         f"or a range like {low}-{high}") from None
    bad = [v for v in values if not low <= v <= high]
    if bad or not values:
        raise ValueError(f"--players {text!r}: player counts must lie in {low}..{high}")
    return values
