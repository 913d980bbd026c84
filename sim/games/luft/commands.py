"""The Geteilte Luft analysis commands (sim luft dice-check, air, …)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer
from rich.markdown import Markdown

from sim import api
from sim.cli_common import RULES, out, user_errors
from sim.games.luft.analyses.air import DEFAULT_MIXES as AIR_MIXES

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

    @sub.command("air")
    def air(games: int = typer.Option(20_000, "--games", "-g", help="Games per bot mix and player count."),
            seed: int = SEED,
            players: str = typer.Option("2,3,4,5,6", "--players", "-n", help="Player counts, comma-separated."),
            mixes: str = typer.Option(";".join(AIR_MIXES), "--mixes", help="Bot mixes separated by ';'; "
                                      "each mix's specs are cycled over the seats."),
            rules: Optional[List[str]] = RULES,
            out_dir: Optional[Path] = OUT, as_json: bool = JSON):
        """How fast does the shared air run out? Depletion curves with 95% bands, the turn the air
        runs out, P(air runs out) and divers drowned per dive, by bot mix and player count."""
        from sim.games.luft.analyses.air import air_analysis
        with user_errors():
            summary = air_analysis(players_list=player_list(players),
                                   mixes=tuple(m.strip() for m in mixes.split(";") if m.strip()),
                                   games=games, seed=seed, rules=api.parse_rules(rules), out=out_dir)
        _finish(summary, as_json, out_dir, "How fast does the shared air run out?")


def player_list(text: str) -> list[int]:
    """"2,3,4" or "2-6" -> [2, 3, 4]; players out of 2..6 are rejected."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-"))
            values = list(range(lo, hi + 1))
        else:
            values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise ValueError(f"--players {text!r} must be a comma list like 2,3,4 or a range like 2-6") from None
    bad = [v for v in values if not 2 <= v <= 6]
    if bad or not values:
        raise ValueError(f"--players {text!r}: player counts must lie in 2..6")
    return values
