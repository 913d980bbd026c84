"""The trust model where users meet it: `sim <game> bots --help`, and the
plug-ins of built-in bots compiled without bounds checks (full speed)."""

import pytest
from typer.testing import CliRunner

from sim import nb
from sim.cli import app
from tests.trust.conftest import in_process


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_bots_help_states_the_trust_model(game):
    text = " ".join(CliRunner().invoke(app, [game, "bots", "--help"], env={"COLUMNS": "200"}).output.split())
    assert "a bot file is trusted code" in text
    assert "sealed against mistakes" in text and "--isolate" in text
    assert "docs/concepts/trust-model.md" in text


def test_only_user_bots_get_bounds_checked_plug_ins():
    """A built-in heavy bot's plug-in module is written with bounds checks off,
    a user's with them on (the switch is the one `plugin` argument)."""
    from sim.games.luft.reference import PLUGIN
    from sim.plugins import plugin_of
    from strategies.luft import LUFT_BOTS

    in_process("luft_honest_twin.py")
    plugin_of(LUFT_BOTS.get("planner"), PLUGIN)
    plugin_of(LUFT_BOTS.get("honest-luft-twin"), PLUGIN)
    written = {p.name: p.read_text() for p in nb.plugins._plugin_folder().glob("plugin_luft_*.py")}
    planner = [text for name, text in written.items() if name.startswith("plugin_luft_planner_")]
    assert planner and all("boundscheck=False" in text for text in planner)
    user = [text for name, text in written.items() if name.startswith("plugin_luft_honest_luft_twin_")]
    assert user and all("boundscheck=True" in text for text in user)
