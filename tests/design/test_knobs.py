"""Parsing what a design study searches: knobs, objectives, constraints; the Pareto front."""

from __future__ import annotations

import math

import numpy as np
import pytest

from sim.design.knobs import parse_constraints, parse_knobs, parse_objectives
from sim.design.metric_defs import all_metrics
from sim.design.pareto import pareto_front
from sim.games.luft import design as luft_design
from sim.games.luft.rules import Rules

KNOBS = luft_design.KNOBS
METRICS = all_metrics("luft")
ALIASES = luft_design.ALIASES


def test_knob_ranges_value_lists_bare_knobs_and_fixed_values():
    spaces = {
        s.knob.name: s
        for s in parse_knobs(
            "air=15..40, value_gap=2.5..6, turn_back_needs_treasure, sink_order=farthest-first, dives=3,"
            "start_when_nobody_returned=same|next",
            KNOBS,
        )
    }
    assert (spaces["air"].low, spaces["air"].high) == (15, 40) and isinstance(spaces["air"].low, int)
    assert (spaces["value_gap"].low, spaces["value_gap"].high) == (2.5, 6.0)
    assert spaces["turn_back_needs_treasure"].values == ("true", "false")
    assert spaces["sink_order"].fixed and spaces["sink_order"].values == ("farthest-first",)
    assert spaces["dives"].fixed and spaces["dives"].values == (3,)
    assert spaces["start_when_nobody_returned"].values == ("same", "next")


@pytest.mark.parametrize(
    "text, says",
    [
        ("bogus=1..2", "unknown knob 'bogus'"),
        ("air=40..15", "empty range"),
        ("air=0..10", "leaves the rules' range 1..999"),
        ("stack_size=1..9", "leaves the rules' range 1..5"),
        ("air=a..b", "needs a range of whole numbers"),
        ("air=15.5..20", "needs a range of whole numbers"),
        ("sink_order=sideways", "'sideways' is not a value"),
        ("turn_back_needs_treasure=maybe", "'maybe' is not a value"),
        ("air=20", "fixes every knob"),
        ("air=15..20,air=30..40", "given twice"),
        (" , ", "names no knob"),
    ],
)
def test_bad_knobs_say_what_is_wrong(text, says):
    with pytest.raises(ValueError, match=says.replace("(", r"\(").replace("|", r"\|")):
        parse_knobs(text, KNOBS)


def test_value_knobs_give_the_rulebook_lists_at_their_defaults():
    rules = Rules.from_strings(luft_design.rules_for({"value_gap": 4.0, "value_step": 1.0}))
    assert rules == Rules()
    wide = Rules.from_strings(luft_design.rules_for({"value_gap": 6.0, "value_step": 2.0, "cards_per_level": 4}))
    assert wide.values_l1 == (0, 0, 2, 2) and wide.values_l4 == (18, 18, 20, 20)


def test_objectives_use_shorthands_the_better_direction_or_a_prefix():
    objs = parse_objectives("skill,fairness,tension,min:upset_rate", METRICS, ALIASES)
    assert [(o.metric, o.sign) for o in objs] == [("skill", 1), ("seat_gap", -1), ("last_dive_decides", 1), ("upset_rate", -1)]
    for bad, says in (
        ("luck", "unknown objective"),
        ("upset_rate", "no better direction"),
        ("best:skill", "prefix must be"),
        ("skill,skill", "given twice"),
        ("", "names no metric"),
    ):
        with pytest.raises(ValueError, match=says):
            parse_objectives(bad, METRICS, ALIASES)


def test_constraints_hold_inside_their_range_and_measure_the_distance_outside():
    [c, d] = parse_constraints(["p_air_out=0.5..0.9", "turns=..80"], METRICS, ALIASES)
    assert (c.metric, c.low, c.high) == ("p_air_out", 0.5, 0.9)
    assert c.violation(0.7) == 0 and c.violation(0.4) == pytest.approx(0.1) and c.violation(1.0) == pytest.approx(0.1)
    assert d.low == -math.inf and d.violation(81) == 1
    for bad, says in (
        ("p_air_out", "metric=low..high"),
        ("nosuch=0..1", "unknown metric"),
        ("turns=9..1", "empty range"),
        ("turns=a..b", "must be numbers"),
    ):
        with pytest.raises(ValueError, match=says):
            parse_constraints([bad], METRICS, ALIASES)


def test_pareto_front_keeps_the_non_dominated_feasible_rows():
    values = np.array([[1, 5], [2, 4], [2, 2], [0, 6], [3, 1], [2, 4], [5, 5]])
    feasible = np.array([1, 1, 1, 1, 1, 1, 0], bool)
    assert pareto_front(values, feasible) == [0, 1, 3, 4, 5]  # [2, 2] is beaten by [2, 4]; equal rows both kept
    assert pareto_front(values) == [3, 6]  # without constraints [5, 5] beats all but [0, 6]
    assert pareto_front(np.array([[np.nan, 1.0], [0.0, 0.0]])) == [1]


def test_the_docs_define_every_design_metric_of_both_games():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "reference" / "metrics.md").read_text()
    for game in ("luft", "landunter"):
        for m in all_metrics(game):
            assert f"| `{m.name}` |" in page, m.name


def test_the_front_of_a_trials_table_leaves_out_trials_that_break_a_constraint():
    import pandas as pd

    from sim.design.study import front_of

    objs = parse_objectives("skill,fairness", METRICS, ALIASES)  # maximise skill, minimise seat_gap
    [cons] = parse_constraints(["p_air_out=0.5..0.9"], METRICS, ALIASES)
    table = pd.DataFrame(
        {"skill": [0.3, 0.2, 0.5, 0.1], "seat_gap": [0.02, 0.01, 0.0, 0.05], "violation_p_air_out": [0.0, 0.0, 0.1, 0.0]}
    )
    assert front_of(table, objs, [cons]) == [0, 1]  # trial 2 beats all but is infeasible; trial 3 is beaten
    assert front_of(table, objs, []) == [2]


def test_without_a_feasible_trial_the_front_is_that_of_the_least_violating():
    import pandas as pd

    from sim.design.study import front_of

    objs = parse_objectives("skill", METRICS, ALIASES)
    [cons] = parse_constraints(["p_air_out=0.5..0.9"], METRICS, ALIASES)
    table = pd.DataFrame({"skill": [0.3, 0.2, 0.5], "violation_p_air_out": [0.05, 0.05, 0.1]})
    assert front_of(table, objs, [cons]) == [0]
