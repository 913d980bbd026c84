"""``sim <game> metrics``, ``sim <game> design`` and ``sim <game> rulebook``:
thin views on `sim.design.metrics.measure`, `sim.design.study.design` and
`sim.design.rulebook.write`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from sim.cli_bots import ONE, bot_option, field_option
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
from sim.games import get_game
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


def population_option(game: str):
    """``--population DIR``: a population run's equilibrium as one more field of the robust verdict."""
    return typer.Option(
        None,
        "--population",
        help=f"With --robust: a population run's --out DIR (`sim {game} population`); its final equilibrium, rounded "
        "to a club of 10 seats (largest remainder), is one more field of the verdict. The run is not regrown for the "
        "rules evaluated: the report names the rules it was grown under.",
    )


def register(sub: typer.Typer, game: str):
    module = design_module(game)
    low, high = module.PLAYERS
    FIELD = field_option(
        game,
        "The field of the field games, every group in every seat order",
        shown=f"{','.join(module.FIELD)}: {module.FIELD_STYLES}; {TRAINED_NOTE}",
    )
    STRONG = bot_option(game, "--strong", role="The strong bot of the skill games", shape=ONE, shown=module.STRONG)
    WEAK = bot_option(game, "--weak", role="The weak bot it plays against", shape=ONE, shown=module.WEAK)
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
        robust: bool = typer.Option(
            False,
            "--robust",
            help="Also the field games under the robust verdict's other fields (the field without bots tuned to the "
            "default rules, the skill ladder) and the skill curve (each ladder rung against the rung below).",
        ),
        population: Optional[Path] = population_option(game),
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
                robust=robust,
                population=population,
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
        robust: bool = typer.Option(
            False,
            "--robust",
            help="Also judge the pick under every field (the study's, the untuned, the skill ladder; robust: better "
            "than the defaults beyond the intervals under each) and measure the skill curve (each ladder rung against "
            "the rung below) for the defaults and the pick, on the confirmation games.",
        ),
        population: Optional[Path] = population_option(game),
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
                robust=robust,
                population=population,
            )
        finish(summary, as_json, out_dir, reports)

    if get_game(game).rulebook is not None:
        register_rulebook(sub, game, FIELD, STRONG, WEAK)


def register_rulebook(sub: typer.Typer, game: str, FIELD, STRONG, WEAK):
    module = design_module(game)
    low, high = module.PLAYERS

    @sub.command(
        "rulebook",
        help=f"""The rules page of a rule set, to print and playtest.

The game's rules with the chosen values woven into the sentences; a changed value reads ~~rulebook~~ **new**.
With --from DIR (the --out of `sim {game} design`) the page shows the study's recommendation (its rounded
knobs) and, beside each change, the metric deltas with their intervals from the confirmation games (the whole
pick and each knob alone), and the situations the written rules do not settle (the counted rule holes) with
how often each occurs. Without --from, the rule set, the defaults and each changed rule alone are played on
--games fresh field and skill games each for the same figures (--games 0: the page alone). Writes rulebook.md
and a printable rulebook.html under --out; prints the Markdown otherwise.""",
    )
    def rulebook(
        rules: Optional[List[str]] = rules_option(game),
        source: Optional[Path] = typer.Option(
            None, "--from", help="A design study's --out DIR: print its recommended rule set with its confirmation figures."
        ),
        players: Optional[int] = typer.Option(
            None, "--players", "-p", min=low, max=high, help="The table the page is for (default: the study's first count, or 4)."
        ),
        games: int = typer.Option(
            400,
            "--games",
            "-g",
            min=0,
            max=MAX_GAMES,
            help="Without --from: field and skill games per rule set for the deltas and rule holes (0: play none).",
        ),
        seed: int = typer.Option(7, "--seed", "-s", min=0, max=2**64 - 1, help="Master seed of the --games."),
        field: Optional[str] = FIELD,
        strong: Optional[str] = STRONG,
        weak: Optional[str] = WEAK,
        out_dir: Optional[Path] = OUT,
        as_json: bool = JSON,
    ):
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim import api
        from sim.cli_common import out
        from sim.design.rulebook import write

        with user_errors(as_json=as_json):
            summary = write(
                game,
                rules=api.parse_rules(rules),
                source=source,
                players=players,
                games=games,
                seed=seed,
                field=field,
                strong=strong,
                weak=weak,
                out=out_dir,
            )
        if as_json:
            print(json.dumps(summary))
        elif out_dir is None:
            out.print(summary["markdown"], markup=False, highlight=False, soft_wrap=True)
        else:
            out.print(f"rules page in {out_dir / 'rulebook.md'} and {out_dir / 'rulebook.html'}", highlight=False, soft_wrap=True)
