"""`sim <game> humans`: the fit recovers the weights of simulated people of
known weights within its standard errors; the command reports and writes a
weight file that plays; a corrupt log is one line, exit 2."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from sim.cli import app
from sim.humans.fit import choices_module, fit, observe
from sim.play import playlog
from sim.play.table import Run, Seating, start_line
from tests.web.people import people_logs

GAMES = {"landunter": 12, "luft": 12}  # games of three simulated people each


def known_weights(game: str, seed: int) -> np.ndarray:
    module = choices_module(game)
    w = np.zeros(module.LAYOUT.size)
    rng = np.random.default_rng(seed)
    for idx in module.WEIGHTS.values():
        w[idx] = rng.normal(0.0, 1.0, len(idx))
    return w


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fit_recovers_known_weights_within_their_standard_errors(tmp_path, game):
    truth = known_weights(game, 7)
    logs = people_logs(tmp_path, game, truth, 3, GAMES[game])
    result = fit(observe(logs), choices_module(game).LAYOUT.size)
    at = result.fitted
    miss = (result.weights - truth)[at]
    z = miss / result.se[at]
    p = len(at)
    # every weight within its own standard errors (Bonferroni over the p weights, 0.1% overall) ...
    assert np.abs(z).max() < stats.norm.ppf(1 - 0.001 / (2 * p)), np.round(z, 2)
    # ... and all of them at once: the Wald statistic of the truth is a chi-square with p degrees of freedom
    assert miss @ result.hessian @ miss < stats.chi2.ppf(0.999, p)
    # the data could tell: weights of 0 (choosing at random) are rejected by the same test
    assert result.weights[at] @ result.hessian @ result.weights[at] > stats.chi2.ppf(0.999, p)


def test_humans_reports_and_writes_a_weight_file_that_plays(tmp_path):
    (tmp_path / "logs").mkdir()
    people_logs(tmp_path / "logs", "landunter", known_weights("landunter", 3), 3, 2)
    out = tmp_path / "out"
    r = CliRunner().invoke(app, ["landunter", "humans", str(tmp_path / "logs"), "--rollouts", "0", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    [kind] = report["kinds"].values()
    assert kind["decisions"] == report["decisions"] > 0
    assert 0 <= kind["agreed"] <= kind["decisions"]
    weights = json.loads((out / "humans.json").read_text())
    assert weights["bot"] == "policy" and weights["players"] == 3
    assert report["fit"]["decisions"]["card"] > 0
    start = start_line("landunter", {}, 3, 5, [f"policy:file={out / 'humans.json'}", "dodge", "dodge"])
    with playlog.Writer(tmp_path / "game.jsonl", [start]) as writer:
        end = Run(Seating(start), writer, None).play()
    assert sum(end["win60"]) == 60


def test_a_corrupt_log_is_one_line_exit_2(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "start"\nnot json\n{}\n')
    r = CliRunner().invoke(app, ["luft", "humans", str(bad), "--out", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert "is not JSON; the file is damaged" in r.output and "Traceback" not in r.output
