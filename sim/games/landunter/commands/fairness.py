"""`sim landunter fairness`: does the ring count make up for a weak hand?"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import bots_option
from sim.cli_common import JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, players_option
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("fairness")
    def fairness(
        games: int = typer.Option(50_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per player count and bot mix."),
        seed: int = SEED,
        players: str = players_option("3,4,5", 3, 6, note="6 plays with allow_six=true"),
        bots: Optional[str] = bots_option(
            "landunter",
            "Bots, each alone at every seat and all together as the mixed field",
            None,
            "every bot but the search bot sampler",
        ),
        slow_games: Optional[int] = typer.Option(
            None,
            "--slow-games",
            min=1,
            max=MAX_GAMES,
            help="Games per player count for a mix with a search bot (default --games / 100).",
        ),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Does the ring count make up for a weak hand?

        Mean points per deal by rings, strength and both with 95% CIs, a regression (what a ring is
        worth in strength points) and a verdict, per player count and bot mix."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.landunter.analyses.fairness import fairness as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 3, 6),
                bots=bots,
                games=games,
                slow_games=slow_games,
                seed=seed,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
