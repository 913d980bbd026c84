"""The population's equilibrium as a field of the robust verdict
(`sim.design.population_field`): the rounding to a club of seats, the bots it
seats, the words for its rules, and a bad --population DIR's one-line error.
No game is played: the population runs are small fake summaries."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.design.population_field import CLUB, club, load
from sim.design.robust import POPULATION, POPULATION_NOTE, fields_of
from sim.games.luft import design as luft_design
from sim.strong.population import entrant_spec
from sim.strong.train import WEIGHTS, candidate, layout_of
from sim.strong.weights import save as save_weights

GAME = api.get_game("luft")


def test_the_club_gives_the_seats_left_after_the_whole_parts_to_the_largest_remainders():
    # quotas 2.6, 2.6, 4.8: whole parts 2, 2, 4; the two seats left go to 0.8 and,
    # of the tied 0.6s, to the earlier entrant (plain rounding would give 3, 3, 5 = 11)
    assert club([0.26, 0.26, 0.48]) == [3, 2, 5]
    # quotas 3.4, 3.3, 3.3: plain rounding would seat 9
    assert club([0.34, 0.33, 0.33]) == [4, 3, 3]


def test_the_club_always_holds_its_seats_and_no_count_is_a_seat_off_its_quota():
    rng = random.Random(3)
    for _ in range(200):
        weights = [rng.random() ** 3 for _ in range(rng.randint(1, 12))]
        counts = club(weights)
        quotas = np.array(weights) * CLUB / sum(weights)
        assert sum(counts) == CLUB
        assert np.all(np.abs(np.array(counts) - quotas) < 1)


def test_an_entrant_of_negligible_weight_drops_out_of_the_club():
    assert club([0.481, 0.330, 2e-9, 0.189]) == [5, 3, 0, 2]


def test_an_equilibrium_without_weight_is_refused():
    with pytest.raises(ValueError, match="positive sum"):
        club([0.0, 0.0])


def _run(tmp_path, *, game="luft", complete=True, rules=None, entrants=None, equilibrium=None):
    """A finished population run's folder: a summary and psro-1's weight file."""
    layout = layout_of(GAME)
    weights = list(np.linspace(-0.5, 0.5, layout.size))
    grown = api.make_rules(GAME, rules or {}, 4)
    (tmp_path / "br-1").mkdir(parents=True)
    save_weights(tmp_path / "br-1" / WEIGHTS, layout, weights, 4, grown.to_dict(), {})
    summary = {
        "game": game,
        "players": 4,
        "rules": json.loads(json.dumps(grown.to_dict())),
        "final": {
            "entrants": entrants or ["air", "greedy-value", "random", "psro-1"],
            "equilibrium": equilibrium or [0.26, 0.48, 0.0, 0.26],
        },
        "complete": complete,
    }
    (tmp_path / "summary.json").write_text(json.dumps(summary))
    return weights


def test_the_field_seats_each_member_once_per_seat_and_a_trained_member_plays_its_weight_file(tmp_path):
    weights = _run(tmp_path)
    pop = load("luft", tmp_path)
    spec = f"policy:file={tmp_path / 'br-1' / WEIGHTS}"
    assert pop.members == (("air", "air", 3), ("greedy-value", "greedy-value", 5), ("psro-1", spec, 2))
    assert pop.bots == ("air",) * 3 + ("greedy-value",) * 5 + (spec,) * 2
    # the spec plays what the population run seated as psro-1
    assert np.array_equal(GAME.registry.parse(spec).params, candidate(GAME, weights, "psro-1").params)
    assert entrant_spec(tmp_path, "greedy-value") == "greedy-value"


def test_the_population_field_joins_the_verdict_with_the_studys_strong_and_weak_bots(tmp_path):
    _run(tmp_path)
    pop = load("luft", tmp_path)
    fields, notes = fields_of(luft_design, ["greedy-value", "air"], "greedy-value", "air", pop)
    last = fields[-1]
    assert (last.name, last.bots, last.strong, last.weak) == (POPULATION, pop.bots, "greedy-value", "air")
    assert "4-player population under the default rules" in last.source and str(tmp_path) in last.source
    assert POPULATION_NOTE not in notes
    assert POPULATION_NOTE in fields_of(luft_design, ["greedy-value", "air"], "greedy-value", "air")[1]


def test_the_source_names_the_rules_the_population_was_grown_under_and_those_evaluated(tmp_path):
    _run(tmp_path / "default")
    assert load("luft", tmp_path / "default").rules == "the default rules"
    assert load("luft", tmp_path / "default", {"air": "36"}).rules == "the default rules; the rules evaluated here set air=36"
    _run(tmp_path / "air30", rules={"air": "30"})
    assert load("luft", tmp_path / "air30", {"air": "30"}).rules == "the default rules with air=30"
    assert load("luft", tmp_path / "air30").rules == "the default rules with air=30; the rules evaluated here set air=25"


@pytest.mark.parametrize(
    "setup, words",
    [
        (lambda d: None, "cannot read the population run"),
        (lambda d: _run(d, game="landunter"), "a population run of 'landunter', not of 'luft'"),
        (lambda d: _run(d, complete=False), "is incomplete (complete: false)"),
        (lambda d: (d / "summary.json").write_text('{"front": []}'), "not a population run's summary"),
    ],
    ids=["no summary", "another game", "incomplete", "not a population run"],
)
def test_a_bad_population_dir_is_one_line_and_exit_2(tmp_path, setup, words):
    setup(tmp_path)
    args = ["luft", "metrics", "--robust", "--population", str(tmp_path), "--games", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --population") and words in lines[0], result.output


def test_the_population_needs_the_robust_verdict(tmp_path):
    _run(tmp_path)
    result = CliRunner().invoke(app, ["luft", "design", "--population", str(tmp_path), "--trials", "1", "--games", "2"])
    assert result.exit_code == 2 and "give --robust too" in result.output, result.output
