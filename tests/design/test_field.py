"""The default field of the design metrics: play styles mixed, a strong tuned bot in it (Geteilte
Luft: `distilled`, trained's play without its search), and the caveat that such bots were tuned
under the default rules."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.design.metric_defs import TRAINED_NOTE, TUNED_TO_DEFAULTS, design_module
from sim.design.metrics import field_of, trained_caveat


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_the_default_field_mixes_play_styles_including_a_strong_tuned_bot(game):
    specs, strong, weak = field_of(game, None, None, None)
    names = {s.split(":")[0] for s in specs}
    assert names & set(TUNED_TO_DEFAULTS) and len(names) == len(specs) >= 4  # distinct styles, no bot twice
    assert set(api.get_game(game).registry.names()) >= names
    search = {"luft": "planner", "landunter": "sampler"}[game]
    assert (search in names) == (game == "luft")  # Land unter's search bot is too dear per game


def test_luft_default_field_seats_distilled_first_where_it_seated_trained():
    """trained searches per decision; distilled plays its decisions without search, at a heuristic's cost."""
    field = design_module("luft").FIELD
    assert field[0] == "distilled" and "trained" not in field  # the strongest first: exploit's best response meets it


@pytest.mark.parametrize("command", ["metrics", "design"])
def test_the_help_names_the_default_field_and_says_trained_is_tuned_to_the_default_rules(command):
    result = CliRunner().invoke(app, ["luft", command, "--help"], env={"COLUMNS": "400"})
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 0
    assert ",".join(design_module("luft").FIELD) in text
    assert "tuned under the default rules" in text and "`distilled`" in text


@pytest.mark.parametrize("tuned", ["trained", "distilled"])
def test_a_report_whose_bots_include_a_tuned_bot_carries_the_default_rules_caveat(tuned):
    assert TRAINED_NOTE in trained_caveat(["air", tuned, "greedy-value"])
    assert trained_caveat(["air", "greedy-value", "random"]) == ""
