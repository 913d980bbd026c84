"""`sim luft turnback-card`: the printed rule is what the policy weights play,
the fit recovers a known rule, the clustered agreement CI, and a tiny run."""

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.games.luft import layout
from sim.games.luft.analyses import turnback_card as T
from sim.stats import clustered_share
from strategies.luft import policy as lp
from tests.luft.test_bots import make_st

RULE = T.Rule(2.5, 0.55, 3.0)


def row_of(block):
    return lp.LAYOUT.vector(block)


@pytest.mark.parametrize("whole", [False, True])
def test_the_card_weights_turn_back_exactly_when_the_printed_rule_says(whole):
    params = row_of(T.card_weights(RULE, lp.LAYOUT.default, 25, whole))
    checked = 0
    for depth in range(1, 31, 3):
        for load in (1, 2, 3):
            for air in range(0, 26):
                st = make_st([{"pos": depth, "carried": [1] * load}, {"pos": 0}], air=air)
                back = lp.policy(layout.PHASE_TURN_BACK, 0, st, params, 0.5) == layout.TURN_BACK
                assert back == T.Rule.turns_back(RULE, depth, air, load), (depth, load, air)
                checked += back
    assert 0 < checked  # the grid holds both answers


def test_the_whole_card_picks_up_only_while_the_rule_would_stay_down_with_the_item():
    whole = row_of(T.card_weights(RULE, lp.LAYOUT.default, 25, True))
    for depth in range(2, 31, 4):
        for load in (0, 1, 2):
            for air in range(0, 26, 2):
                st = make_st([{"pos": depth, "carried": [1] * load}, {"pos": 0}], air=air)
                take = lp.policy(layout.PHASE_TREASURE, 0, st, whole, 0.5) == layout.PICK_UP
                assert take == (not T.Rule.turns_back(RULE, depth, air, load + 1)), (depth, load, air)
    path = list(make_st([{"pos": 9}])[layout.PATH : layout.PATH + 32])
    path[8] = 0  # a blank field: something to drop onto
    st = make_st([{"pos": 9, "carried": [1, 1], "up": 1}, {"pos": 0}], air=1, path=path)
    assert lp.policy(layout.PHASE_TREASURE, 0, st, whole, 0.5) == layout.NOTHING  # never drops


def test_a_turn_back_question_counts_only_where_heading_up_could_still_bring_the_diver_home():
    deep_no_air = make_st([{"pos": 30, "carried": [1, 1]}, {"pos": 0}], air=2)
    shallow = make_st([{"pos": 3, "carried": [1]}, {"pos": 0}], air=20)
    assert not T.can_still_get_home(deep_no_air, 0)  # 30 fields with 2 breaths left: either answer drowns
    assert T.can_still_get_home(shallow, 0)


def test_the_fit_recovers_a_rule_that_made_the_answers():
    rng = np.random.default_rng(3)
    depth, air, load = rng.integers(1, 31, 20_000), rng.integers(0, 26, 20_000), rng.integers(1, 4, 20_000)
    back = T.Rule.turns_back(RULE, depth, air, load).astype(int)
    pos = np.column_stack([np.arange(20_000) // 10, depth, air, load, back])
    rule = T.fit(pos, 25)
    assert abs(rule.a - RULE.a) <= 1 and abs(rule.b - RULE.b) <= 0.1 and abs(rule.c - RULE.c) <= 1
    assert T.agreement(rule, pos).mean >= 0.98


def test_a_clustered_share_has_the_cluster_robust_interval():
    hits, counts = np.array([3, 0, 5, 2, 4.0]), np.array([4, 2, 5, 3, 6])
    units = np.concatenate([[1] * int(h) + [0] * (m - int(h)) for h, m in zip(hits, counts)])
    games = np.repeat([7, 3, 9, 1, 5], counts)  # cluster labels need not be 0 … g - 1
    p = hits.sum() / counts.sum()
    g = len(counts)
    se = math.sqrt(g / (g - 1) * sum((h - p * m) ** 2 for h, m in zip(hits, counts))) / counts.sum()
    e = clustered_share(units, games)
    assert e.mean == pytest.approx(p) and e.n == 20
    assert (e.lo, e.hi) == (pytest.approx(p - 1.959964 * se), pytest.approx(min(1.0, p + 1.959964 * se)))
    # one unit per cluster: the binomial SE (times the small-sample factor)
    y = np.array([1, 0, 1, 1, 0, 1, 0, 1.0])
    e = clustered_share(y, np.arange(8))
    assert e.hi - e.mean == pytest.approx(1.959964 * math.sqrt(8 / 7 * 0.625 * 0.375 / 8))


def test_a_tiny_turnback_card_run_writes_the_card_and_its_cost(tmp_path):
    args = [
        "luft",
        "turnback-card",
        "-n",
        "2",
        "-g",
        "40",
        "--position-games",
        "6",
        "--seed",
        "4",
        "--json",
        "--out",
        str(tmp_path),
    ]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    (row,) = s["players"]
    assert row["players"] == 2 and s["complete"] is True and row["rule"]["text"].startswith("turn back when air left")
    for card in ("card", "whole_card"):
        w, given = row[card]["win_share"], row[card]["gives_up"]
        assert given["mean"] == pytest.approx(0.5 - w["mean"], abs=1e-6)
        assert given["ci95"] == [pytest.approx(0.5 - w["ci95"][1], abs=1e-6), pytest.approx(0.5 - w["ci95"][0], abs=1e-6)]
    assert (tmp_path / "turnback_2p.png").is_file() and (tmp_path / "gives_up.png").is_file()
    r = CliRunner().invoke(app, ["luft", "turnback-card", "-n", "2", "--bot", "threshold:t=2"])
    assert r.exit_code == 2 and r.stderr.startswith("error: ") and "not a policy bot" in r.stderr
