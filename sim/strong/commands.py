"""`sim <game> train`, `exploit` and `population`, the same for every game with a `policy` bot."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from sim import api
from sim.cli_bots import ONE, bot_option, field_option, start_option
from sim.cli_common import JSON, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, game_help, rules_option, writable_dir
from sim.registry import BotError, split_specs
from sim.report import Report, collected, fmt


def _games_option(default: int):
    return typer.Option(
        default,
        "--games",
        "-g",
        min=1,
        max=10**9,
        help="Games per evaluation of one candidate (rounded up to whole games per seat order: n! orders, 120 at six players).",
    )


def _out_option(text: str):
    """--out of a command that checkpoints there (the directory is checked before any game)."""
    return typer.Option(None, "--out", "-o", callback=writable_dir, help=text)


def _players_option(default: int):
    return typer.Option(default, "--players", "-n", help="Players at the table (default: the rules').")


POPULATION = typer.Option(
    None, "--population", min=2, max=1000, help="Candidates per generation (default: CMA-ES's, 4 + 3 ln(weights))."
)


def _seats(game, name: str) -> bool:
    """Whether bot ``name`` sits at a table of the rules' default size (a bot solved
    for one player count refuses the others: it is then no default field)."""
    try:
        game.registry.parse(name, game.rules_cls().players)
    except BotError:
        return False
    return True


def register(sub: typer.Typer, game_name: str):
    game = api.get_game(game_name)
    PLAYERS = _players_option(game.rules_cls().players)

    @sub.command("train")
    def train_cmd(
        field: str = field_option(
            game_name, f"The opponents, cycled over the other seats (e.g. {game_help(game_name).field})", ..., short=True
        ),
        players: int = PLAYERS,
        games: int = _games_option(480),
        generations: int = typer.Option(20, "--generations", min=1, max=10**6, help="CMA-ES generations."),
        population: Optional[int] = POPULATION,
        sigma: float = typer.Option(0.3, "--sigma", help="CMA-ES's initial step size."),
        start: Optional[str] = start_option(
            game_name,
            "Start from this policy's weights (e.g. policy:preset=NAME or policy:file=PATH)",
            shown="policy's",
            policy=True,
        ),
        mix: bool = typer.Option(
            False,
            "--mix",
            help="Each --field spec fills every other seat in an equal share of the games (a field of any size, "
            "also at 2 players), instead of the specs cycled over the seats.",
        ),
        groups: bool = typer.Option(
            False,
            "--groups",
            help="Meet the field as a tournament of it and the candidate seats it: every group of players - 1 "
            "--field specs is a table of equal weight; each generation plays --games over a fresh draw of "
            "groups (8 rounds of seat orders, 8 x n! games, each; the same for every candidate), the final "
            "evaluation all of them. Train for a target tournament by giving its other entrants.",
        ),
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option(game_name),
        out_dir: Optional[Path] = _out_option(
            "Write weights.json and the report here; checkpoints every generation (rerun to resume)."
        ),
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Train the policy bot's weights against a field (CMA-ES).

        Each candidate plays one seat in every seat order against the field; the best weights are
        played again on fresh games and reported with a 95% CI. Load the result with
        policy:file=OUT/weights.json (at a table of another player count it plays, with a warning)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.strong.train import grouped_field, layout_of, mixed_field, train

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if mix and groups:
                raise ValueError("--mix and --groups are two ways to meet the field; give one of them")
            rules_obj = api.make_rules(game, api.parse_rules(rules), players)
            x0 = None if start is None else layout_of(game).block(game.registry.parse(start).params, players)
            summary = train(
                game,
                rules_obj,
                split_specs(field),
                games=games,
                generations=generations,
                seed=seed,
                population=population,
                sigma=sigma,
                start=x0,
                out=out_dir,
                executor=executor,
                mixture=(
                    mixed_field(game, split_specs(field), players)
                    if mix
                    else grouped_field(game, split_specs(field), players)
                    if groups
                    else None
                ),
                draw=groups,
            )
            train_report(game, summary, out_dir)
        finish(summary, as_json, out_dir, reports)

    @sub.command("distill")
    def distill_cmd(
        source: str = bot_option(
            game_name, "--from", role="The bot to distil (trained, policy:file=PATH, any bot)", default="trained", shape=ONE
        ),
        field: Optional[str] = field_option(
            game_name,
            "Fine-tune against these opponents, cycled over the other seats, or with --groups every group of them",
            shown="the --from bot",
            short=True,
        ),
        players: int = PLAYERS,
        decision_games: int = typer.Option(
            200, "--decision-games", min=1, max=10**7, help="Games of the --from bot's self-play whose decisions are fitted."
        ),
        games: int = _games_option(240),
        generations: int = typer.Option(
            4, "--generations", min=0, max=10**6, help="CMA-ES generations of fine-tuning (0: the fit alone)."
        ),
        population: Optional[int] = POPULATION,
        sigma: float = typer.Option(0.2, "--sigma", help="CMA-ES's initial step size."),
        groups: bool = typer.Option(False, "--groups", help="Fine-tune against every group of players - 1 --field specs."),
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option(game_name),
        out_dir: Optional[Path] = _out_option(
            "Write weights.json (load it with policy:file=OUT/weights.json) and the report here."
        ),
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Distil a bot into the distilled policy (no search per decision).

        Logs the --from bot's decisions on its own games, fits the policy's weights (search terms held
        at 0) to them, then fine-tunes them with CMA-ES against the field; reports how often the fit
        agrees with the --from bot on decisions it did not see and the fine-tuned win share (95% CI)."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.strong.distill import distill
        from sim.strong.train import grouped_field

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            rules_obj = api.make_rules(game, api.parse_rules(rules), players)
            specs = split_specs(field or source)
            summary = distill(
                game,
                rules_obj,
                source,
                specs,
                decision_games=decision_games,
                games=games,
                generations=generations,
                seed=seed,
                population=population,
                sigma=sigma,
                mixture=grouped_field(game, specs, players) if groups else None,
                draw=groups,
                out=out_dir,
                executor=executor,
            )
            distill_report(game, summary, out_dir)
        finish(summary, as_json, out_dir, reports)

    builtins = [
        n
        for n in game.registry.names()
        if game.registry.get(n).builtin_id >= 0 and n not in ("policy", "trained") + game.slow_bots and _seats(game, n)
    ]

    @sub.command("exploit")
    def exploit_cmd(
        field: str = field_option(
            game_name,
            "Fields to exploit, each cycled over the other seats",
            ";".join(builtins),
            "every fast built-in bot as a homogeneous field",
            groups=True,
            short=True,
        ),
        players: int = PLAYERS,
        games: int = _games_option(240),
        generations: int = typer.Option(8, "--generations", min=1, max=10**6, help="CMA-ES generations per best response."),
        population: Optional[int] = POPULATION,
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option(game_name),
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """How far can each field be exploited?

        Train a best response (policy) to each field and report its win share on fresh games minus
        1/n with a 95% CI, as a table and a bar chart."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.strong.exploit import exploit

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            rules_obj = api.make_rules(game, api.parse_rules(rules), players)
            fields = [split_specs(f) for f in field.split(";") if f.strip()]
            summary = exploit(
                game,
                rules_obj,
                fields,
                games=games,
                generations=generations,
                seed=seed,
                population=population,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)

    register_population(sub, game_name, builtins)


def register_population(sub: typer.Typer, game_name: str, builtins: list[str]):
    game = api.get_game(game_name)
    PLAYERS = _players_option(game.rules_cls().players)

    @sub.command("population")
    def population_cmd(
        iterations: int = typer.Option(3, "--iterations", "-k", min=1, max=1000, help="Best responses to add."),
        players: int = PLAYERS,
        games: int = _games_option(480),
        generations: int = typer.Option(10, "--generations", min=1, max=10**6, help="CMA-ES generations per best response."),
        population: Optional[int] = POPULATION,
        meta_games: int = typer.Option(
            20_000,
            "--meta-games",
            min=1,
            max=10**9,
            help="Games of each meta-game tournament (every lineup with repeated entrants, in every seat order).",
        ),
        start: str = start_option(game_name, "The starting population", ",".join(builtins), "every fast built-in bot"),
        seed: int = SEED,
        rules: Optional[List[str]] = rules_option(game_name),
        out_dir: Optional[Path] = _out_option(
            "Write weights.json (the final population's best member), the report and plots here; "
            "checkpoints every iteration and generation (rerun to resume)."
        ),
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Grow a population by best responses to its meta-game equilibrium (PSRO).

        Each iteration solves the population's n-player meta-game, trains a policy best response to
        its equilibrium, reports the equilibrium's exploitability (the best response's fresh win share
        minus 1/n, 95% CI) and adds the best response. Load the final best member with
        policy:file=OUT/weights.json."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.strong.population import population as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            summary = run(
                game,
                api.make_rules(game, api.parse_rules(rules), players),
                split_specs(start),
                iterations=iterations,
                games=games,
                generations=generations,
                meta_games=meta_games,
                seed=seed,
                cma_population=population,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)


def train_report(game, summary: dict, out_dir) -> Report:
    """The training run as a report: per-generation best win share, the fresh-game result."""
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    n = summary["players"]
    report = Report(f"{game.title}: policy trained against {', '.join(summary['field'])} ({n} players)", out_dir)
    fresh = summary["fresh"]
    report.text(
        f"CMA-ES, {summary['generations']} generations x {summary['population']} candidates, "
        f"{summary['games_per_evaluation']:,} games per candidate (one seat, every seat order). "
        f"Best weights (generation {summary['best_generation'] + 1}) on {fresh['games']:,} fresh games: "
        f"win share {fmt(fresh['win_share'])} against the start's {fmt(fresh['start_win_share'])}; "
        f"fair share 1/{n} = {1 / n:.3f}." + (f" Weights: {Path(out_dir) / 'weights.json'}." if out_dir is not None else "")
    )
    report.table(
        "generations",
        pd.DataFrame(
            [
                {
                    "generation": h["generation"] + 1,
                    "best win share": fmt(h["best_win_share"]),
                    "mean win share": round(h["mean_win_share"], 4),
                    "games": h["games"],
                    "games/s": h["games_per_second"],
                }
                for h in summary["history"]
            ]
        ),
        "Best candidate per generation (its own games; mean [95% CI])",
    )
    report.save(summary)
    return report


def distill_report(game, summary: dict, out_dir) -> Report:
    """The fit (agreement with the bot distilled on decisions it did not see)
    and the fine-tuning's fresh-game result."""
    fit = summary["fit"]
    report = Report(f"{game.title}: distilled from {fit['teacher']} ({summary['players']} players)", out_dir)
    report.text(
        f"Fit to {fit['decisions'] - fit['held_out']:,} of {fit['decisions']:,} decisions of {fit['teacher']} "
        f"({fit['games']:,} games of self-play); on the {fit['held_out']:,} held-out decisions it takes "
        f"{fit['teacher']}'s choice in {fit['agreement_held_out']:.1%} (the untrained policy: {fit['agreement_start']:.1%})."
    )
    if "fine_tune" in summary:
        t = summary["fine_tune"]
        fresh = t["fresh"]
        report.text(
            f"Fine-tuned against {', '.join(t['field'])}: CMA-ES, {t['generations']} generations x {t['population']} "
            f"candidates, {t['games_per_evaluation']:,} games per candidate. On {fresh['games']:,} fresh games "
            f"the fine-tuned weights win {fmt(fresh['win_share'])} against the fit's {fmt(fresh['start_win_share'])}; "
            f"fair share 1/{summary['players']} = {1 / summary['players']:.3f}."
        )
    if out_dir is not None:
        report.text(f"Weights: {Path(out_dir) / 'weights.json'} (policy:file=...).")
    report.save(summary)
    return report
