"""`sim landunter card-rule`: which card the trained policy plays, as a printable rule."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_bots import ONE, bot_option
from sim.cli_common import (
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
    @sub.command("card-rule")
    def card_rule(
        players: str = players_option("3,4,5", 3, 5),
        bot: str = bot_option(
            "landunter",
            "--bot",
            "--weights",
            "-b",
            role="The policy to read: trained, policy:file=PATH or policy:preset=NAME",
            default="trained",
            shape=ONE,
            policy=True,
        ),
        games: int = typer.Option(
            20_000,
            "--games",
            "-g",
            min=1,
            max=MAX_GAMES,
            help="Head-to-head games per player count (rounded up to whole games per seat order).",
        ),
        position_games: int = typer.Option(
            300,
            "--position-games",
            min=1,
            max=10**7,
            help="Self-play games whose plays are fitted (as many others check the fit; the reference engine plays them).",
        ),
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option("landunter"),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Which card does the trained policy play, as a rule you can print?

        The rule "play the card whose share of the unseen cards below it is closest to a + b x
        (higher flood card)/12" fitted to the policy's plays, its agreement with them, a picture of
        the policy's choices per player count, and the win share the rule gives up against the full
        policy in a head-to-head on fresh games, every seat order played (95% CIs)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.landunter.analyses.card_rule import card_rule as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 3, 5),
                bot=bot,
                games=games,
                position_games=position_games,
                seed=seed,
                rules=api.parse_rules(rules),
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
