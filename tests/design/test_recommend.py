"""The recommendation rule: a front member is picked on the selection games only
when it meets the constraints and beats the defaults beyond a Bonferroni
interval over every member and objective compared, loses nowhere; it is
recommended only when fresh games confirm it."""

from __future__ import annotations

import json

from sim.design import knobs as K
from sim.design.recommend import DEFAULTS, confirm, recommend, select, write, z_for
from sim.design.study import edges

OBJECTIVES = ["maximize:skill", "minimize:seat_gap"]


def row(name, skill, gap, feasible=True, knobs=None):
    fig = lambda m, h: {"mean": m, "ci95": [m - h, m + h], "n": 1000}  # noqa: E731
    return {
        "candidate": name,
        "knobs": knobs or {},
        "feasible": feasible,
        "metrics": {"skill": fig(*skill), "seat_gap": fig(*gap)},
    }


def study(*rows, recommendation=None):
    s = {
        "config": {"objectives": OBJECTIVES, "knobs": ["air=15..40"], "constraints": []},
        "trials": 3,
        "games": 100,
        "evaluation_games": 1000,
        "selection_seed": 0,
        "evaluation_seed": 1,
        "front": [row(DEFAULTS, (0.30, 0.02), (0.05, 0.01)), *rows],
    }
    if recommendation is not None:
        s["recommendation"] = recommendation
    return s


def test_a_member_better_beyond_the_corrected_interval_and_worse_nowhere_is_picked():
    pick = select(study(row("trial 1", (0.40, 0.02), (0.05, 0.01), knobs={"air": 30})))
    assert (pick["candidate"], pick["knobs"], pick["better"]) == ("trial 1", {"air": 30}, ["maximize:skill"])
    assert (pick["compared"], pick["tests"]) == (1, 2) and "not shown worse" in pick["reason"]


def test_overlapping_cis_keep_the_defaults():
    assert select(study(row("trial 1", (0.33, 0.02), (0.05, 0.01))))["candidate"] == DEFAULTS


def test_a_member_worse_on_one_objective_beyond_the_interval_is_not_picked():
    assert select(study(row("trial 1", (0.40, 0.02), (0.09, 0.01))))["candidate"] == DEFAULTS


def test_a_member_that_breaks_a_constraint_is_not_picked():
    assert select(study(row("trial 1", (0.40, 0.02), (0.01, 0.005), feasible=False)))["candidate"] == DEFAULTS


def test_the_member_better_on_more_objectives_wins():
    one = row("trial 1", (0.45, 0.02), (0.05, 0.01))
    two = row("trial 2", (0.36, 0.02), (0.02, 0.005))
    assert select(study(one, two))["candidate"] == "trial 2"


def test_comparing_more_members_widens_the_interval_a_pick_must_clear():
    """Skill +0.06 with SE 0.0144 (z = 4.16) clears 2 tests but not 80,000 (40,000 members x 2 objectives)."""
    gain = row("trial 1", (0.36, 0.02), (0.05, 0.01))
    assert select(study(gain))["candidate"] == "trial 1"
    many = [row(f"trial {k}", (0.30, 0.02), (0.05, 0.01)) for k in range(2, 40_001)]
    crowded = select(study(gain, *many))
    assert crowded["compared"] == 40_000 and crowded["z"] > 4.2 and crowded["candidate"] == DEFAULTS


def test_confirmation_says_not_shown_worse_when_the_difference_reaches_zero():
    defaults = row(DEFAULTS, (0.30, 0.02), (0.05, 0.01))
    check = confirm(row("trial 1", (0.40, 0.02), (0.052, 0.01)), defaults, OBJECTIVES)
    assert check["confirmed"] and check["verdicts"] == {"maximize:skill": "better", "minimize:seat_gap": "not shown worse"}
    assert check["z"] == z_for(2)
    gone = confirm(row("trial 1", (0.31, 0.02), (0.05, 0.01)), defaults, OBJECTIVES)
    assert not gone["confirmed"] and set(gone["verdicts"].values()) == {"not shown worse"}
    worse = confirm(row("trial 1", (0.40, 0.02), (0.09, 0.01)), defaults, OBJECTIVES)
    assert not worse["confirmed"] and worse["verdicts"]["minimize:seat_gap"] == "worse"


def test_a_pick_at_the_end_of_its_range_is_flagged_and_widenable_where_the_rules_allow():
    knobs = {
        "dives": K.Knob("dives", "int", (1, 9), ""),
        "air": K.Knob("air", "int", (1, 999), ""),
        "gap": K.Knob("gap", "float", (0, 6), ""),
    }
    spaces = K.parse_knobs("dives=2..4,air=15..40,gap=2..6", knobs)
    flags = edges({"dives": 2, "air": 30, "gap": 5.99}, spaces)
    assert [(f["knob"], f["end"], f["widenable"]) for f in flags] == [("dives", "low", True), ("gap", "high", False)]


def confirmed_recommendation():
    confirmation = [row(DEFAULTS, (0.31, 0.02), (0.05, 0.01)), row("trial 1", (0.39, 0.02), (0.05, 0.01), knobs={"air": 30})]
    confirmation.append(row("only air=30", (0.39, 0.02), (0.05, 0.01), knobs={"air": 30}))
    diff = {"mean": 0.08, "ci": [0.05, 0.11], "z": 2.24}
    return {
        "pick": "trial 1",
        "pick_knobs": {"air": 30},
        "compared": 1,
        "tests": 2,
        "z": 2.24,
        "candidate": "trial 1",
        "knobs": {"air": 30},
        "better": ["maximize:skill"],
        "confirmed": True,
        "reason": "picked from 1 front members; on fresh games: skill better; seat_gap not shown worse",
        "confirmation": confirmation,
        "verdicts": {"maximize:skill": "better", "minimize:seat_gap": "not shown worse"},
        "knob_gains": [
            {"candidate": "trial 1", "differences": {"maximize:skill": diff, "minimize:seat_gap": diff}},
            {"candidate": "only air=30", "differences": {"maximize:skill": diff, "minimize:seat_gap": diff}},
        ],
        "edges": [{"knob": "air", "value": 40, "end": "high", "range": [15, 40], "allowed": [1, 999], "widenable": True}],
    }


def test_recommend_reads_the_studys_confirmed_recommendation():
    rec = confirmed_recommendation()
    assert recommend(study(recommendation=rec)) is rec
    unconfirmed = recommend(study(row("trial 1", (0.40, 0.02), (0.05, 0.01))))
    assert unconfirmed["pick"] == "trial 1" and unconfirmed["confirmed"] is False and unconfirmed["candidate"] == DEFAULTS


def test_the_report_shows_the_confirmation_figures_knob_gains_and_edge_flags(tmp_path):
    for n in (2, 3):
        (tmp_path / f"luft_{n}p").mkdir()
        s = study(row("trial 1", (0.40, 0.02), (0.05, 0.01), knobs={"air": 30}), recommendation=confirmed_recommendation())
        (tmp_path / f"luft_{n}p" / "summary.json").write_text(json.dumps(s))
    out = write(tmp_path, "tiny")
    assert out["luft"]["2"]["candidate"] == "trial 1" and "landunter" not in out
    text = (tmp_path / "report.md").read_text()
    assert "Size: tiny" in text and "NOTHING" in text and "air=30" in text
    assert "0.390 [0.370, 0.410]" in text  # the confirmation's figure, not the selection's 0.400
    assert "only air=30" in text and "not shown worse" in text and "at the high end of 15..40" in text
    assert (tmp_path / "luft_skill.png").is_file() and (tmp_path / "luft_seat_gap.png").is_file()


def test_the_report_says_robust_or_fragile_per_count_and_links_the_rules_page(tmp_path):
    from sim.design.robust import LADDER, STUDY

    fig = {"mean": 0.3, "ci95": [0.28, 0.32], "n": 100}
    diff = {"mean": 0.1, "ci": [0.05, 0.15], "z": 2.6}
    robust = {
        "fields": [
            {"name": STUDY, "bots": ["air"], "strong": "a", "weak": "b"},
            {"name": LADDER, "bots": ["r"], "strong": "c", "weak": "r"},
        ],
        "left_out": [],
        "tests": 4,
        "z": 2.5,
        "rows": [
            {"field": f, "metric": m, "objective": f"x:{m}", "pick": fig, "defaults": fig, "difference": diff, "verdict": v}
            for f, v in ((STUDY, "better"), (LADDER, "worse"))
            for m in ("skill", "seat_gap")
        ],
        "holds": {STUDY: True, LADDER: False},
        "robust": False,
        "flips": [{"field": LADDER, "metric": "skill", "verdict": "worse", "study": "better"}],
    }
    for n, verdict in ((2, robust), (3, {**robust, "robust": True, "flips": []})):
        (tmp_path / f"luft_{n}p" / "rulebook").mkdir(parents=True)
        rec = {**confirmed_recommendation(), "robust": verdict}
        s = study(row("trial 1", (0.40, 0.02), (0.05, 0.01), knobs={"air": 30}), recommendation=rec)
        (tmp_path / f"luft_{n}p" / "summary.json").write_text(json.dumps(s))
    (tmp_path / "luft_2p" / "rulebook" / "rulebook.md").write_text("# page")
    write(tmp_path, "tiny")
    table = (tmp_path / "luft_recommendation.csv").read_text().splitlines()
    assert ",fragile," in table[1] and ",robust," in table[2]
    assert "luft_2p/rulebook/rulebook.md" in table[1] and "luft_3p/rulebook" not in table[2]
    text = (tmp_path / "report.md").read_text()
    assert "skill under ladder is worse (study field: better)" in text and (tmp_path / "luft_2p_robust.png").is_file()
