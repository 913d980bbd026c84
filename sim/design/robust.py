"""The robust verdict: does a rule set beat the defaults whoever plays?

A design study scores candidates with one field; a bot tuned to the default
rules (`trained`) or one play style can carry a verdict. So the pick and the
defaults are played again, on the same confirmation games, under several
fields, each seated balanced (`sim.sweep.field_lineups`):

* **study** — the study's own field (the game's heuristic mix by default),
* **untuned** — that field without the bots tuned to the default rules
  (`trained`, `distilled`: ``TUNED_TO_DEFAULTS``); dropped, and said so,
  when the field holds none,
* **ladder** — the game's skill ladder (``LADDER``: chance, a simple
  heuristic, search, trained) seated as one field; its skill games put the
  top rung against the bottom one.

* **population** — with ``--population DIR``, the equilibrium mixture of a
  population run (`sim <game> population --out DIR`) as a club of players
  (`sim.design.population_field`); without it the notes say how to add it.
  The run is not repeated per rule set (far dearer than a field): the
  report names the rules it was grown under.

A pick is **robust** when under every field it is better than the
defaults beyond the interval (Bonferroni over fields x objectives) on at
least one objective and worse on none; each (field, metric) whose verdict
differs from the study field's is a **flip**, named in the report.

The **skill curve** plays each rung of the ladder against the rung below
(the upper rung in every seat in turn against n-1 of the lower: its win
share - 1/n, Wilson CI), for the defaults and the pick: how much a better
player gains at each step. When the top step's interval covers 0 the top
rungs are indistinguishable under those rules.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from sim.design.compare import compare, difference, z_for
from sim.design.figures import combine, to_json
from sim.design.metric_defs import TUNED_TO_DEFAULTS

STUDY, UNTUNED, LADDER, POPULATION = "study", "untuned", "ladder", "population"
POPULATION_NOTE = "population: pass --population DIR (a population run's --out) to seat its equilibrium mixture as a field"


@dataclass(frozen=True)
class Field:
    name: str
    bots: tuple[str, ...]
    strong: str
    weak: str
    members: tuple[tuple[str, str, int], ...] = ()  # (entrant, spec, seats) of a club of repeated bots
    source: str = ""  # where the field comes from, when not from the game's own lists

    def to_json(self) -> dict:
        out = {"name": self.name, "bots": list(self.bots), "strong": self.strong, "weak": self.weak}
        if self.members:
            out["members"] = [{"entrant": e, "spec": s, "seats": c} for e, s, c in self.members]
        if self.source:
            out["source"] = self.source
        return out


def fields_of(module, field: list[str], strong: str, weak: str, population=None) -> tuple[list[Field], list[str]]:
    """The fields of the verdict and the notes on those left out (a copy of
    another, or missing facts); ``population``: a `sim.design.population_field.Population`."""
    fields, notes = [Field(STUDY, tuple(field), strong, weak)], []
    tuned = set(TUNED_TO_DEFAULTS)
    untuned = tuple(b for b in field if b.split(":")[0] not in tuned)
    if not untuned:
        notes.append("untuned: every bot of the study field is tuned to the default rules")
    elif untuned == tuple(field):
        notes.append("untuned: the study field holds no bot tuned to the default rules, so it would be a copy")
    else:
        fields.append(Field(UNTUNED, untuned, strong, weak))
    ladder = getattr(module, "LADDER", ())
    if ladder:
        bots = tuple(b for _, b in ladder)
        fields.append(Field(LADDER, bots, bots[-1], bots[0]))
    else:
        notes.append("ladder: the game names no skill ladder")
    if population is None:
        notes.append(POPULATION_NOTE)
    else:
        # The study's strong and weak bots: the equilibrium ranks no member above another (it is a
        # mix nobody can exploit, not a ladder), so its skill games stay the study's own.
        fields.append(Field(POPULATION, population.bots, strong, weak, population.members, population.describe()))
    return fields, notes


def _metric(objective: str) -> str:
    return objective.partition(":")[2]


def _row(per_n: dict) -> dict:
    """Figures per player count combined into one row (`sim.design.study.combine`)."""
    names = next(iter(per_n.values())).keys()
    return {"metrics": to_json({m: combine([figs[m] for figs in per_n.values()]) for m in names})}


def _with(evaluator, f: Field | None):
    """The evaluator with another field (None: skill games only, no exploit metric)."""
    ev = copy.copy(evaluator)
    ev.exploit = None
    if f is None:
        ev.field = []
    else:
        ev.field, ev.strong, ev.weak = list(f.bots), f.strong, f.weak
    return ev


def verdict(
    evaluator, knobs: dict, objectives: list[str], seed: int, known: tuple[dict, dict] | None = None, population=None
) -> dict:
    """The pick (``knobs``) against the defaults under every field on ``seed``;
    ``known``: (defaults row, pick row) the study field already played there;
    ``population``: the population field's club (`fields_of`)."""
    fields, notes = fields_of(evaluator.module, evaluator.field, evaluator.strong, evaluator.weak, population)
    tests = len(fields) * len(objectives)
    z = z_for(tests)
    rows, holds, per_field = [], {}, {}
    for f in fields:
        if f.name == STUDY and known is not None:
            defaults, pick = known
        else:
            ev = _with(evaluator, f)
            defaults, pick = _row(ev({}, seed)), _row(ev(knobs, seed))
        better, worse, _ = compare(pick, defaults, objectives, z)
        holds[f.name] = bool(better) and not worse
        for o in objectives:
            m = _metric(o)
            v = "better" if o in better else "worse" if o in worse else "not shown better"
            per_field[f.name, m] = v
            rows.append(
                {
                    "field": f.name,
                    "metric": m,
                    "objective": o,
                    "pick": pick["metrics"][m],
                    "defaults": defaults["metrics"][m],
                    "difference": difference(pick, defaults, m, z),
                    "verdict": v,
                }
            )
    flips = [
        {"field": f.name, "metric": _metric(o), "verdict": per_field[f.name, _metric(o)], "study": per_field[STUDY, _metric(o)]}
        for f in fields[1:]
        for o in objectives
        if per_field[f.name, _metric(o)] != per_field[STUDY, _metric(o)]
    ]
    return {
        "fields": [f.to_json() for f in fields],
        "left_out": notes,
        "tests": tests,
        "z": z,
        "rows": rows,
        "holds": holds,
        "robust": all(holds.values()),
        "flips": flips,
    }


def skill_curve(evaluator, candidates: list[tuple[str, dict]], seed: int) -> dict:
    """Each ladder step (rung k against rung k-1) under each rule set of
    ``candidates`` (label, knobs): the upper rung's win share - 1/n, combined
    over the player counts."""
    ladder = getattr(evaluator.module, "LADDER", ())
    if len(ladder) < 2:
        return {"steps": [], "note": "the game names no skill ladder"}
    ev = _with(evaluator, None)
    steps, top = [], {}
    for label, knobs in candidates:
        for (low_name, low), (high_name, high) in zip(ladder, ladder[1:]):
            ev.strong, ev.weak = high, low
            gain = _row(ev(knobs, seed))["metrics"]["skill"]
            steps.append({"rules": label, "step": f"{high_name} over {low_name}", "upper": high, "lower": low, "gain": gain})
        top[label] = steps[-1]["gain"]["ci95"][0] <= 0 <= steps[-1]["gain"]["ci95"][1]
    return {"steps": steps, "top_indistinguishable": top}
