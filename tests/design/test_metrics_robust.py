"""`sim <game> metrics --robust` on a scripted evaluation (no games): one rule
set's figures under every field of the robust verdict, each field played with
its own bots on the same seed, and the skill curve of the game's ladder."""

from __future__ import annotations

import json

import pytest

from sim import api
from sim.design import metrics as M
from sim.design.metric_defs import all_metrics, design_module
from sim.stats import Estimate

LADDER = [bot for _, bot in design_module("luft").LADDER]


@pytest.fixture
def played(monkeypatch):
    """Every evaluation asked for; the skill figure is the strong bot's ladder
    rung minus the weak one's, in tenths, so each step of the curve is known."""
    calls = []
    names = [m.name for m in all_metrics("luft", False)]

    def evaluate(game, rules, *, field, strong, weak, games, seed, executor=None, exploit=None):
        calls.append({"field": tuple(field), "strong": strong, "weak": weak, "players": rules["players"], "seed": seed})
        rung = {b: i for i, b in enumerate(LADDER)}
        skill = 0.1 * (rung.get(strong, 0) - rung.get(weak, 0))
        figs = {n: Estimate(0.3, 0.29, 0.31, games) for n in names}
        figs["skill"] = Estimate(skill, skill - 0.02, skill + 0.02, games)
        return figs

    monkeypatch.setattr(M, "evaluate", evaluate)
    return calls


def test_metrics_robust_plays_the_rule_set_under_every_field_on_the_same_seed(played, tmp_path):
    field = "distilled,greedy-value,air"
    rules = {"air": "30"}
    summary = M.measure("luft", players_list=[3, 4], rules=rules, field=field, games=100, seed=5, out=tmp_path, robust=True)
    fields = {f["name"]: f for f in summary["fields"]}
    assert list(fields) == ["untuned", "ladder"]
    assert fields["untuned"]["bots"] == ["greedy-value", "air"]  # distilled is tuned to the default rules
    assert fields["ladder"]["bots"] == LADDER and fields["ladder"]["strong"] == LADDER[-1]
    assert all([r["players"] for r in f["results"]] == [3, 4] for f in summary["fields"])
    seated = {c["field"] for c in played}
    assert {("distilled", "greedy-value", "air"), ("greedy-value", "air"), tuple(LADDER)} <= seated
    assert {c["seed"] for c in played} == {5}
    assert json.loads((tmp_path / "summary.json").read_text())["fields"] == json.loads(json.dumps(summary["fields"]))
    report = (tmp_path / "report.md").read_text()
    assert "untuned, 3p" in report and "pass --population DIR" in report  # no population run given


def test_metrics_robust_skill_curve_steps_each_rung_over_the_one_below(played, tmp_path):
    summary = M.measure("luft", players_list=[4], rules={}, games=100, seed=1, out=tmp_path, robust=True)
    steps = summary["skill_curve"]["steps"]
    assert [(s["upper"], s["lower"]) for s in steps] == list(zip(LADDER[1:], LADDER[:-1]))
    assert all(s["gain"]["mean"] == pytest.approx(0.1) for s in steps)
    assert summary["skill_curve"]["top_indistinguishable"] == {"these rules": False}


def test_metrics_without_robust_plays_the_study_field_only(played, tmp_path):
    summary = M.measure("luft", players_list=[4], rules={}, games=100, seed=1, out=tmp_path)
    assert "fields" not in summary and "skill_curve" not in summary
    assert {c["field"] for c in played} == {tuple(design_module("luft").FIELD)}


def test_metrics_robust_with_a_population_plays_its_club_and_names_it(played, tmp_path):
    rules = json.loads(json.dumps(api.make_rules(api.get_game("luft"), players=4).to_dict()))
    run = tmp_path / "pop"
    run.mkdir()
    final = {"entrants": ["air", "greedy-value", "random"], "equilibrium": [0.31, 0.69, 0.0]}
    (run / "summary.json").write_text(
        json.dumps({"game": "luft", "players": 4, "rules": rules, "final": final, "complete": True})
    )
    summary = M.measure("luft", players_list=[4], rules={}, games=100, seed=1, out=tmp_path, robust=True, population=run)
    club = next(f for f in summary["fields"] if f["name"] == "population")
    assert club["bots"] == ["air"] * 3 + ["greedy-value"] * 7
    assert {(c["strong"], c["weak"]) for c in played if c["field"] == tuple(club["bots"])} == {
        (design_module("luft").STRONG, design_module("luft").WEAK)
    }
    report = (tmp_path / "report.md").read_text()
    assert (
        "population (air ×3, greedy-value ×7 of 10 seats: the equilibrium of a 4-player population under the default rules"
        in report
    )
    assert "population, 4p" in report and "--population DIR" not in report
