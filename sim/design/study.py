"""``sim <game> design``: search the rule knobs for a fair, skilful, tense game.

A candidate is one point of the knob space. It is scored by the design
metrics (`sim.design.metrics.evaluate`) at every player count asked for, each
objective the mean of the metric over the player counts, each constraint met
when the metric lies in its range at every player count. All candidates play
the same seed: the same deals per lineup (common random numbers), so the
sampler compares rule sets, not luck.

optuna proposes the candidates (NSGA-II by default, or TPE) and keeps the
study in its storage — ``OUT/study.db`` (SQLite) or any storage URL — under a
name derived from the command's settings, so the same command resumes the
same study: ``--trials`` is the number of finished trials the study should
have, and a second run with more adds the difference. The Pareto front of the
feasible trials is then re-evaluated on a fresh seed (selection and
evaluation on different games, statistics.md) next to the rulebook defaults.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pandas as pd

from sim import api, store
from sim.design import knobs as K
from sim.design.degenerate import Budget
from sim.design.metric_defs import EXPLOIT, all_metrics, design_module
from sim.design.metrics import evaluate, field_of
from sim.design.pareto import pareto_front
from sim.stats import Estimate

SAMPLERS = ("nsga2", "tpe")
FRESH_SEED_OFFSET = 1_000_003  # the re-evaluation's seed: seed + this (other games than the search's)


def storage_url(storage: str | None, out: Path | None) -> str | None:
    """Where the study lives: the URL given, else ``OUT/study.db``, else memory (None)."""
    if storage:
        return storage
    if out is None:
        return None
    Path(out).mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(out).resolve() / 'study.db'}"


def study_name(config: dict) -> str:
    """A name that changes with every setting that changes what a trial measures."""
    digest = hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()[:12]
    return f"{config['game']}-design-{digest}"


def field_fingerprint(game_name: str, players_list, specs) -> str:
    """What the field plays (engine code and every bot's parameters, e.g. the
    weights behind `trained`): a study goes on only with the same play."""
    game = api.get_game(game_name)
    return store.play_fingerprint(game, [game.registry.parse(s, n) for n in players_list for s in specs])


def suggest(trial, spaces: list[K.Space]) -> dict:
    """One point of the knob space (fixed knobs as given)."""
    values = {}
    for s in spaces:
        name = s.knob.name
        if s.is_range and s.knob.kind == "int":
            values[name] = trial.suggest_int(name, int(s.low), int(s.high))
        elif s.is_range:
            values[name] = trial.suggest_float(name, s.low, s.high)
        elif s.fixed:
            values[name] = s.values[0]
        else:
            values[name] = trial.suggest_categorical(name, list(s.values))
    return values


def combine(estimates: list[Estimate]) -> Estimate:
    """The mean of one metric over independent evaluations (player counts):
    half widths combine as sqrt(sum of squares) / k (normal approximation);
    one evaluation is its own estimate."""
    k = len(estimates)
    if k == 1:
        return estimates[0]
    mean = sum(e.mean for e in estimates) / k
    half = math.sqrt(sum(((e.hi - e.lo) / 2) ** 2 for e in estimates)) / k
    return Estimate(mean, mean - half, mean + half, sum(e.n for e in estimates))


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


def _corners(spaces: list[K.Space]) -> list[dict]:
    """The low and the high end of every knob (first choices, last choices)."""
    return [{s.knob.name: (s.low if end == 0 else s.high) if s.is_range else s.values[-end] for s in spaces} for end in (0, 1)]


def _typed(values: dict, spaces: list[K.Space]) -> dict:
    return {s.knob.name: int(values[s.knob.name]) if s.knob.kind == "int" else values[s.knob.name] for s in spaces}


def design(
    game_name: str,
    *,
    knobs: str,
    objectives: str = "skill,fairness,tension",
    constraints: list[str] | None = None,
    players_list=(4,),
    rules: dict | None = None,
    field: str | None = None,
    strong: str | None = None,
    weak: str | None = None,
    games: int = 1000,
    seed: int = 0,
    trials: int = 50,
    sampler: str = "nsga2",
    storage: str | None = None,
    out: Path | None = None,
    eval_games: int | None = None,
    top: int = 8,
    progress: bool | None = None,
    executor=None,
    exploit: bool = False,
    budget: Budget = Budget(),
) -> dict:
    """Run (or resume) a design study and re-evaluate its Pareto front; the
    summary of ``sim <game> design`` (report, Parquet tables and plots under --out).
    The degenerate-play metric is measured (on ``budget``) with ``exploit`` or
    when an objective or constraint names it."""
    import optuna

    module = design_module(game_name)
    spaces = K.parse_knobs(knobs, module.KNOBS)
    objs = K.parse_objectives(objectives, all_metrics(game_name), module.ALIASES)
    cons = K.parse_constraints(constraints or [], all_metrics(game_name), module.ALIASES)
    exploit = exploit or EXPLOIT.name in {o.metric for o in objs} | {c.metric for c in cons}
    budget.check()
    defs = all_metrics(game_name, exploit)
    low, high = module.PLAYERS
    players_list = sorted(set(players_list))
    if any(not low <= n <= high for n in players_list):
        raise ValueError(f"--players must lie in {low}..{high} for {game_name}")
    if sampler not in SAMPLERS:
        raise ValueError(f"--sampler {sampler!r} is not known; choose one of: {', '.join(SAMPLERS)}")
    if trials < 1 or games < 2 or top < 1:
        raise ValueError("--trials and --top must be at least 1, --games at least 2")
    base = dict(rules or {})
    clash = sorted(set(base) & {s.knob.name for s in spaces})
    if clash:
        raise ValueError(f"{clash[0]} is both a searched knob and set by --rules; give it in one place")
    specs, strong_spec, weak_spec = field_of(game_name, field, strong, weak)
    evaluator = Evaluator(
        game_name, base, players_list, specs, strong_spec, weak_spec, games, executor, budget if exploit else None
    )
    for corner in _corners(spaces):
        evaluator.check(corner)
    config = {
        "game": game_name,
        "knobs": [s.describe() for s in spaces],
        "objectives": [f"{o.direction}:{o.metric}" for o in objs],
        "constraints": [f"{c.metric}={c.low}..{c.high}" for c in cons],
        "players": players_list,
        "rules": base,
        "field": specs,
        "strong": strong_spec,
        "weak": weak_spec,
        "games": games,
        "seed": seed,
        "sampler": sampler,
        "rules_version": api.get_game(game_name).rules_cls.VERSION,
        "plays": field_fingerprint(game_name, players_list, [*specs, strong_spec, weak_spec]),
    }
    if exploit:  # only then: studies without the metric keep their names
        config["exploit"] = asdict(budget)
    name = study_name(config)
    optuna.logging.set_verbosity(optuna.logging.ERROR)  # a failed trial is reported by its exception
    url = storage_url(storage, out)
    try:
        study = optuna.create_study(study_name=name, storage=url, load_if_exists=True, directions=[o.direction for o in objs])
    except Exception as e:  # optuna and SQLAlchemy raise their own types for a bad URL
        raise ValueError(
            f"cannot open the study storage {url!r}: {str(e).splitlines()[0] if str(e) else e!r}; "
            "give an optuna storage URL such as sqlite:///study.db"
        ) from None
    done = sum(t.state == optuna.trial.TrialState.COMPLETE for t in study.trials)
    if done < trials:
        study.sampler = _sampler(sampler, seed + done, bool(cons))  # a resumed run draws new points
        _optimize(study, evaluator, spaces, objs, cons, seed, trials - done, progress)
    return _finish(
        study, name, url, config, evaluator, spaces, objs, cons, defs, module, seed, eval_games or games, top, out, progress
    )


def _sampler(kind: str, seed: int, constrained: bool):
    """The sampler; constraints reach it through ``Trial.set_constraint``
    (optuna 5) or, in optuna 4, through ``constraints_func``."""
    import optuna

    old_api = not hasattr(optuna.trial.Trial, "set_constraint")
    cfunc = (lambda t: t.user_attrs["violations"]) if constrained and old_api else None
    if kind == "tpe":
        return optuna.samplers.TPESampler(seed=seed, constraints_func=cfunc)
    return optuna.samplers.NSGAIISampler(seed=seed, constraints_func=cfunc)


def _optimize(study, evaluator, spaces, objs, cons, seed, n_trials, progress):
    from sim.sweep import Bar

    def objective(trial):
        values = suggest(trial, spaces)
        evaluator.check(values)
        per_n = evaluator(values, seed)
        trial.set_user_attr("metrics", {str(n): {k: e.mean for k, e in f.items()} for n, f in per_n.items()})
        violations = [max(c.violation(f[c.metric].mean) for f in per_n.values()) for c in cons]
        trial.set_user_attr("violations", violations)
        if hasattr(trial, "set_constraint"):
            for c, v in zip(cons, violations):
                trial.set_constraint(c.metric, v)
        return tuple(sum(f[o.metric].mean for f in per_n.values()) / len(per_n) for o in objs)

    with Bar(n_trials, "design trials", progress) as bar:
        study.optimize(objective, n_trials=n_trials, callbacks=[lambda s, t: bar.advance()], catch=(ValueError,))


def trials_table(study, spaces, objs, cons) -> pd.DataFrame:
    """Every finished trial: its knobs, objective values (selection seed) and constraint violations."""
    import optuna

    rows = []
    for t in study.trials:
        if t.state != optuna.trial.TrialState.COMPLETE:
            continue
        fixed = {s.knob.name: s.values[0] for s in spaces if s.fixed}
        rows.append(
            {
                "trial": t.number,
                **fixed,
                **t.params,
                **{o.metric: v for o, v in zip(objs, t.values)},
                **{f"violation_{c.metric}": v for c, v in zip(cons, t.user_attrs.get("violations", []))},
            }
        )
    return pd.DataFrame(rows)


def front_of(table: pd.DataFrame, objs, cons) -> list[int]:
    """Row positions of the feasible Pareto front of a trials table. When no
    trial meets the constraints, the front of those nearest to meeting them
    (the smallest total violation) instead: a designer then sees how close
    the search came (the summary's ``feasible_trials`` says 0)."""
    if table.empty:
        return []
    signed = np.column_stack([o.sign * table[o.metric].to_numpy(float) for o in objs])
    return pareto_front(signed, least_violating(table, cons))


def violation(table: pd.DataFrame, cons) -> np.ndarray:
    """Each trial's total constraint violation (0: feasible)."""
    return sum((table[f"violation_{c.metric}"].to_numpy(float) for c in cons), np.zeros(len(table)))


def least_violating(table: pd.DataFrame, cons) -> np.ndarray:
    """The feasible trials, or if there are none those of the smallest total violation."""
    total = violation(table, cons)
    return total <= (0 if (total <= 0).any() else total.min())


def _spread(front: pd.DataFrame, first: str, top: int) -> pd.DataFrame:
    """At most ``top`` front members, evenly spaced along the first objective."""
    if len(front) <= top:
        return front
    ordered = front.sort_values(first)
    return ordered.iloc[np.unique(np.linspace(0, len(ordered) - 1, top).round().astype(int))]


def _finish(study, name, url, config, evaluator, spaces, objs, cons, defs, module, seed, eval_games, top, out, progress):
    from sim.design.report import write
    from sim.sweep import Bar

    table = trials_table(study, spaces, objs, cons)
    front = table.iloc[front_of(table, objs, cons)] if len(table) else table
    chosen = _spread(front, objs[0].metric, top)
    fresh = (seed + FRESH_SEED_OFFSET) % 2**64
    evaluator.games = eval_games
    knob_names = [s.knob.name for s in spaces]
    candidates = [("rulebook defaults", {})] + [
        (f"trial {int(r.trial)}", _typed({k: getattr(r, k) for k in knob_names}, spaces)) for r in chosen.itertuples()
    ]
    rows = []
    with Bar(len(candidates), "re-evaluating the front", progress) as bar:
        for label, values in candidates:
            per_n = evaluator(values, fresh)
            row = {"candidate": label, **{k: values.get(k, "") for k in knob_names}}
            for m in defs:
                for n, figs in per_n.items():
                    e = figs[m.name]
                    row[f"{m.name}@{n}"], row[f"{m.name}@{n}_lo"], row[f"{m.name}@{n}_hi"] = e.mean, e.lo, e.hi
                e = combine([figs[m.name] for figs in per_n.values()])
                row[m.name], row[f"{m.name}_lo"], row[f"{m.name}_hi"], row[f"{m.name}_n"] = e.mean, e.lo, e.hi, e.n
            row["feasible"] = all(c.low <= row[f"{c.metric}@{n}"] <= c.high for c in cons for n in per_n)
            rows.append(row)
            bar.advance()
    evaluated = pd.DataFrame(rows)
    for k in knob_names:  # mixed numbers and "" (defaults): store as text
        evaluated[k] = evaluated[k].map(str)
    summary = {
        "game": config["game"],
        "study": name,
        "storage": url,
        "trials": len(table),
        "feasible_trials": int((violation(table, cons) <= 0).sum()) if len(table) else 0,
        "front_size": len(front),
        "evaluated": len(chosen),
        "selection_seed": seed,
        "evaluation_seed": fresh,
        "games": config["games"],
        "evaluation_games": eval_games,
        "config": config,
        "front": [_row_json(r, knob_names, objs, cons, defs) for r in rows],
    }
    write(summary, table, front, evaluated, spaces, objs, cons, defs, out)
    return summary


def _row_json(row: dict, knob_names, objs, cons, defs) -> dict:
    return {
        "candidate": row["candidate"],
        "knobs": {k: row[k] for k in knob_names if row[k] != ""},
        "feasible": row["feasible"],
        "metrics": {
            m.name: {"mean": row[m.name], "ci95": [row[f"{m.name}_lo"], row[f"{m.name}_hi"]], "n": row[f"{m.name}_n"]}
            for m in defs
        },
    }
