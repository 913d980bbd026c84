"""`sim landunter card-rule`: the printed rule is what the policy weights play,
the fit recovers a rule that made the choices, and a tiny run."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.landunter.analyses import card_rule as C
from strategies.landunter import policy as lu
from tests.landunter.test_bots import view as lu_view

RULE = C.Rule(0.35, 0.4)


def test_the_rule_weights_play_the_card_the_printed_rule_names():
    rng = np.random.default_rng(2)
    row = lu.LAYOUT.vector(C.rule_weights(RULE))
    for _ in range(200):
        hand = sorted(rng.choice(np.arange(1, 61), size=int(rng.integers(2, 13)), replace=False).tolist())
        hi = int(rng.integers(2, 13))
        st = lu_view(hand, tops=(0, 3, 5, 1), offer=(int(rng.integers(1, hi)), hi))
        below = lu.cards_out_below(0, st)
        shares = np.array([[lu.card_terms(c, 60, below)[1] for c in hand]])
        assert lu.policy(0, st, row, 0.5) == hand[RULE.choose(shares, np.array([hi]))[0]], (hand, hi)


def test_the_fit_recovers_a_rule_that_made_the_choices():
    rng = np.random.default_rng(4)
    d = 6000
    shares = np.sort(rng.random((d, C.HAND)), axis=1)
    shares[np.arange(d) % 3 == 0, 8:] = np.nan  # some hands are shorter
    hi = rng.integers(1, 13, d).astype(float)
    data = C.Plays(np.arange(d) // 12, shares, hi, RULE.choose(shares, hi))
    rule = C.fit(data)
    assert abs(rule.a - RULE.a) <= 0.05 and abs(rule.b - RULE.b) <= 0.1
    assert C.agreement(rule, data).mean >= 0.95


def test_a_tiny_card_rule_run_reports_the_rule_and_its_cost(tmp_path):
    args = [
        "landunter",
        "card-rule",
        "-n",
        "3",
        "-g",
        "6",
        "--position-games",
        "2",
        "--seed",
        "3",
        "--json",
        "--out",
        str(tmp_path),
    ]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    (row,) = json.loads(r.stdout)["players"]
    assert row["players"] == 3 and row["rule"]["text"].startswith("play the card")
    assert row["gives_up"]["mean"] == pytest.approx(1 / 3 - row["win_share"]["mean"], abs=1e-6)
    assert (tmp_path / "card_rule_3p.png").is_file() and (tmp_path / "gives_up.png").is_file()
