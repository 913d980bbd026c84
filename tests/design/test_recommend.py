"""The recommendation rule: a front member replaces the rulebook defaults only
when it meets the constraints, beats them beyond the CIs somewhere and loses nowhere."""

from __future__ import annotations

import json

from sim.design.recommend import recommend, write

OBJECTIVES = ["maximize:skill", "minimize:seat_gap"]


def row(name, skill, gap, feasible=True, knobs=None):
    fig = lambda m, h: {"mean": m, "ci95": [m - h, m + h], "n": 1000}  # noqa: E731
    return {
        "candidate": name,
        "knobs": knobs or {},
        "feasible": feasible,
        "metrics": {"skill": fig(*skill), "seat_gap": fig(*gap)},
    }


def study(*rows):
    return {
        "config": {"objectives": OBJECTIVES, "knobs": ["air=15..40"], "constraints": []},
        "trials": 3,
        "games": 100,
        "evaluation_games": 1000,
        "front": [row("rulebook defaults", (0.30, 0.02), (0.05, 0.01)), *rows],
    }


def test_a_member_better_beyond_the_cis_and_worse_nowhere_is_recommended():
    pick = recommend(study(row("trial 1", (0.40, 0.02), (0.05, 0.01), knobs={"air": 30})))
    assert (pick["candidate"], pick["knobs"], pick["better"]) == ("trial 1", {"air": 30}, ["maximize:skill"])


def test_overlapping_cis_keep_the_defaults():
    assert recommend(study(row("trial 1", (0.33, 0.02), (0.05, 0.01))))["candidate"] == "rulebook defaults"


def test_a_member_worse_on_one_objective_beyond_the_cis_is_not_recommended():
    assert recommend(study(row("trial 1", (0.40, 0.02), (0.09, 0.01))))["candidate"] == "rulebook defaults"


def test_a_member_that_breaks_a_constraint_is_not_recommended():
    assert recommend(study(row("trial 1", (0.40, 0.02), (0.01, 0.005), feasible=False)))["candidate"] == "rulebook defaults"


def test_the_member_better_on_more_objectives_wins():
    one = row("trial 1", (0.45, 0.02), (0.05, 0.01))
    two = row("trial 2", (0.36, 0.02), (0.02, 0.005))
    assert recommend(study(one, two))["candidate"] == "trial 2"


def test_the_report_puts_the_defaults_and_the_recommendation_on_the_same_plots(tmp_path):
    for n in (2, 3):
        (tmp_path / f"luft_{n}p").mkdir()
        s = study(row("trial 1", (0.40, 0.02), (0.05, 0.01), knobs={"air": 30}))
        (tmp_path / f"luft_{n}p" / "summary.json").write_text(json.dumps(s))
    out = write(tmp_path, "tiny")
    assert out["luft"]["2"]["candidate"] == "trial 1" and "landunter" not in out
    text = (tmp_path / "report.md").read_text()
    assert "Size: tiny" in text and "NOTHING" in text and "air=30" in text
    assert (tmp_path / "luft_skill.png").is_file() and (tmp_path / "luft_seat_gap.png").is_file()
