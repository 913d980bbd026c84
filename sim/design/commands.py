"""``sim <game> metrics`` and ``sim <game> design``: thin views on
`sim.design.metrics.measure` and `sim.design.study.design`."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

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
    user_errors,
)
from sim.design.degenerate import Budget
from sim.design.metric_defs import TRAINED_NOTE, all_metrics, design_module
from sim.report import collected


def definitions(game: str) -> str:
    """Every metric's definition as a Markdown list, for --help."""
    return "\n\n".join(f"* **{m.name}**: {m.definition}." for m in all_metrics(game))


EXPLOIT = typer.Option(
    False,
    "--exploit",
    help="Also measure degenerate play (the exploit metric): train a best response per rule set and player "
    "count. Expensive; the budget options below keep it small.",
)
EXPLOIT_GAMES = typer.Option(
    Budget.games, "--exploit-games", min=1, max=10**6, help="exploit: games per candidate of the best response's CMA-ES."
)
EXPLOIT_GENERATIONS = typer.Option(
    Budget.generations, "--exploit-generations", min=1, max=10**4, help="exploit: CMA-ES generations."
)
EXPLOIT_POPULATION = typer.Option(
    None, "--exploit-population", min=4, max=1000, help="exploit: candidates per generation (default CMA-ES's)."
)


def register(sub: typer.Typer, game: str):
    module = design_module(game)
    low, high = module.PLAYERS
    field_help = (
        f"The field of the field games, comma-separated specs, every group in every seat order (default: "
        f"{','.join(module.FIELD)}: {module.FIELD_STYLES}; {TRAINED_NOTE})."
    )
    FIELD = typer.Option(None, "--field", help=field_help)
    STRONG = typer.Option(None, "--strong", help=f"The strong bot of the skill games (default {module.STRONG}).")
    WEAK = typer.Option(None, "--weak", help=f"The weak bots it plays against (default {module.WEAK}).")
    PLAYERS = players_option("4", low, high)

    @sub.command(
        "metrics",
        help=f"""Is this rule set fair, skilful, tense and well paced?

Design metrics of one rule set at each player count, each with n and a 95% CI: field games (every group of the
field's bots in every seat order; default {",".join(module.FIELD)}: play styles mixed so a rule set is not
tuned to one bot's quirks; {TRAINED_NOTE}) and as many skill games (the strong bot in every seat against
weak bots), every lineup on its own games.

{definitions(game)}""",
    )
    def metrics(
        games: int = typer.Option(
            2_000, "--games", "-g", min=2, max=MAX_GAMES, help="Field games and skill games per player count."
        ),
        seed: int = SEED,
        players: str = PLAYERS,
        field: Optional[str] = FIELD,
        strong: Optional[str] = STRONG,
        weak: Optional[str] = WEAK,
        rules: Optional[List[str]] = rules_option(game),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
        exploit: bool = EXPLOIT,
        exploit_games: int = EXPLOIT_GAMES,
        exploit_generations: int = EXPLOIT_GENERATIONS,
        exploit_population: Optional[int] = EXPLOIT_POPULATION,
    ):
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim import api
        from sim.design.metrics import measure

        # Nothing of an interrupted evaluation is kept (it is not stored per chunk), and Ctrl-C says so.
        with user_errors(as_json=as_json), api.scale_out(scheduler, workers) as executor, collected() as reports:
            summary = measure(
                game,
                players_list=player_list(players, low, high),
                rules=api.parse_rules(rules),
                field=field,
                strong=strong,
                weak=weak,
                games=games,
                seed=seed,
                out=out_dir,
                executor=executor,
                exploit=exploit,
                budget=Budget(exploit_games, exploit_generations, exploit_population),
            )
        finish(summary, as_json, out_dir, reports)

    @sub.command(
        "design",
        help=f"""Which rule set gives a fair, skilful, tense game?

A multi-objective search over rule knobs with optuna. Every candidate is scored by the design metrics
(see `sim {game} metrics --help`) at every player count on the same games (common random numbers); an
objective is the metric's mean over the player counts. The study is kept in optuna storage (OUT/study.db or
--storage), so the same command resumes it and a larger --trials adds trials. The Pareto front of the
feasible trials is re-evaluated on a fresh seed next to the rulebook defaults: a table, front.parquet,
trials.parquet, a front scatter with CIs and each knob's effect. Knobs: {", ".join(module.KNOBS)}.""",
    )
    def design(
        knobs: str = typer.Option(
            module.DEFAULT_KNOBS,
            "--knobs",
            "-k",
            help="Knobs to search, comma-separated: name=a..b "
            "(a range), name=x|y (values), name=x (fixed), or a bare boolean or choice "
            "knob (every value). Default: the knobs of the committed design study.",
        ),
        objectives: str = typer.Option(
            "skill,fairness,tension",
            "--objectives",
            help="Metrics to optimise, comma-separated: skill, the shorthands "
            f"{', '.join(f'{k}={v}' for k, v in module.ALIASES.items())}, or "
            "any metric (exploit too: it turns --exploit on); each in its better direction, or with a min:/max: prefix.",
        ),
        constraint: Optional[List[str]] = typer.Option(
            None,
            "--constraint",
            help=f"metric=low..high that must hold at every player count (repeatable), e.g. {module.CONSTRAINT_EXAMPLE}.",
        ),
        trials: int = typer.Option(
            50, "--trials", min=1, max=10**6, help="Finished trials the study should have (a rerun adds the missing ones)."
        ),
        games: int = typer.Option(
            1_000, "--games", "-g", min=2, max=MAX_GAMES, help="Field games and skill games per candidate and player count."
        ),
        eval_games: Optional[int] = typer.Option(
            None, "--eval-games", min=2, max=MAX_GAMES, help="The same for the front's re-evaluation (default --games)."
        ),
        top: int = typer.Option(
            8, "--top", min=1, max=1000, help="Front members to re-evaluate at most (spread along the first objective)."
        ),
        sampler: str = typer.Option("nsga2", "--sampler", help="nsga2 (NSGA-II) or tpe."),
        storage: Optional[str] = typer.Option(
            None, "--storage", help="An optuna storage URL (e.g. postgresql://… for a cluster; default sqlite under --out)."
        ),
        seed: int = SEED,
        players: str = PLAYERS,
        field: Optional[str] = FIELD,
        strong: Optional[str] = STRONG,
        weak: Optional[str] = WEAK,
        rules: Optional[List[str]] = rules_option(game),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
        exploit: bool = EXPLOIT,
        exploit_games: int = EXPLOIT_GAMES,
        exploit_generations: int = EXPLOIT_GENERATIONS,
        exploit_population: Optional[int] = EXPLOIT_POPULATION,
    ):
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim import api
        from sim.design.study import design as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                game,
                knobs=knobs,
                objectives=objectives,
                constraints=constraint,
                players_list=player_list(players, low, high),
                rules=api.parse_rules(rules),
                field=field,
                strong=strong,
                weak=weak,
                games=games,
                seed=seed,
                trials=trials,
                sampler=sampler,
                storage=storage,
                out=out_dir,
                eval_games=eval_games,
                top=top,
                executor=executor,
                exploit=exploit,
                budget=Budget(exploit_games, exploit_generations, exploit_population),
            )
        finish(summary, as_json, out_dir, reports)
