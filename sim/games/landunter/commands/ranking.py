"""`sim landunter ranking`: which strategy is best at each player count?"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import bot_option, bots_option
from sim.cli_common import JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, players_option
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("ranking")
    def ranking(
        games: int = typer.Option(
            200_000, "--games", "-g", min=1, max=MAX_GAMES, help="Tournament games per player count, spread over the seatings."
        ),
        seed: int = SEED,
        players: str = players_option("3,4,5", 3, 6, note="6 plays with allow_six=true"),
        bots: Optional[str] = bots_option("landunter", "Entrants", None, "every bot but the search bot sampler"),
        slow_bots: Optional[str] = bot_option(
            "landunter",
            "--slow-bots",
            role="Search bots (e.g. sampler:k=16) for a second, smaller tournament with every entrant",
        ),
        slow_games: Optional[int] = typer.Option(
            None, "--slow-games", min=1, max=MAX_GAMES, help="Games per player count of that tournament (default --games / 100)."
        ),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Which strategy is best?

        A tournament per player count, every seat order played: ranking by win share and score with 95% CIs,
        head-to-head payoff matrix, equilibrium mix and best responses."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.landunter.analyses.ranking import ranking as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 3, 6),
                bots=bots,
                games=games,
                slow_bots=slow_bots or (),
                slow_games=slow_games,
                seed=seed,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
