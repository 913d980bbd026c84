"""`sim luft compare-turnback`: which turn-back heuristic wins, each family at its best parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import families_option, field_option
from sim.cli_common import JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, players_option
from sim.registry import split_specs
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("compare-turnback")
    def compare_turnback(
        games: int = typer.Option(
            2_000,
            "--games",
            "-g",
            min=1,
            max=MAX_GAMES,
            help="Games per sweep configuration (one parameter set of one family at one player count).",
        ),
        seed: int = SEED,
        players: str = players_option("2,3,4,5,6", 2, 6),
        families: Optional[str] = families_option(
            "luft", "Bot families to tune", shown="every family with parameters, plus random"
        ),
        pair_games: Optional[int] = typer.Option(
            None,
            "--pair-games",
            min=1,
            max=MAX_GAMES,
            help="Tournament games "
            "behind each payoff-matrix cell (both families "
            "at the table), per player count (default "
            "--games).",
        ),
        grid_points: int = typer.Option(4, "--grid-points", min=1, max=100, help="Grid values per parameter."),
        field: Optional[str] = field_option(
            "luft",
            "The opponents of every sweep",
            shown="every other family with parameters at its defaults, slow ones excluded",
        ),
        slow_games: Optional[int] = typer.Option(
            None,
            "--slow-games",
            min=1,
            max=MAX_GAMES,
            help="Games per sweep configuration of a slow search bot named in --families (default --games / 10).",
        ),
        slow: Optional[str] = typer.Option(
            None,
            "--slow",
            help="Families to treat as slow search bots, comma-separated (never in the default field, "
            "--slow-games each; 'none' for no family). Default: timed, those costing more than 4x the "
            "median family per game, which depends on the machine's load; name them to make a run "
            "repeatable.",
        ),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Which turn-back heuristic is best?

        Tune every bot family per player count against a mixed field, play the best of each family
        against each other, and solve the meta-game."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.luft.analyses.compare_turnback import compare_turnback as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 1 or grid_points < 1 or any(v is not None and v < 1 for v in (pair_games, slow_games)):
                raise ValueError("--games, --pair-games, --slow-games and --grid-points must be at least 1")
            summary = run(
                players_list=player_list(players, 2, 6),
                families_list=split_specs(families) if families else None,
                games=games,
                pair_games=pair_games,
                grid_points=grid_points,
                seed=seed,
                field=field,
                slow_games=slow_games,
                slow_list=None if slow is None else [f.strip() for f in slow.split(",") if f.strip() not in ("", "none")],
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
