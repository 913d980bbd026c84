"""`sim landunter seats`: seat and passing-order effects, and how often deals end early."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_bots import ONE, bot_option, bots_option, field_option
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
from sim.games.landunter.analyses.common import DEFAULT_FIELD
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("seats")
    def seats(
        games: int = typer.Option(
            50_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per table (bot lineup and player count)."
        ),
        seed: int = SEED,
        players: str = players_option("3,4,5", 3, 6, note="6 plays with allow_six=true"),
        bots: Optional[str] = bots_option(
            "landunter", "Bots for the identical-bot tables", None, "random,high,low,mid,dodge,ring-keeper,counter"
        ),
        field: Optional[str] = field_option(
            "landunter", "The mixed field, every group in every seat order", shown=",".join(DEFAULT_FIELD)
        ),
        candidates: str = bot_option(
            "landunter",
            "--candidates",
            role="Bots whose neighbours are swapped in the passing-order test",
            default="dodge,counter,random",
        ),
        strong: str = bot_option("landunter", "--strong", role="The strong neighbour", default="dodge", shape=ONE),
        weak: str = bot_option("landunter", "--weak", role="The weak neighbour", default="random", shape=ONE),
        filler: str = bot_option(
            "landunter", "--filler", role="The bot in the other seats (4+ players)", default="low", shape=ONE
        ),
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
