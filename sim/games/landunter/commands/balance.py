"""`sim landunter balance`: are the rules and their [D] options fair and sound?"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_bots import field_option
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
    @sub.command("balance")
    def balance(
        games: int = typer.Option(
            50_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per setting (rule set and player count)."
        ),
        seed: int = SEED,
        players: str = players_option("3,4,5,6", 3, 6, note="6 plays with allow_six=true"),
        field: Optional[str] = field_option(
            "landunter", "The bots, every group in every seat order", shown=",".join(DEFAULT_FIELD)
        ),
        options: Optional[str] = typer.Option(
            None, "--options", help="[D] options to flip one at a time, comma-separated (default: all four)."
        ),
        rules: Optional[List[str]] = rules_option("landunter"),
        alpha: float = ALPHA,
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Are the rules and their [D] options fair?

        Flip each option per player count with a balanced strong field: seat 0's win share vs 1/n,
        all seats equal, early ends, eliminations, rounds, score spread; flags every
        significant imbalance."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.landunter.analyses.balance import balance as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players, 3, 6),
                games=games,
                seed=seed,
                field=field,
                options=[o.strip() for o in options.split(",") if o.strip()] if options else None,
                rules=api.parse_rules(rules),
                alpha=alpha,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
