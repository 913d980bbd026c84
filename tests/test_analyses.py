"""The Geteilte Luft analyses at small game counts, fixed seeds.

Each test checks a fact that a wrong implementation could break: a mix that is
not a distribution, a best response that is not the column's argmax, flags
that disagree with their p-values, a one-sample test that disagrees with
scipy, a CI that is narrower than the exact one it bounds.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from sim import api, balance as balance_skeleton, sweep
from sim.cli import app
from sim.games.luft.analyses import balance as bal, compare_turnback as ct
from sim.games.luft.analyses.common import compare
from sim.runner import Totals
from sim.stats import detectable_difference

FIELD = "threshold:t=2,rulebook-tips,depth"


# ---------------------------------------------------------------- pure pieces


def test_param_grids_stay_in_range_and_hold_the_default():
    registry = api.get_game("luft").registry
    for name in registry.names():
        for p in registry.get(name).params:
            grid = sweep.param_grid(p, 4)
            assert all(p.low <= v <= p.high for v in grid), (name, p.name, grid)
            assert float(p.default) in grid, (name, p.name, grid)
            assert grid == sorted(set(grid)) and 1 <= len(grid) <= 5
            if p.integer:
                assert all(v == int(v) for v in grid)
                values = {q.name: q.default for q in registry.get(name).params} | {p.name: grid[-1]}
                registry.parse(sweep.spec_of(name, values, registry))


def test_equilibrium_of_rock_paper_scissors_is_uniform():
    A = np.array([[0.5, 1.0, 0.0], [0.0, 0.5, 1.0], [1.0, 0.0, 0.5]])
    mix, value = ct.equilibrium(A)
    np.testing.assert_allclose(mix, [1 / 3] * 3, atol=1e-9)
    assert value == pytest.approx(0.0, abs=1e-9)


def test_equilibrium_of_a_dominant_family_is_pure():
    A = np.array([[0.5, 0.6, 0.9], [0.4, 0.5, 0.7], [0.1, 0.3, 0.5]])
    mix, value = ct.equilibrium(A)
    np.testing.assert_allclose(mix, [1, 0, 0], atol=1e-9)
    assert ct.best_responses(A) == [0, 0, 0]


@pytest.mark.parametrize("seed", range(5))
def test_equilibrium_of_random_complementary_matrices(seed):
    rng = np.random.default_rng(seed)
    k = 6
    A = np.full((k, k), 0.5)
    iu = np.triu_indices(k, 1)
    A[iu] = rng.uniform(0, 1, len(iu[0]))
    A.T[iu] = 1 - A[iu]
    mix, value = ct.equilibrium(A)
    assert mix.min() >= 0 and mix.sum() == pytest.approx(1.0)
    assert value == pytest.approx(0.0, abs=1e-9)  # symmetric zero-sum: value 0
    assert (mix @ (A - 0.5)).min() >= -1e-9  # no family beats the mix
    assert all(A[i, j] == A[:, j].max() for j, i in enumerate(ct.best_responses(A)))


def test_settings_sweep_one_knob_and_a_pair_without_duplicates():
    plan = bal.settings([4], ["air"], [("air", "dives")])
    labels = [bal.label(o) for _, o in plan]
    assert len(labels) == len(set(labels)) == 1 + 4 + 2 + 8  # default, air alone, dives alone, the rest
    assert labels[0] == "default" and "air=25" not in labels and "dives=3" not in labels


def test_measure_flags_a_first_player_advantage():
    t = Totals(games=10_000)
    wins = np.r_[np.ones(5_600), np.zeros(4_400)]
    t.sums = {
        "seat0.win": np.array([1e4, wins.sum(), wins.sum()]),
        "seat1.win": np.array([1e4, 1e4 - wins.sum(), 1e4 - wins.sum()]),
    }
    for d in range(3):
        for m in ("turns", "air_out", "stalled"):
            t.sums[f"dive{d}.{m}"] = np.array([1e4, 1e4, 1e4])
    for s in range(2):
        t.sums[f"seat{s}.drowned"] = np.array([1e4, 0.0, 0.0])
        t.hists[f"seat{s}.score"] = np.array([5_000, 5_000])
    t.sums["last_dive_decided"] = np.array([1e4, 3_000.0, 3_000.0])
    fig = bal.measure(t, 2, 3)
    assert fig["first_share"].mean == pytest.approx(0.56)
    assert fig["first_p"] < 1e-20 and fig["seat_p"] < 1e-20
    assert fig["last_dive_decided"].mean == pytest.approx(0.3)
    assert fig["last_dive_decided"].lo < 0.3 < fig["last_dive_decided"].hi


def test_play_lineups_resumes_from_the_store(tmp_path):
    lineups = sweep.field_lineups("threshold:t=3", ["threshold:t=2", "random"], 3)
    first = sweep.play_lineups("luft", {"players": 3}, lineups, 120, 5, tmp_path)
    again = sweep.play_lineups("luft", {"players": 3}, lineups, 120, 5, tmp_path)
    assert first.games == again.games == 120
    for key in ("cand.win", "seat0.win", "dive0.turns"):
        np.testing.assert_allclose(first.agg(key), again.agg(key))
    assert len(list((tmp_path / "runs").iterdir())) == 1
    # the candidate's games are the seats it held: its win share pools over them
    assert first.agg("cand.win")[0] == first.games


# ---------------------------------------------------------------- compare-turnback


@pytest.fixture(scope="module")
def turnback(tmp_path_factory):
    out = tmp_path_factory.mktemp("turnback")
    summary = ct.compare_turnback(
        players_list=(2, 3),
        families_list=["threshold", "rulebook-tips", "random"],
        games=300,
        pair_games=300,
        field=FIELD,
        seed=3,
        out=out,
        progress=False,
    )
    return out, summary


def test_turnback_slow_families_named_by_slow_replace_the_timing():
    cost = {"threshold": 1e-5, "rulebook-tips": 1e-5, "air": 1e-5, "planner": 1e-3}
    assert set(ct.slow_families(cost)) == {"planner"}  # 100x the median
    named = ct.slow_families(cost, named=["air"])  # a repeatable run names them
    assert set(named) == {"air"} and named["air"] == pytest.approx(1.0)
    assert ct.slow_families(cost, named=[]) == {}


def test_turnback_meta_game_is_consistent(turnback):
    _, summary = turnback
    assert [m["players"] for m in summary["meta"]] == [2, 3]
    for meta in summary["meta"]:
        A = np.array(meta["payoff"])
        names = meta["families"]
        assert sorted(names) == sorted(["threshold", "rulebook-tips", "random"])
        np.testing.assert_allclose(A + A.T, 1.0, atol=1e-5)  # head-to-head shares are complementary
        mix = np.array([meta["equilibrium"][f] for f in names])
        assert mix.min() >= 0 and mix.sum() == pytest.approx(1.0)
        assert (mix @ (A - 0.5)).min() >= -1e-6
        for j, f in enumerate(names):
            br = meta["best_response"][f]
            assert A[names.index(br["family"]), j] == pytest.approx(A[:, j].max())
        assert meta["ranking"][-1]["family"] == "random"  # random never tops a tuned bot


def test_turnback_best_parameters_are_the_sweep_argmax(turnback):
    out, summary = turnback
    import pandas as pd

    swept = pd.read_csv(out / "sweep.csv")
    for best in summary["best"]:
        rows = swept[(swept.family == best["family"]) & (swept.players == best["players"])]
        assert best["win_share"]["mean"] == pytest.approx(rows.win_share.max())
        assert best["spec"] in set(rows.spec)


def test_turnback_writes_its_report(turnback):
    out, _ = turnback
    for name in (
        "report.md",
        "summary.json",
        "sweep.csv",
        "best_parameters.csv",
        "equilibrium_2p.csv",
        "payoff_3p.csv",
        "sweep_threshold_t.png",
        "sweep_rulebook_tips_two.svg",
        "payoff_2p.png",
    ):
        assert (out / name).is_file(), name
    assert "Equilibrium" in (out / "report.md").read_text()


# ---------------------------------------------------------------- balance


@pytest.fixture(scope="module")
def balance(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance")
    summary = bal.balance(
        players_list=(2, 3),
        games=300,
        seed=4,
        field=FIELD,
        knobs=["air", "sink_order"],
        pairs=[("air", "sink_order")],
        out=out,
        progress=False,
    )
    return out, summary


def test_balance_flags_agree_with_p_values(balance):
    _, summary = balance
    plan = bal.settings([2, 3], ["air", "sink_order"], [("air", "sink_order")])
    assert summary["settings"] == len(plan) == len(summary["results"])
    distinct = [r for r in summary["results"] if not r["duplicate_of"]]
    assert summary["tests"] == 2 * len(distinct)
    assert summary["threshold"] == pytest.approx(summary["alpha"] / summary["tests"])
    for r in summary["results"]:
        expect = not r["duplicate_of"] and (r["first_p"] < summary["threshold"] or r["seat_p"] < summary["threshold"])
        assert r["flagged"] == expect
        lo, hi = r["first_share"]["ci95"]
        assert lo <= r["first_share"]["mean"] <= hi
        assert 0 <= r["drowned"]["mean"] <= 1 and r["turns"]["mean"] > 0
    assert {f["setting"] for f in summary["flagged"]} == {r["setting"] for r in summary["results"] if r["flagged"]}


def test_balance_tables_and_heat_maps(balance):
    out, summary = balance
    import pandas as pd

    table = pd.read_csv(out / "settings.csv")
    shares = table.seat_shares.str.split("/").map(lambda xs: sum(float(x) for x in xs))
    np.testing.assert_allclose(shares, 1.0, atol=0.01)  # one winner per game (shares rounded to 3 dp)
    assert table.last_dive_decided.between(0, 1).all()
    for name in (
        "last_dive_air_x_players.png",
        "first_air_x_players.png",
        "first_sink_order_x_players.svg",
        "first_air_x_sink_order_2p.png",
        "drowned_air_x_players.png",
        "report.md",
    ):
        assert (out / name).is_file(), name
    # more air, fewer drownings: the one monotone fact a sweep this small can show
    two = table[(table.players == 2) & table.setting.isin(["air=15", "air=35"])].set_index("setting")
    assert two.loc["air=15", "drowned"] > two.loc["air=35", "drowned"]


# ---------------------------------------------------------------- dice-check and air


def test_dice_check_exact_distributions_and_chi_square(tmp_path):
    from sim.games.luft.analyses.dice_check import dice_check

    summary = dice_check(players=3, games=300, draws=9_000, seed=1, out=tmp_path, progress=False)
    assert summary["exact_equal"] is True
    chi = {r["source"]: r for r in summary["chi_square"]}
    assert set(chi) == {"deck", "d3", "d6-mapped", "deck-no-reshuffle"}
    assert all(0 <= r["p_value"] <= 1 and r["draws"] >= 9_000 and r["dof"] == 4 for r in chi.values())
    assert chi["deck-no-reshuffle"]["p_value"] > 0.99  # whole decks: counts almost exact
    assert summary["d6_identical_to_d3"] is True
    assert (tmp_path / "report.md").is_file() and (tmp_path / "swim_frequencies.png").is_file()


def test_air_analysis_curves_and_shares(tmp_path):
    from sim.games.luft.analyses.air import air_analysis

    summary = air_analysis(players_list=(3,), mixes=("threshold:t=2",), games=300, seed=2, out=tmp_path, progress=False)
    for d in summary["dives"]:
        lo, hi = d["p_air_out"]["ci95"]
        assert 0 <= lo <= d["p_air_out"]["mean"] <= hi <= 1
    assert (tmp_path / "air_by_dive.csv").is_file()


# ---------------------------------------------------------------- CLI


def test_cli_compare_turnback_and_balance_json():
    r = CliRunner().invoke(
        app,
        [
            "luft",
            "compare-turnback",
            "--players",
            "2",
            "--families",
            "threshold,random",
            "--field",
            "rulebook-tips",
            "--games",
            "60",
            "--pair-games",
            "60",
            "--slow",
            "random",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["meta"][0]["families"][0] == "threshold"
    assert data["slow_named"] and set(data["slow"]) == {"random"}
    r = CliRunner().invoke(
        app,
        [
            "luft",
            "balance",
            "--players",
            "2",
            "--field",
            "threshold:t=2",
            "--knobs",
            "dives",
            "--pairs",
            "none",
            "--games",
            "40",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout.strip().splitlines()[-1])
    assert data["settings"] == 3


@pytest.mark.parametrize(
    "args",
    [
        ["compare-turnback", "--players", "7"],
        ["compare-turnback", "--families", "nope"],
        ["balance", "--knobs", "gravity"],
        ["balance", "--pairs", "air"],
        ["balance", "--players", "two"],
    ],
)
def test_cli_rejects_bad_input_in_one_line(args):
    r = CliRunner().invoke(app, ["luft", *args, "--games", "10"])
    assert r.exit_code == 2, r.output
    assert "error" in r.output and "Traceback" not in r.output


def test_an_interrupted_sweep_resumes_to_the_same_answer(tmp_path, monkeypatch):
    """Ctrl-C in the middle of `sim luft balance`: exit 130, the finished settings
    stay stored, and the same command finishes without replaying them."""
    args = [
        "luft",
        "balance",
        "--players",
        "2",
        "--games",
        "200",
        "--seed",
        "9",
        "--field",
        FIELD,
        "--knobs",
        "air",
        "--pairs",
        "none",
        "--json",
    ]
    whole = json.loads(CliRunner().invoke(app, args + ["--out", str(tmp_path / "whole")]).stdout)
    real, calls = sweep.play_lineups, []

    def stopping(*a, **kw):
        calls.append(a)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*a, **kw)

    monkeypatch.setattr(balance_skeleton, "play_lineups", stopping)
    out = tmp_path / "resumed"
    stopped = CliRunner().invoke(app, args + ["--out", str(out)])
    assert stopped.exit_code == 130 and "run the same command again" in stopped.stderr
    assert len(list((out / "runs").iterdir())) == 2
    played, real_chunks = [], sweep.play_chunks

    def counting(items, **kw):
        played.append(1)
        return real_chunks(items, **kw)

    monkeypatch.setattr(sweep, "play_chunks", counting)
    monkeypatch.setattr(balance_skeleton, "play_lineups", real)
    again = CliRunner().invoke(app, args + ["--out", str(out)])
    assert again.exit_code == 0
    resumed = json.loads(again.stdout)
    assert len(played) == whole["settings"] - 2  # the two stored settings were not played again
    assert resumed["results"] == whole["results"] and resumed["flagged"] == whole["flagged"]


def test_detectable_difference_is_computed_at_the_bonferroni_alpha_the_test_uses():
    def run(mean):
        t = Totals(games=10_000)
        for m in ("a", "b"):
            t.sums[m] = np.array([10_000, 10_000 * mean, 10_000 * (mean * mean + 1.0)])
        return api.Simulation({}, t, None)

    table = compare(run(0.0), run(0.0), ["a", "b"], "x", "y")
    sd = math.sqrt(10_000 / 9_999)
    assert table.detectable.iloc[0] == pytest.approx(detectable_difference(sd, sd, 10_000, 10_000, alpha=0.025))
    assert table.detectable.iloc[0] > detectable_difference(sd, sd, 10_000, 10_000, alpha=0.05)
