"""The default strong field of Land unter's balance and seats analyses seats `distilled`
(sampler's strength at a heuristic's cost) in place of the weakest heuristic, and both
commands' help names the field they default to."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.games.landunter.analyses.common import DEFAULT_FIELD


def test_the_default_strong_field_seats_distilled_in_place_of_the_weakest_heuristic():
    assert DEFAULT_FIELD[0] == "distilled" and "low" not in DEFAULT_FIELD
    assert len(set(DEFAULT_FIELD)) == len(DEFAULT_FIELD) == 4  # four distinct bots, as before
    assert set(DEFAULT_FIELD) <= set(api.get_game("landunter").registry.names())


@pytest.mark.parametrize("command", ["balance", "seats"])
def test_the_help_names_the_default_field(command):
    result = CliRunner().invoke(app, ["landunter", command, "--help"], env={"COLUMNS": "400"})
    text = " ".join(result.output.replace("│", " ").split())
    assert result.exit_code == 0 and f"(default: {','.join(DEFAULT_FIELD)})" in text
