"""`sim luft turnback-card`: the trained policy's turn-back decision as heat maps and a printable rule."""

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
    @sub.command("turnback-card")
    def turnback_card(
        players: str = players_option("2,3,4,5,6", 2, 6),
        bot: str = bot_option(
            "luft",
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
            help="Head-to-head games per card and player count (rounded up to whole games per seat order).",
        ),
        position_games: int = typer.Option(
            1_000,
            "--position-games",
            min=1,
            max=10**7,
            help="Self-play games whose turn-back questions are fitted (as many others check the fit; "
            "the reference engine plays them, ~100 games/s).",
        ),
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option("luft"),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """When does the trained policy turn back, as a rule you can print?

        Heat maps of the policy's turn-back answers (depth x air left, one panel per load 1/2/3+,
        one figure per player count), the rule "turn back when air <= a + b x depth + c x load"
        fitted to them with its agreement, and the win share the rule gives up against the full
        policy in a head-to-head on fresh games, every seat order played (95% CIs)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.luft.analyses.turnback_card import turnback_card as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 2, 6),
                bot=bot,
                games=games,
                position_games=position_games,
                seed=seed,
                rules=api.parse_rules(rules),
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
