"""Metrics, histograms and summary for the runner; the simulate JSON shape."""

import json

import numpy as np

from sim.games.landunter import GAME, summary
from sim.games.landunter.rules import Rules
from sim.runner import run
from tests.landunter.conftest import seats


def test_game_spec_wiring():
    assert GAME.name == "landunter" and GAME.rules_cls is Rules
    assert set(GAME.registry.names()) >= {"random", "high", "low", "mid", "sampler"}
    assert GAME.seat_figures == ("score", "eliminated")


def test_metrics_are_per_game_columns(compiled):
    rules = Rules(players=3)
    b = compiled.play_batch(rules, seats("high,low,random", 3), 4, 0, 200)
    cols = summary.metrics(b, rules)
    for s in range(3):
        for name in ("score", "win", "win60", "eliminated"):
            assert cols[f"seat{s}.{name}"].shape == (200,)
    for d in range(3):
        for name in ("early_end", "eliminated", "rounds"):
            assert cols[f"deal{d}.{name}"].shape == (200,)
    assert set(k for k in cols if k.startswith("pair")) == {"pair0.1", "pair0.2", "pair1.2"}
    np.testing.assert_allclose(sum(cols[f"seat{s}.win"] for s in range(3)), 1.0)
    assert (cols["deal1.rounds"] == b.rounds[:, 1]).all()


def test_histograms_have_fixed_sizes_and_count_every_hand(compiled):
    for players in (3, 5):
        rules = Rules(players=players)
        b = compiled.play_batch(rules, seats("random", players), 1, 0, 100)
        h = summary.histograms(b, rules)
        assert h["hand.rings_strength_points"].shape == (13, summary.STRENGTH_BINS, 15)
        assert h["hand.rings_strength_points"].sum() == 100 * players * players
        assert h["deal0.rounds"].shape == (13,) and h["deal0.rounds"].sum() == 100
        assert h["seat0.score"].shape == (summary.SCORE_BINS,)
        # points per ring count from the histogram equal the raw records
        pts = np.arange(-1, 14)
        by_rings = h["hand.rings_strength_points"].sum(axis=1)
        total = (by_rings * pts).sum()
        assert total == b.deal_points.astype(int).sum()


def test_summary_has_the_simulate_json_shape(compiled):
    rules = Rules(players=4)
    s = seats("high,low,mid,random")
    result = run(GAME, rules, s, 2000, 9, chunk=700, progress=False)
    out = GAME.summary(result.totals, rules, s)
    json.dumps(out)
    assert [x["bot"] for x in out["seats"]] == ["high", "low", "mid", "random"]
    for seat in out["seats"]:
        assert set(seat) == {"bot", "score", "win_share", "eliminated"}
        for fig in ("score", "win_share", "eliminated"):
            assert set(seat[fig]) == {"mean", "ci95"}
            lo, hi = seat[fig]["ci95"]
            assert lo <= seat[fig]["mean"] <= hi
    assert len(out["deals"]) == 4
    for deal in out["deals"]:
        assert set(deal) == {"p_early_end", "eliminated", "rounds"}
        assert 0 <= deal["p_early_end"]["mean"] <= 1 and 1 <= deal["rounds"]["mean"] <= 12
    assert abs(sum(x["win_share"]["mean"] for x in out["seats"]) - 1) < 1e-9
