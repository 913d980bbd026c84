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
feasible trials is then re-evaluated on a fresh seed next to the rulebook
defaults, a pick is made there (`sim.design.recommend.select`, corrected for
the members compared) and confirmed on a third seed, with the defaults and
the defaults with only one of the pick's knobs changed (statistics.md:
selection and evaluation on different games).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pandas as pd

from sim import api, store
from sim.design import knobs as K
from sim.design.compare import difference, objective_sign
from sim.design.degenerate import Budget
from sim.design.figures import combine
from sim.design.metric_defs import EXPLOIT, all_metrics, design_module
from sim.design.metrics import Evaluator, field_of, robust_population
from sim.design.pareto import pareto_front
from sim.design.robust import skill_curve, verdict
from sim.sweep import LAYOUT

SAMPLERS = ("nsga2", "tpe")
FRESH_SEED_OFFSET = 1_000_003  # the selection's seed (the front re-evaluated): seed + this, other games than the search's
CONFIRM_SEED_OFFSET = 2_000_029  # the confirmation's seed: seed + this, games neither the search nor the selection saw


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
    robust: bool = False,
    population: Path | None = None,
) -> dict:
    """Run (or resume) a design study and re-evaluate its Pareto front; the
    summary of ``sim <game> design`` (report, Parquet tables and plots under --out).
    The degenerate-play metric is measured (on ``budget``) with ``exploit`` or
    when an objective or constraint names it; with ``robust`` the pick is also
    judged under several fields and the skill ladder's curve is measured
    (`sim.design.robust`) on the confirmation games; ``population`` (a
    population run's --out DIR) adds its equilibrium's field to them."""
    # deferred: loads optuna, slow to import (python -X importtime), for this path only
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
    club = robust_population(game_name, population, robust, base)
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
        "layout": LAYOUT,  # how fields are seated and metrics computed: trials of another layout are not resumed
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
        study,
        name,
        url,
        config,
        evaluator,
        spaces,
        objs,
        cons,
        defs,
        module,
        seed,
        eval_games or games,
        top,
        out,
        progress,
        robust,
        club,
    )


def _sampler(kind: str, seed: int, constrained: bool):
    """The sampler; constraints reach it through ``Trial.set_constraint``
    (optuna 5) or, in optuna 4, through ``constraints_func``."""
    # deferred: loads optuna, slow to import (python -X importtime), for this path only
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
    # deferred: loads optuna, slow to import (python -X importtime), for this path only
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


def _finish(
    study, name, url, config, evaluator, spaces, objs, cons, defs, module, seed, eval_games, top, out, progress, robust, club=None
):
    # deferred: loads matplotlib, slow to import (python -X importtime), for this path only
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
    with Bar(len(candidates), "re-evaluating the front", progress) as bar:
        rows = _evaluate_rows(evaluator, candidates, fresh, knob_names, defs, cons, bar)
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
    summary["recommendation"] = _confirm(summary, evaluator, spaces, knob_names, defs, cons, seed, progress, robust, club)
    write(summary, table, front, evaluated, spaces, objs, cons, defs, out)
    return summary


def _evaluate_rows(evaluator, candidates, seed, knob_names, defs, cons, bar) -> list[dict]:
    """Every metric of each (label, knob values) on ``seed``: per player count and
    combined over them, flat columns ``m``, ``m_lo``, ``m_hi``, ``m_n``, ``m@n``…"""
    rows = []
    for label, values in candidates:
        per_n = evaluator(values, seed)
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
    return rows


def edges(knobs: dict, spaces: list[K.Space]) -> list[dict]:
    """The picked knobs at an end of their searched range: a flag, not a finding
    (the best value may lie beyond); ``widenable`` when the rules allow more."""
    out = []
    for s in spaces:
        name = s.knob.name
        if not s.is_range or name not in knobs:
            continue
        tol = 0 if s.knob.kind == "int" else 0.02 * (s.high - s.low)
        value = float(knobs[name])
        for end, bound, allowed in (("low", s.low, s.knob.allowed[0]), ("high", s.high, s.knob.allowed[1])):
            if abs(value - bound) <= tol:
                widenable = bound > allowed if end == "low" else bound < allowed
                out.append(
                    {
                        "knob": name,
                        "value": knobs[name],
                        "end": end,
                        "range": [s.low, s.high],
                        "allowed": list(s.knob.allowed),
                        "widenable": widenable,
                    }
                )
    return out


def _confirm(summary, evaluator, spaces, knob_names, defs, cons, seed, progress, robust=False, club=None) -> dict:
    """The pick (`sim.design.recommend.select`, on the selection games) confirmed
    on games no step has seen: the pick, the defaults and the defaults with
    only one of the pick's knobs changed (those that change the rules);
    ``club``: the robust verdict's population field (`sim.design.population_field`)."""
    # deferred: loads matplotlib, slow to import (python -X importtime), for this path only
    from sim.design import recommend as R
    from sim.sweep import Bar

    pick = R.select(summary)
    objectives = summary["config"]["objectives"]
    base = {k: v for k, v in pick.items() if k not in ("row", "candidate", "knobs", "better", "reason")}
    out = {"pick": pick["candidate"], "pick_knobs": pick["knobs"], "selection_reason": pick["reason"], **base}
    confirmation_seed = (seed + CONFIRM_SEED_OFFSET) % 2**64
    if pick["candidate"] == R.DEFAULTS:
        reason = f"the defaults stay: {pick['reason']}"
        if robust:
            out["skill_curve"] = skill_curve(evaluator, [(R.DEFAULTS, {})], confirmation_seed)
        return {**out, "candidate": R.DEFAULTS, "knobs": {}, "better": [], "confirmed": False, "reason": reason, "edges": []}
    game = api.get_game(summary["game"])
    rules_of = lambda values: [api.make_rules(game, evaluator.rules(values, n)).to_dict() for n in evaluator.players]  # noqa: E731
    # The rule set a person prints (value_gap=5.986 -> 6) is the one confirmed and reported.
    knobs = K.printable(pick["knobs"], getattr(evaluator.module, "PRINTABLE", {}))
    label = pick["candidate"] if knobs == pick["knobs"] else f"{pick['candidate']}, printable"
    if knobs != pick["knobs"]:
        out["printable"] = {k: [pick["knobs"][k], v] for k, v in knobs.items() if v != pick["knobs"][k]}
    alone = [(f"only {k}={v}", {k: v}) for k, v in knobs.items() if rules_of({k: v}) != rules_of({})]
    candidates = [(R.DEFAULTS, {}), (label, knobs), *alone]
    with Bar(len(candidates), "confirming the pick on fresh games", progress) as bar:
        rows = _evaluate_rows(evaluator, candidates, confirmation_seed, knob_names, defs, cons, bar)
    rows = [_row_json(r, knob_names, None, cons, defs) for r in rows]
    for row, (_, values) in zip(rows, candidates):
        row["knobs"] = values
    defaults, picked, singles = rows[0], rows[1], rows[2:]
    check = R.confirm(picked, defaults, objectives)
    confirmed = check["confirmed"] and picked["feasible"]
    better = [o for o, v in check["verdicts"].items() if v == "better"]
    verdict_text = "; ".join(f"{o.partition(':')[2]} {v}" for o, v in check["verdicts"].items())
    if confirmed:
        reason = (
            f"picked from {pick['compared']} front members ({pick['tests']} Bonferroni tests on the selection games); "
            f"on fresh games ({check['tests']} tests): {verdict_text}" + _printable_text(out)
        )
    else:
        reason = (
            f"the defaults stay: the pick ({pick['candidate']}, from {pick['compared']} front members) did not hold "
            f"on fresh games ({check['tests']} tests): {verdict_text}"
            + ("" if picked["feasible"] else "; breaks a constraint")
            + _printable_text(out)
        )
    z = check["z"]
    gains = [
        {
            "candidate": row["candidate"],
            "knobs": row["knobs"],
            "differences": {o: difference(row, defaults, objective_sign(o)[0], z) for o in objectives},
        }
        for row in [picked, *singles]
    ]
    if robust:
        with Bar(1, "the pick under every field, the skill curve", progress) as bar:
            out["robust"] = verdict(evaluator, knobs, objectives, confirmation_seed, known=(defaults, picked), population=club)
            out["skill_curve"] = skill_curve(evaluator, [(R.DEFAULTS, {}), (label, knobs)], confirmation_seed)
            bar.advance()
    return {
        **out,
        "candidate": label if confirmed else R.DEFAULTS,
        "knobs": knobs if confirmed else {},
        "better": better if confirmed else [],
        "confirmed": confirmed,
        "reason": reason,
        "confirmation_seed": confirmation_seed,
        "confirmation_games": summary["evaluation_games"],
        "confirmation": rows,
        **{k: check[k] for k in ("verdicts", "differences")},
        "confirmation_z": z,
        "knob_gains": gains,
        "edges": edges(pick["knobs"], spaces),
    }


def _printable_text(out: dict) -> str:
    """The rounding to printable values, as the reason names it."""
    if "printable" not in out:
        return ""
    moved = ", ".join(f"{k} {raw:g} -> {v:g}" for k, (raw, v) in out["printable"].items())
    return f"; confirmed as printed ({moved})"


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
