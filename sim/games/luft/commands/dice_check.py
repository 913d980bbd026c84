"""`sim luft dice-check`: does the 9-card swim deck give exactly the odds of two 1–3 dice?"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import ONE, bot_option, bots_option
from sim.cli_common import JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("dice-check")
    def dice_check(
        games: int = typer.Option(200_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per configuration."),
        seed: int = SEED,
        players: int = typer.Option(4, "--players", "-n", help="Players."),
        bots: str = bots_option("luft", "The bot of every seat, or one per seat, in the game-level test", "threshold:t=2"),
        draws: int = typer.Option(
            10_000_000, "--draws", min=9, max=10**9, help="Draws per swim source for the chi-square tests."
        ),
        counter_bot: str = bot_option("luft", "--counter-bot", role="The card-counting bot", default="counter", shape=ONE),
        baseline_bot: str = bot_option("luft", "--baseline-bot", role="The field it plays against", default="air", shape=ONE),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Does the 9-card swim deck give exactly the odds of two 1–3 dice?

        Exact fractions, chi-square on millions of draws, game-level equivalence, the no-reshuffle
        variant."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.luft.analyses.dice_check import dice_check as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 2 or draws < 9:
                raise ValueError("--games must be at least 2 and --draws at least 9")
            summary = run(
                players=players,
                bots=bots,
                games=games,
                seed=seed,
                draws=draws,
                counter_bot=counter_bot,
                baseline_bot=baseline_bot,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
