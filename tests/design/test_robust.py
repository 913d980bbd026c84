"""The robust verdict and the skill curve (`sim.design.robust`) on a scripted
evaluator: which fields are seated, when a pick is robust, which (field,
metric) flips are named, when the top rungs are indistinguishable. The
evaluator plays no game: its figures are set per field and rule set."""

from __future__ import annotations

import types

import pandas as pd

from sim.design.compare import z_for
from sim.design.population_field import Population
from sim.design.report import Report
from sim.design.robust import LADDER, POPULATION, POPULATION_NOTE, STUDY, UNTUNED, fields_of, skill_curve, verdict
from sim.design.robust_report import section
from sim.stats import Estimate

MODULE = types.SimpleNamespace(
    LADDER=(("chance", "random"), ("simple", "greedy"), ("search", "planner"), ("trained", "trained")),
)
OBJECTIVES = ["maximize:skill", "minimize:seat_gap"]
#: A population's equilibrium as a club: 6 seats of counter, 4 of a trained member.
CLUB = Population(
    "runs/pop", 4, "the default rules", (("counter", "counter", 6), ("psro-2", "policy:file=runs/pop/br-2/weights.json", 4))
)


class Scripted:
    """An evaluator whose figures are ``table[field name][rule set]`` (field
    recognised by its first bot), with the attributes the verdict reads."""

    def __init__(self, table, curve=None):
        self.module, self.exploit = MODULE, None
        self.field, self.strong, self.weak = ["trained", "greedy", "air"], "greedy", "air"
        self.table, self.curve, self.calls = table, curve or {}, []

    def __call__(self, values, seed):
        rules = "pick" if values else "defaults"
        self.calls.append((tuple(self.field), self.strong, self.weak, rules, seed))
        if not self.field:  # skill games only: the curve
            mean = self.curve[rules][self.strong]
            return {4: {"skill": Estimate(mean, mean - 0.02, mean + 0.02, 500)}}
        name = {"trained": STUDY, "greedy": UNTUNED, "random": LADDER, "counter": POPULATION}[self.field[0]]
        skill, gap = self.table[name][rules]
        return {
            4: {"skill": Estimate(skill, skill - 0.01, skill + 0.01, 500), "seat_gap": Estimate(gap, gap - 0.01, gap + 0.01, 500)}
        }


def test_the_untuned_field_drops_the_tuned_bots_and_the_ladder_plays_top_against_bottom():
    fields, notes = fields_of(MODULE, ["trained", "greedy", "air"], "greedy", "air")
    assert [(f.name, f.bots, f.strong, f.weak) for f in fields] == [
        (STUDY, ("trained", "greedy", "air"), "greedy", "air"),
        (UNTUNED, ("greedy", "air"), "greedy", "air"),
        (LADDER, ("random", "greedy", "planner", "trained"), "trained", "random"),
    ]
    assert notes == [POPULATION_NOTE]  # no population run given


def test_a_field_without_tuned_bots_is_not_counted_twice():
    fields, notes = fields_of(MODULE, ["greedy", "air"], "greedy", "air")
    assert [f.name for f in fields] == [STUDY, LADDER] and "copy" in notes[0]


def test_the_distilled_bot_counts_as_tuned_to_the_default_rules():
    """`distilled` was fitted to `trained` and fine-tuned under the default rules."""
    fields, _ = fields_of(MODULE, ["distilled:preset=x", "greedy", "air"], "greedy", "air")
    assert fields[1].name == UNTUNED and fields[1].bots == ("greedy", "air")


def test_better_under_every_field_is_robust_and_every_field_plays_the_same_seed():
    table = {name: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)} for name in (STUDY, UNTUNED, LADDER)}
    ev = Scripted(table)
    out = verdict(ev, {"air": 36}, OBJECTIVES, seed=5)
    assert out["robust"] and out["flips"] == [] and out["tests"] == 6
    assert {c[-1] for c in ev.calls} == {5} and len(ev.calls) == 6


def test_a_field_where_the_pick_loses_makes_it_fragile_and_names_the_field_and_metric():
    table = {
        STUDY: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        UNTUNED: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        LADDER: {"defaults": (0.10, 0.05), "pick": (0.02, 0.05)},
    }
    out = verdict(Scripted(table), {"air": 36}, OBJECTIVES, seed=5)
    assert not out["robust"] and out["holds"] == {STUDY: True, UNTUNED: True, LADDER: False}
    assert out["flips"] == [{"field": LADDER, "metric": "skill", "verdict": "worse", "study": "better"}]


def test_the_study_fields_rows_already_played_are_not_played_again():
    table = {name: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)} for name in (UNTUNED, LADDER)}
    known = tuple({"metrics": {m: {"mean": v, "ci95": [v - 0.01, v + 0.01], "n": 9} for m, v in zip(("skill", "seat_gap"), figs)}}
                  for figs in ((0.1, 0.05), (0.2, 0.05)))  # fmt: skip
    ev = Scripted(table)
    out = verdict(ev, {"air": 36}, OBJECTIVES, seed=5, known=known)
    assert out["robust"] and all(c[0][0] != "trained" for c in ev.calls)


def test_the_skill_curve_plays_each_rung_against_the_one_below_and_says_when_the_top_ones_tie():
    curve = {"defaults": {"greedy": 0.3, "planner": 0.2, "trained": 0.0}, "pick": {"greedy": 0.3, "planner": 0.2, "trained": 0.1}}
    ev = Scripted({}, curve)
    out = skill_curve(ev, [("rulebook defaults", {}), ("trial 1", {"air": 36})], seed=3)
    steps = [(s["rules"], s["upper"], s["lower"]) for s in out["steps"]]
    assert steps[:3] == [("rulebook defaults", "greedy", "random"), ("rulebook defaults", "planner", "greedy"),
                         ("rulebook defaults", "trained", "planner")]  # fmt: skip
    assert out["top_indistinguishable"] == {"rulebook defaults": True, "trial 1": False}
    assert all(field == () for field, *_ in ev.calls)  # skill games only


def test_the_report_shows_one_table_and_names_the_flip(tmp_path):
    table = {
        STUDY: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        UNTUNED: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        LADDER: {"defaults": (0.10, 0.05), "pick": (0.02, 0.05)},
    }
    rec = {"robust": verdict(Scripted(table), {"air": 36}, OBJECTIVES, seed=5)}
    report = Report("t", tmp_path)
    section(report, rec)
    text = "\n".join(report.lines)
    assert "**Fragile.**" in text and "skill under ladder is worse (study field: better)" in text
    frame = report.tables["robust"]
    assert isinstance(frame, pd.DataFrame) and len(frame) == 3 * 2
    assert (tmp_path / "robust.png").is_file()


def test_the_population_field_counts_in_the_bonferroni_tests_and_can_break_the_verdict():
    table = {
        STUDY: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        UNTUNED: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        LADDER: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)},
        POPULATION: {"defaults": (0.10, 0.05), "pick": (0.10, 0.05)},
    }
    ev = Scripted(table)
    out = verdict(ev, {"air": 36}, OBJECTIVES, seed=5, population=CLUB)
    assert out["tests"] == 4 * 2 and out["z"] == z_for(8) > z_for(6)
    assert not out["robust"] and out["holds"][POPULATION] is False
    assert out["flips"] == [{"field": POPULATION, "metric": "skill", "verdict": "not shown better", "study": "better"}]
    assert (tuple(CLUB.bots), "greedy", "air") in {c[:3] for c in ev.calls}  # the club, the study's strong and weak
    assert POPULATION_NOTE not in out["left_out"]


def test_without_a_population_the_verdict_says_how_to_add_one():
    table = {name: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)} for name in (STUDY, UNTUNED, LADDER)}
    out = verdict(Scripted(table), {"air": 36}, OBJECTIVES, seed=5)
    assert POPULATION_NOTE in out["left_out"] and "--population DIR" in POPULATION_NOTE


def test_the_report_names_the_population_field_its_members_and_its_source(tmp_path):
    table = {name: {"defaults": (0.10, 0.05), "pick": (0.20, 0.05)} for name in (STUDY, UNTUNED, LADDER, POPULATION)}
    rec = {"robust": verdict(Scripted(table), {"air": 36}, OBJECTIVES, seed=5, population=CLUB)}
    report = Report("t", tmp_path)
    section(report, rec)
    text = "\n".join(report.lines)
    assert (
        "population (counter ×6, psro-2 (policy:file=runs/pop/br-2/weights.json) ×4 of 10 seats: the equilibrium of a "
        "4-player population under the default rules (runs/pop)" in text
    )
    assert "--population" not in text and set(report.tables["robust"]["field"]) == {STUDY, UNTUNED, LADDER, POPULATION}
