"""The Geteilte Luft analysis commands (sim luft dice-check, air, …)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.markdown import Markdown

from sim.cli_common import out, user_errors

OUT = typer.Option(None, "--out", "-o", help="Write tables (Parquet + CSV), plots (PNG + SVG) and report.md here.")
JSON = typer.Option(False, "--json", help="Print the summary as one JSON object on stdout.")
SEED = typer.Option(0, "--seed", "-s", help="Master seed.")


def _finish(summary: dict, as_json: bool, out_dir: Optional[Path], title: str):
    if as_json:
        print(json.dumps(summary))
        return
    out.print(f"[bold]{title}[/bold]")
    if out_dir is not None:
        out.print(Markdown((out_dir / "report.md").read_text()))
        out.print(f"report, tables and plots in {out_dir}")
    else:
        out.print_json(data=summary)


def register(sub: typer.Typer):
    @sub.command("dice-check")
    def dice_check(games: int = typer.Option(200_000, "--games", "-g", help="Games per configuration."),
                   seed: int = SEED,
                   players: int = typer.Option(4, "--players", "-n", help="Players."),
                   bots: str = typer.Option("threshold:t=2", "--bots", "-b", help="Bot spec(s) for the game-level test."),
                   draws: int = typer.Option(10_000_000, "--draws", help="Draws per swim source for the chi-square tests."),
                   counter_bot: str = typer.Option("counter", "--counter-bot", help="The card-counting bot."),
                   baseline_bot: str = typer.Option("air", "--baseline-bot", help="The field it plays against."),
                   out_dir: Optional[Path] = OUT, as_json: bool = JSON):
        """Does the 9-card swim deck give exactly the odds of two 1–3 dice? Exact fractions,
        chi-square on millions of draws, game-level equivalence, the no-reshuffle variant."""
        from sim.games.luft.analyses.dice_check import dice_check as run
        with user_errors():
            if games < 2 or draws < 9:
                raise ValueError("--games must be at least 2 and --draws at least 9")
            summary = run(players=players, bots=bots, games=games, seed=seed, draws=draws,
                          counter_bot=counter_bot, baseline_bot=baseline_bot, out=out_dir)
        _finish(summary, as_json, out_dir, "Swim deck vs dice")
