"""Pig takes the generic command families its spec offers: metrics (design) and
train/exploit (strong) run on it with no Pig code in the core."""

import json

from typer.testing import CliRunner

from sim.cli import app


def test_metrics_gives_pigs_own_metrics_with_intervals():
    r = CliRunner().invoke(app, ["pig", "metrics", "--games", "200", "--players", "2", "--field", "hold:n=20,random", "--json"])
    assert r.exit_code == 0, r.output
    text = json.dumps(json.loads(r.stdout))
    for metric in ("close_finish", "turns", "rolls_per_turn", "seat_gap"):
        assert metric in text


def test_train_seats_optimal_at_the_rules_default_table_of_two():
    """The strong commands' table defaults to the rules' player count: optimal, solved
    for two players, is a valid field without --players."""
    r = CliRunner().invoke(app, ["pig", "train", "--field", "optimal", "--games", "40", "--generations", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["players"] == 2
