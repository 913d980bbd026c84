"""`sim luft air`: how fast the shared air runs out, per bot mix and player count."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_bots import GROUPS, bot_option
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
from sim.games.luft.analyses.air import DEFAULT_MIXES as AIR_MIXES
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("air")
    def air(
        games: int = typer.Option(20_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per bot mix and player count."),
        seed: int = SEED,
        players: str = players_option("2,3,4,5,6", 2, 6),
        mixes: str = bot_option(
            "luft", "--mixes", role="Bot mixes, each mix's specs cycled over the seats", default=";".join(AIR_MIXES), shape=GROUPS
        ),
        rules: Optional[List[str]] = rules_option("luft"),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """How fast does the shared air run out?

        Depletion curves with 95% bands, the turn the air runs out, P(air runs out) and divers
        drowned per dive, by bot mix and player count."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.luft.analyses.air import air_analysis

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = air_analysis(
                players_list=player_list(players, 2, 6),
                mixes=tuple(m.strip() for m in mixes.split(";") if m.strip()),
                games=games,
                seed=seed,
                rules=api.parse_rules(rules),
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
