"""`sim <game> strong-findings`: the same command for every game with headline findings to recheck."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import bot_option, field_option
from sim.cli_common import ALPHA, JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, players_option
from sim.registry import split_specs
from sim.report import collected


def register(sub: typer.Typer, game: str, players: tuple[int, int], analysis_module: str, findings: str, heuristic: str):
    """Add the command; ``analysis_module`` holds the game's ``strong_findings``
    function; ``findings`` names its headline findings and ``heuristic`` its
    default heuristic field, for the help."""
    low, high = players

    @sub.command(
        "strong-findings",
        help="Do the heuristic-bot findings hold under strong play?\n\n"
        f"Reruns the headline figures ({findings}) comparing like with like: the heuristic field without and "
        "with the strong bots in it, and each strong bot's self-play against each heuristic bot's, all with "
        "95% CIs; a figure changes when the test of the difference is significant "
        "at the Bonferroni threshold over every comparison, else it holds. Finished runs are kept under --out "
        "(runs/): the same command resumes.",
    )
    def strong_findings_cmd(
        games: int = typer.Option(20_000, "--games", "-g", min=2, max=MAX_GAMES, help="Games per field and player count."),
        seed: int = SEED,
        players_text: str = players_option(f"{low}..{high}", low, high),
        field: Optional[str] = field_option(game, "The heuristic field, seated balanced", shown=heuristic),
        strong_field: Optional[str] = bot_option(
            game,
            "--strong-field",
            role="The strong bots, added to the heuristic field and each in self-play "
            "(e.g. trained,policy:file=experiments/population/<game>-4p/weights.json)",
            shown="trained, the preset of each player count",
        ),
        alpha: float = ALPHA,
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        run = importlib.import_module(analysis_module).strong_findings
        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                players_list=player_list(players_text, low, high),
                games=games,
                seed=seed,
                field=split_specs(field) if field else None,
                strong_field=split_specs(strong_field) if strong_field else None,
                alpha=alpha,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)
