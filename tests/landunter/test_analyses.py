"""The Land unter balance and seats analyses: their statistics on hand-built
totals, their lineups, and small end-to-end runs through the API and the CLI."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api, sweep
from sim.cli import app
from sim.games.landunter.analyses import balance as bal, common, seats as st
from sim.runner import Totals


def totals(seat_wins, games=10_000, players=3, seed=0) -> Totals:
    """Totals of a 3-player setting whose seat s wins seat_wins[s] games outright."""
    rng = np.random.default_rng(seed)
    t = Totals(games=games)
    for s, w in enumerate(seat_wins):
        t.sums[f"seat{s}.win"] = np.array([games, w, w], dtype=float)
        t.hists[f"seat{s}.score"] = np.bincount(rng.integers(0, 30, size=games), minlength=40)
    for d in range(players):
        t.sums[f"deal{d}.early_end"] = np.array([games, games / 2, games / 2])
        t.sums[f"deal{d}.before_last"] = np.array([games, games / 4, games / 4])
        t.sums[f"deal{d}.eliminated"] = np.array([games, games, 2.0 * games])
        t.sums[f"deal{d}.rounds"] = np.array([games, 10.0 * games, 110.0 * games])
    return t


def test_an_unfair_setting_is_flagged_and_a_fair_one_is_not():
    threshold = 0.05 / 20
    unfair = bal.measure(totals([3_700, 3_150, 3_150]), 3)
    assert unfair["first_share"].lo > 1 / 3 and unfair["first_p"] < threshold and unfair["seat_p"] < threshold
    fair = bal.measure(totals([3_340, 3_330, 3_330]), 3)
    assert fair["first_p"] > 0.5 and fair["seat_p"] > 0.5
    assert fair["early_end"].mean == pytest.approx(0.5) and fair["rounds"].mean == pytest.approx(10)
    assert fair["before_last"].mean == pytest.approx(0.25)


def test_a_deal_ended_before_round_12_is_told_apart_from_one_ended_in_round_12():
    """The two-or-fewer rule can end a deal in its last round: that deal went all 12 rounds."""
    game = api.get_game("landunter")
    rules = api.make_rules(game, None, 4)
    seats = game.registry.parse_seats("dodge,low,high,mid", 4)
    cols = game.metrics(game.play_batch(rules, seats, 3, 0, 2000), rules)
    early = np.concatenate([cols[f"deal{d}.early_end"] for d in range(4)]).astype(bool)
    before = np.concatenate([cols[f"deal{d}.before_last"] for d in range(4)]).astype(bool)
    rounds = np.concatenate([cols[f"deal{d}.rounds"] for d in range(4)])
    np.testing.assert_array_equal(before, rounds < 12)
    assert (early & ~before).any()  # ended by the rule in round 12: not "before round 12"
    assert not (before & ~early).any()  # only the rule ends a deal before its last round


def test_settings_flip_each_option_once_against_the_base_rules():
    plan = bal.settings([3, 6], {"tie_simultaneous": False, "end_before_cascade": True})
    assert [bal.label(o) for _, o in plan[:3]] == ["default", "tie_simultaneous=off", "end_before_cascade=on"]
    assert len(plan) == 6 and common.rules_for(6)["allow_six"] is True


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_field_fills_every_seat_equally(players):
    lineups = sweep.field_lineups(None, common.DEFAULT_FIELD, players)
    for seat in range(players):
        counts = Counter(specs[seat] for specs, _ in lineups)
        assert set(counts) == set(common.DEFAULT_FIELD) and len(set(counts.values())) == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_passing_lineups_swap_only_the_two_neighbours(players):
    a = st.passing_lineups("C", "S", "W", "f", players)
    b = st.passing_lineups("C", "W", "S", "f", players)
    assert [c for _, c in a] == [c for _, c in b] == list(range(players))
    for (sa, c), (sb, _) in zip(a, b):
        assert sa[c] == sb[c] == "C"
        assert sa[(c - 1) % players] == sb[(c + 1) % players] == "S"  # S passes to C in a, receives in b
        assert sa[(c + 1) % players] == sb[(c - 1) % players] == "W"
        others = [i for i in range(players) if i not in {c, (c - 1) % players, (c + 1) % players}]
        assert [sa[i] for i in others] == [sb[i] for i in others] == ["f"] * (players - 3)


def test_both_arrangements_play_the_same_games():
    # the same bot under two spellings: the paired differences vanish only if both arrangements deal the same games
    same = sweep.play_paired(
        "landunter",
        {"players": 4},
        st.passing_lineups("low", "dodge", "dodge:margin=0", "random", 4),
        st.passing_lineups("low", "dodge:margin=0", "dodge", "random", 4),
        200,
        7,
    )
    assert same.games == 200 and same.agg("diff.win") == (200, 0.0, 0.0) and same.agg("diff.score")[2] == 0.0
    swapped = sweep.play_paired(
        "landunter",
        {"players": 4},
        st.passing_lineups("low", "dodge", "random", "random", 4),
        st.passing_lineups("low", "random", "dodge", "random", 4),
        200,
        7,
    )
    assert swapped.agg("diff.score")[2] > 0


def test_small_runs_write_reports_and_plots(tmp_path):
    s = bal.balance(
        players_list=(3,), games=150, seed=1, field="low,high", options=["end_before_cascade"], out=tmp_path / "b", progress=False
    )
    assert s["settings"] == 2 and [r["setting"] for r in s["results"]] == ["default", "end_before_cascade=off"]
    for r in s["results"]:
        assert r["flagged"] == (r["first_p"] < s["threshold"] or r["seat_p"] < s["threshold"])
        lo, hi = r["first_share"]["ci95"]
        assert 0 <= lo <= r["first_share"]["mean"] <= hi <= 1 and r["rounds"]["mean"] <= 12
    for name in (
        "report.md",
        "summary.json",
        "settings.csv",
        "first_relative_x_players.png",
        "first_bars.png",
        "early_end_x_players.svg",
    ):
        assert (tmp_path / "b" / name).is_file(), name
    s = st.seats(
        players_list=(3,),
        games=150,
        seed=1,
        bots="random,low",
        field="low,high",
        candidates=("mid",),
        out=tmp_path / "s",
        progress=False,
    )
    assert {t["table"] for t in s["seat_tests"]} == {"random", "low", st.MIXED}
    assert [d["deal"] for d in s["deals"] if d["table"] == "low"] == [1, 2, 3]
    p = s["passing"][0]
    assert p["win_diff"]["mean"] == pytest.approx(p["win_strong_right"]["mean"] - p["win_strong_left"]["mean"])
    for name in (
        "report.md",
        "seat_win_share_3p.png",
        "seat_score_3p.png",
        "passing_win.png",
        "early_end_3p.png",
        "rounds_3p.png",
        "deals.csv",
    ):
        assert (tmp_path / "s" / name).is_file(), name


def test_cli_json_shapes():
    r = CliRunner().invoke(
        app,
        ["landunter", "balance", "--players", "3", "--field", "low", "--options", "tie_simultaneous", "--games", "40", "--json"],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["settings"] == 2 and set(data["results"][0]) >= {
        "first_share",
        "first_p",
        "seat_p",
        "early_end",
        "eliminated",
        "rounds",
        "score_sd",
        "flagged",
    }
    r = CliRunner().invoke(
        app,
        [
            "landunter",
            "seats",
            "--players",
            "3",
            "--bots",
            "low",
            "--field",
            "low",
            "--candidates",
            "low",
            "--games",
            "40",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert {"seat_tests", "seats", "passing", "deals"} <= set(data)
    assert len(data["seats"]) == 2 * 3 and len(data["passing"]) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["balance", "--players", "7"],
        ["balance", "--players", "two"],
        ["balance", "--field", "nope"],
        ["balance", "--options", "gravity"],
        ["balance", "--rules", "tie_simultaneous=maybe"],
        ["seats", "--players", "2"],
        ["seats", "--bots", "random,nope"],
        ["seats", "--strong", "nope"],
        ["seats", "--rules", "players=4"],
    ],
)
def test_cli_rejects_bad_input_in_one_line(args):
    r = CliRunner().invoke(app, ["landunter", *args, "--games", "10"])
    assert r.exit_code == 2, r.output
    assert "error" in r.output and "Traceback" not in r.output and len(r.output.strip().splitlines()) <= 2
