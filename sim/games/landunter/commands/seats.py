"""`sim landunter seats`: seat and passing-order effects, and how often deals end early."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_common import (
    ALPHA,
    JSON,
    MAX_GAMES,
    OUT,
    SCHEDULER,
    SEED,
    WORKERS,
    analysis,
    finish,
    player_list,
    players_option,
    rules_option,
)
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("seats")
    def seats(
        games: int = typer.Option(
            50_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per table (bot lineup and player count)."
        ),
        seed: int = SEED,
        players: str = players_option("3,4,5", 3, 6, note="6 plays with allow_six=true"),
        bots: Optional[str] = typer.Option(
            None,
            "--bots",
            "-b",
            help="Bots for the identical-bot tables, comma-separated (default: random,high,low,mid,dodge,ring-keeper,counter).",
        ),
        field: Optional[str] = typer.Option(
            None, "--field", help="The mixed field, every group in every seat order (default: dodge,counter,ring-keeper,low)."
        ),
        candidates: str = typer.Option(
            "dodge,counter,random",
            "--candidates",
            help="Bots whose neighbours are swapped in the passing-order test, comma-separated.",
        ),
        strong: str = typer.Option("dodge", "--strong", help="The strong neighbour."),
        weak: str = typer.Option("random", "--weak", help="The weak neighbour."),
        filler: str = typer.Option("low", "--filler", help="The bot in the other seats (4+ players)."),
        rules: Optional[List[str]] = rules_option("landunter"),
        alpha: float = ALPHA,
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Do the seat or the passing order matter, and how often do deals end early?

        Seat effects (identical bots and a balanced field, win share and score per seat vs 1/n),
        passing order (strong bot passing to a candidate vs receiving from it, same games, paired
        test) and early ends by deal index."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.landunter.analyses.seats import seats as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 3, 6),
                games=games,
                seed=seed,
                bots=bots,
                field=field,
                candidates=candidates,
                strong=strong,
                weak=weak,
                filler=filler,
                rules=api.parse_rules(rules),
                alpha=alpha,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
