"""Pig's rules page lists every rule key with its real default, and its help
examples are valid for Pig."""

import re
from dataclasses import fields
from pathlib import Path

from typer.testing import CliRunner

from sim.cli import app
from sim.games.pig import HELP
from sim.games.pig.rules import Rules
from sim.games.pig.spec import GAME

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "pig.md"


def test_the_rules_page_lists_every_rule_key_with_its_default():
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", DOC.read_text(), flags=re.M))
    assert sorted(rows) == sorted(f.name for f in fields(Rules))
    for f in fields(Rules):
        assert rows[f.name].strip().strip("`") == str(f.default), f.name


def test_the_help_examples_are_valid_and_shown():
    for example in HELP.bots.split(" or "):
        GAME.registry.parse_specs(example)
    Rules.from_strings(dict(item.strip().split("=") for item in HELP.rules.split(",")))
    text = " ".join(CliRunner().invoke(app, ["pig", "simulate", "--help"], env={"COLUMNS": "200"}).stdout.split())
    assert HELP.bots in text and HELP.rules in text


def test_solve_prints_the_published_first_player_win():
    r = CliRunner().invoke(app, ["pig", "solve"])
    assert r.exit_code == 0 and "first player wins 0.530593" in r.output


def test_solve_of_a_goal_beyond_the_solved_range_is_a_usage_error():
    r = CliRunner().invoke(app, ["pig", "solve", "--goal", "500"])
    assert r.exit_code == 2 and "goals 1..200" in r.output
