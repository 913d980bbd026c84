"""The default field of the design metrics: play styles mixed, the trained bots in it, and the
caveat that they were trained under the default rules."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.design.metric_defs import TRAINED_NOTE, design_module
from sim.design.metrics import field_of, trained_caveat


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_the_default_field_mixes_play_styles_including_trained(game):
    specs, strong, weak = field_of(game, None, None, None)
    names = {s.split(":")[0] for s in specs}
    assert "trained" in names and len(names) == len(specs) >= 4  # distinct styles, no bot twice
    assert set(api.get_game(game).registry.names()) >= names
    search = {"luft": "planner", "landunter": "sampler"}[game]
    assert (search in names) == (game == "luft")  # Land unter's search bot is too dear per game


@pytest.mark.parametrize("command", ["metrics", "design"])
def test_the_help_names_the_default_field_and_says_trained_is_tuned_to_the_default_rules(command):
    result = CliRunner().invoke(app, ["luft", command, "--help"], env={"COLUMNS": "400"})
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 0
    assert ",".join(design_module("luft").FIELD) in text
    assert "trained under the default rules" in text


def test_a_report_whose_bots_include_trained_carries_the_default_rules_caveat():
    assert TRAINED_NOTE in trained_caveat(["air", "trained", "greedy-value"])
    assert trained_caveat(["air", "greedy-value", "random"]) == ""
