"""Design metrics of one rule set: is it fair, skilful, tense, well paced?

One evaluation plays two sets of games at one player count:

* **field games** — the field seated balanced (every group of its bots in
  every seat order, `sim.sweep.field_lineups`), so each bot holds every seat
  and sits after every other equally often and what differs between seats is
  the seat. Seat fairness, tension, pace and rule holes come from these.
* **skill games** — one strong bot in every seat in turn against a table of
  weak ones; the strong bot's win share and the upset rate come from these.

Every lineup plays its own games (lineup k: games k·g … of the seed; the skill
games start at `SKILL_OFFSET`), so games are independent units and each
figure's CI is over games. The same seed gives every rule set the same deals
per lineup (common random numbers across candidates of a design study).

The generic metrics live here; a game adds its own (tension, pace, rule
holes) through its ``design`` module: ``METRICS`` (`Metric` list) and
``columns(batch, rules)`` (one value per game for each), and optionally
``pooled(totals)`` for metrics that are no per-game figure (each an
`Estimate` from the field games' summed `sim.runner.Totals`, e.g. a
regression over all hands).
"""

from __future__ import annotations

import math
from dataclasses import asdict

import numpy as np

from sim import api
from sim.design.degenerate import Budget, gain
from sim.design.figures import to_json
from sim.design.metric_defs import TRAINED_NOTE, TUNED_TO_DEFAULTS, all_metrics, design_module, upsets
from sim.runner import DEFAULT_CHUNK, Totals, play_chunks
from sim.stats import Estimate, mean_ci, proportion_ci
from sim.sweep import field_lineups, threads_for

SKILL_OFFSET = 2**40  # first game index of the skill games: apart from the field games
RESAMPLES = 400  # Poisson-bootstrap replicates behind the seat gap's CI


class SeatShares:
    """Seat win sums over the field games, with Poisson-bootstrap replicates
    (each game weighted by a Poisson(1) draw keyed by its index) for the
    bias correction and CI of the largest seat gap."""

    def __init__(self, players: int, seed: int, resamples: int = RESAMPLES):
        self.players, self.seed = players, seed
        self.wins = np.zeros(players)
        self.games = 0
        self.boot_wins = np.zeros((resamples, players))
        self.boot_games = np.zeros(resamples)

    def add(self, wins: np.ndarray, first_game: int):
        """Fold in per-game win shares [game, seat] of games first_game …"""
        w = np.random.default_rng([self.seed, first_game]).poisson(1.0, (len(self.boot_games), len(wins)))
        self.wins += wins.sum(axis=0)
        self.games += len(wins)
        self.boot_wins += w @ wins
        self.boot_games += w.sum(axis=1)

    def gap(self) -> Estimate:
        """The largest |seat share - 1/n|, bias-corrected, with a basic
        bootstrap interval (both clipped at 0): a maximum of noisy shares is
        biased upwards by the noise, so the plain estimate and a percentile
        interval can never show a fair game as fair; 2·estimate - replicates
        corrects the bias and lets the interval reach 0."""
        fair = 1 / self.players
        point = float(np.max(np.abs(self.wins / self.games - fair)))
        kept = self.boot_games > 0  # a replicate that drew no game at all says nothing
        boot = np.max(np.abs(self.boot_wins[kept] / self.boot_games[kept, None] - fair), axis=1)
        q_lo, q_hi = np.percentile(boot, [2.5, 97.5])
        corrected = max(0.0, 2 * point - float(boot.mean()))
        lo, hi = max(0.0, 2 * point - q_hi), max(0.0, 2 * point - q_lo)
        return Estimate(corrected, min(lo, corrected), max(hi, corrected), self.games)

    def edge(self) -> Estimate:
        share = proportion_ci(self.wins[0], self.games)
        return shifted(share, -1 / self.players)


def shifted(e: Estimate, by: float) -> Estimate:
    return Estimate(e.mean + by, e.lo + by, e.hi + by, e.n)


def evaluate(
    game_name: str,
    rules: dict,
    *,
    field: list[str],
    strong: str,
    weak: str,
    games: int,
    seed: int,
    executor=None,
    exploit: Budget | None = None,
) -> dict[str, Estimate]:
    """Every design metric of one rule set (``rules`` includes ``players``):
    ``games`` field games and ``games`` skill games, each lineup on its own
    games; chunks run on ``executor`` (`api.scale_out`) when one is given.
    With an ``exploit`` budget also the degenerate-play metric (`sim.design.degenerate`);
    with an empty ``field`` only the skill games (skill and upset rate)."""
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    game = api.get_game(game_name)
    module = design_module(game.name)
    rules_obj = api.make_rules(game, {k: str(v) for k, v in rules.items()})
    n = rules_obj.players
    field_lu = field_lineups(None, field, n, games, seed) if field else []
    skill_lu = field_lineups(strong, [weak], n, games, seed)
    parts = [("field", field_lu, 0), ("skill", skill_lu, SKILL_OFFSET)] if field else [("skill", skill_lu, SKILL_OFFSET)]
    items = []
    for part, lineups, offset in parts:
        g = max(1, math.ceil(games / len(lineups)))
        for k, (specs, _) in enumerate(lineups):
            seats = game.registry.parse_seats(list(specs), n)
            for done in range(0, g, DEFAULT_CHUNK):
                first = offset + k * g + done
                items.append(((part, k, first), game, rules_obj, seats, seed, first, min(DEFAULT_CHUNK, g - done)))
    shares, per_game, skill, field_totals = SeatShares(n, seed), Totals(), Totals(), Totals()
    with threads_for(max(1, games // max(len(field_lu or skill_lu), 1))):
        for (part, k, first), totals, batch in play_chunks(iter(items), executor=executor, keep_batches=True):
            cols = game.metrics(batch, rules_obj)
            count = len(np.asarray(cols["seat0.win"]))
            if part == "field":
                shares.add(np.column_stack([np.asarray(cols[f"seat{s}.win"], float) for s in range(n)]), first)
                per_game.add(module.columns(batch, rules_obj), {}, count)
                field_totals.merge(totals)
            else:
                c = skill_lu[k][1]
                skill.add({"strong_win": np.asarray(cols[f"seat{c}.win"], float), "upset": upsets(cols, c, n)}, {}, count)
    ns, ss, _ = skill.agg("strong_win")
    out = {
        "skill": shifted(proportion_ci(min(ss, ns), int(ns)), -1 / n),
        "upset_rate": mean_ci(*skill.agg("upset")),
    }
    if not field:  # skill games only (`skill_curve`)
        return out
    out = {"seat_gap": shares.gap(), "seat0_edge": shares.edge(), **out}
    pooled = module.pooled(field_totals) if hasattr(module, "pooled") else {}
    for m in module.METRICS:
        e = pooled[m.name] if m.name in pooled else mean_ci(*per_game.agg(m.name))
        out[m.name] = Estimate(e.mean, max(e.lo, 0.0), min(e.hi, 1.0), e.n) if m.share else e
    if exploit is not None:
        out["exploit"] = gain(game, rules_obj, field, exploit, seed, executor)
    return out


def trained_caveat(specs: list[str]) -> str:
    """The caveat a report carries when `trained` or `distilled` plays (tuned to the default rules)."""
    return f" Note: {TRAINED_NOTE}." if any(s.split(":")[0] in TUNED_TO_DEFAULTS for s in specs) else ""


def field_of(game_name: str, field: str | None, strong: str | None, weak: str | None) -> tuple[list[str], str, str]:
    """The field, strong and weak bot specs (the game's defaults where None), validated."""
    module = design_module(game_name)
    registry = api.get_game(game_name).registry
    specs = registry.parse_specs(",".join(module.FIELD) if field is None else field)
    strong_spec, weak_spec = (registry.parse_specs(s)[0] if s else d for s, d in ((strong, module.STRONG), (weak, module.WEAK)))
    if strong_spec == weak_spec:
        raise ValueError(f"--strong and --weak are both {strong_spec}; skill needs two different bots")
    return list(specs), strong_spec, weak_spec


def measure(
    game_name: str,
    *,
    players_list,
    rules: dict | None = None,
    field: str | None = None,
    strong: str | None = None,
    weak: str | None = None,
    games: int = 2000,
    seed: int = 0,
    out=None,
    progress: bool | None = None,
    executor=None,
    exploit: bool = False,
    budget: Budget = Budget(),
    robust: bool = False,
    population=None,
) -> dict:
    """Every design metric of one rule set at each player count: the summary of
    ``sim <game> metrics`` (a report with a table per metric group under --out);
    the degenerate-play metric too with ``exploit`` (a best response per player
    count on ``budget``); with ``robust`` the field games again under every
    field of the robust verdict (``fields``) and the skill curve (`sim.design.robust`),
    ``population`` (a population run's --out DIR) adding its equilibrium's field."""
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    from sim.report import Report
    from sim.sweep import Bar

    module = design_module(game_name)
    low, high = module.PLAYERS
    bad = [n for n in players_list if not low <= n <= high]
    if bad:
        raise ValueError(f"--players {bad[0]} is out of range; {game_name} design metrics take {low}..{high}")
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    budget.check()
    specs, strong_spec, weak_spec = field_of(game_name, field, strong, weak)
    rules = dict(rules or {})
    api.make_rules(api.get_game(game_name), module.at_players(players_list[0], rules))  # bad --rules: fail first
    club = robust_population(game_name, population, robust, rules)
    results = []
    with Bar(len(players_list), "metrics", progress) as bar:
        for n in players_list:
            figures = evaluate(
                game_name,
                module.at_players(n, rules),
                field=specs,
                strong=strong_spec,
                weak=weak_spec,
                games=games,
                seed=seed,
                executor=executor,
                exploit=budget if exploit else None,
            )
            results.append({"players": n, "metrics": to_json(figures)})
            bar.advance(f"metrics {n}p")
    defs = all_metrics(game_name, exploit)
    report = Report(f"Design metrics of a {game_name} rule set", out)
    report.text(
        f"Rules: {', '.join(f'{k}={v}' for k, v in rules.items()) or 'the rulebook defaults'}. Field games: "
        f"{', '.join(specs)}, every group of them in every seat order; skill games: {strong_spec} in every seat against "
        f"{weak_spec}. {games:,} games of each per player count (rounded up to whole games per lineup), "
        f"seed {seed}. Figures: mean [95% CI]; n in the last column."
        + (f" {budget.describe()}." if exploit else "")
        + trained_caveat([*specs, strong_spec, weak_spec])
    )
    # deferred: only --robust reports the verdict, and sim.design.robust imports this module
    from sim.design.robust_report import field_text, section as robust_section
    from sim.report import fmt

    table = pd.DataFrame(
        [
            {
                "metric": m.name,
                **{f"{r['players']} players": fmt(r["metrics"][m.name], 3) for r in results},
                "n": "/".join(str(r["metrics"][m.name]["n"]) for r in results),
            }
            for m in defs
        ]
    )
    report.table("metrics", table, "Design metrics per player count")
    if robust:
        extra = _robust_part(game_name, rules, players_list, specs, strong_spec, weak_spec, games, seed, executor, club)
        report.text(
            "The other fields: "
            + "; ".join(field_text(f) for f in extra["fields"])
            + "."
            + (" Not among them: " + "; ".join(extra["fields_left_out"]) + "." if extra["fields_left_out"] else "")
        )
        table = pd.DataFrame(
            [
                {
                    "metric": m.name,
                    **{
                        f"{f['name']}, {r['players']}p": fmt(r["metrics"][m.name], 3)
                        for f in [{"name": "study", "results": results}, *extra["fields"]]
                        for r in f["results"]
                    },
                }
                for m in defs
                if m.name != "exploit"
            ]
        )
        names = ", ".join(["study", *(f["name"] for f in extra["fields"])])
        report.table("fields", table, f"Design metrics under every field ({names}), mean [95% CI]")
        robust_section(report, extra)
    report.text("**Definitions.** " + " ".join(f"`{m.name}`: {m.definition}." for m in defs))
    summary = {
        "game": game_name,
        "games": games,
        "seed": seed,
        "rules": rules,
        "field": specs,
        "strong": strong_spec,
        "weak": weak_spec,
        "players": list(players_list),
        "results": results,
        "definitions": {m.name: m.definition for m in defs},
    }
    if exploit:
        summary["exploit_budget"] = asdict(budget)
    if robust:
        summary.update(extra)
    report.save(summary)
    return summary


def robust_population(game_name: str, population, robust: bool, rules: dict | None):
    """The population field's club of ``--population DIR`` (None without it),
    read and checked before any game; the option needs ``--robust``."""
    if population is None:
        return None
    if not robust:
        raise ValueError("--population adds a field to the robust verdict; give --robust too")
    # deferred: only --population reads a population run
    from sim.design.population_field import load

    return load(game_name, population, rules)


def _robust_part(game_name, rules, players_list, specs, strong, weak, games, seed, executor, population=None) -> dict:
    """The field games under the robust verdict's other fields, and the skill curve, of one rule set."""
    # deferred: only --robust plays the other fields, and sim.design.robust imports this module
    from sim.design.robust import fields_of, skill_curve

    module = design_module(game_name)
    fields, notes = fields_of(module, specs, strong, weak, population)
    out = []
    for f in fields[1:]:  # the first is the study field: the main results
        per_n = [
            {
                "players": n,
                "metrics": to_json(
                    evaluate(
                        game_name,
                        module.at_players(n, rules),
                        field=list(f.bots),
                        strong=f.strong,
                        weak=f.weak,
                        games=games,
                        seed=seed,
                        executor=executor,
                    )
                ),
            }
            for n in players_list
        ]
        out.append({**f.to_json(), "results": per_n})
    evaluator = Evaluator(game_name, rules, list(players_list), specs, strong, weak, games, executor)
    return {"fields": out, "fields_left_out": notes, "skill_curve": skill_curve(evaluator, [("these rules", {})], seed)}


class Evaluator:
    """Scores candidates: the design metrics at every player count."""

    def __init__(self, game: str, base: dict, players: list[int], field, strong, weak, games: int, executor=None, exploit=None):
        self.game, self.base, self.players, self.executor = game, base, players, executor
        self.field, self.strong, self.weak, self.games = field, strong, weak, games
        self.exploit = exploit  # a Budget: the degenerate-play metric too
        self.module = design_module(game)

    def rules(self, values: dict, players: int) -> dict:
        return self.module.at_players(players, {**self.base, **self.module.rules_for(values)})

    def check(self, values: dict):
        """Bad rules raise ValueError before any game is played."""
        for n in self.players:
            api.make_rules(api.get_game(self.game), self.rules(values, n))

    def __call__(self, values: dict, seed: int) -> dict[int, dict[str, Estimate]]:
        return {
            n: evaluate(
                self.game,
                self.rules(values, n),
                field=self.field,
                strong=self.strong,
                weak=self.weak,
                games=self.games,
                seed=seed,
                executor=self.executor,
                exploit=self.exploit,
            )
            for n in self.players
        }
