"""The confirmation step end to end on a scripted evaluator (no games): the
pick's printable knobs are what the confirmation plays and reports, and with
``robust`` the recommendation carries the verdict under every field and the
skill curve, which the study's report shows."""

from __future__ import annotations

from sim.design import knobs as K
from sim.design.metric_defs import GENERIC, design_module
from sim.design.recommend import DEFAULTS
from sim.design.report import confirmation_section
from sim.design.study import Evaluator, _confirm
from sim.report import Report
from sim.stats import Estimate

OBJECTIVES = ["maximize:skill", "minimize:seat_gap"]


class Scripted(Evaluator):
    """The real evaluator's rules, with figures that depend only on whether
    the rules change value_gap (better skill) and on the field."""

    def __init__(self):
        super().__init__("luft", {}, [4], ["trained", "greedy-value", "air"], "greedy-value", "air", 100)
        self.played = []

    def __call__(self, values, seed):
        self.played.append((dict(values), tuple(self.field), self.strong, self.weak, seed))
        gain = 0.1 if "value_gap" in values else 0.0
        if self.field and self.field[0] == "random" and gain:  # the ladder field: the pick loses there
            gain = -0.1
        figs = {"skill": Estimate(0.2 + gain, 0.19 + gain, 0.21 + gain, 100)}
        if self.field:
            figs["seat_gap"] = Estimate(0.05, 0.04, 0.06, 100)
        return {4: figs}


def summary():
    fig = lambda m: {"mean": m, "ci95": [m - 0.01, m + 0.01], "n": 100}  # noqa: E731
    front = [
        {"candidate": DEFAULTS, "knobs": {}, "feasible": True, "metrics": {"skill": fig(0.2), "seat_gap": fig(0.05)}},
        {
            "candidate": "trial 7",
            "knobs": {"air": 30, "value_gap": 5.986},
            "feasible": True,
            "metrics": {"skill": fig(0.3), "seat_gap": fig(0.05)},
        },
    ]
    return {"game": "luft", "config": {"objectives": OBJECTIVES}, "front": front, "evaluation_games": 100}


def confirm(robust):
    ev = Scripted()
    spaces = K.parse_knobs("air=20..40,value_gap=3..7", design_module("luft").KNOBS)
    defs = [m for m in GENERIC if m.name in ("skill", "seat_gap")]
    rec = _confirm(summary(), ev, spaces, ["air", "value_gap"], defs, [], 0, False, robust)
    return rec, ev


def test_the_confirmation_plays_and_reports_the_printable_knobs():
    rec, ev = confirm(robust=False)
    assert rec["knobs"] == {"air": 30, "value_gap": 6} and rec["printable"] == {"value_gap": [5.986, 6]}
    assert rec["confirmed"] and "value_gap 5.986 -> 6" in rec["reason"]
    assert {"air": 30, "value_gap": 6} in [p[0] for p in ev.played] and all(p[0].get("value_gap") != 5.986 for p in ev.played)
    assert "robust" not in rec and "skill_curve" not in rec


def test_robust_adds_the_verdict_per_field_and_the_skill_curve_to_the_recommendation_and_report(tmp_path):
    rec, ev = confirm(robust=True)
    robust = rec["robust"]
    assert [f["name"] for f in robust["fields"]] == ["study", "untuned", "ladder"]
    assert robust["robust"] is False and robust["holds"] == {"study": True, "untuned": True, "ladder": False}
    assert {"field": "ladder", "metric": "skill", "verdict": "worse", "study": "better"} in robust["flips"]
    assert [s["step"] for s in rec["skill_curve"]["steps"][:3]] == [
        "simple heuristic over chance",
        "search over simple heuristic",
        "trained over search",
    ]
    assert {p[4] for p in ev.played} == {rec["confirmation_seed"]}  # every field on the confirmation games
    report = Report("t", tmp_path)
    confirmation_section(report, rec, OBJECTIVES)
    text = "\n".join(report.lines)
    assert "**Fragile.**" in text and "skill_curve" in report.tables and (tmp_path / "robust.png").is_file()
