"""`sim <game> strong-findings` on small game counts: the heuristic side is the
balance / fairness analysis's own figure, the strong side plays its own
games, the verdict follows the Bonferroni-corrected test of the difference,
output shapes, bad input, Ctrl-C and resume."""

import json
import math

import pytest
from scipy import stats
from typer.testing import CliRunner

from sim import interrupt
from sim.cli import app
from sim.games.landunter.analyses import strong_findings as LU
from sim.games.landunter.analyses.fairness import fairness
from sim.games.luft.analyses import strong_findings as LF
from sim.games.luft.analyses.balance import balance
from sim.stats import Comparison, Estimate, normal_difference
from sim.strong import findings as F

LU_FIELD = ["dodge", "low"]


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "seconds"}


def mixed_rows(summary: dict) -> list[dict]:
    """The rows comparing the mixed field without and with the strong bots."""
    return [r for r in summary["results"] if r["make_up"] == "mixed"]


@pytest.fixture(scope="module")
def luft(tmp_path_factory):
    out = tmp_path_factory.mktemp("luft")
    r = CliRunner().invoke(app, ["luft", "strong-findings", "-n", "2", "-g", "200", "--json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), out


def test_the_heuristic_side_is_the_balance_analysis_figure(luft):
    summary, _ = luft
    ref = balance(players_list=[2], games=200, seed=0, field=LF.HEURISTIC_FIELD, knobs=[], pairs=[], progress=False)
    [default] = ref["results"]
    got = {r["key"]: r["heuristic"] for r in mixed_rows(summary)}
    assert got["seat0_edge"]["mean"] == pytest.approx(default["first_share"]["mean"] - 0.5, abs=1e-6)
    assert got["seat0_edge"]["ci95"] == pytest.approx([x - 0.5 for x in default["first_share"]["ci95"]], abs=1e-6)
    assert got["last_dive_decides"]["mean"] == pytest.approx(default["last_dive_decided"]["mean"], rel=1e-5)


def test_the_ring_compensation_figures_are_the_fairness_analysis_figures():
    s = LU.strong_findings(players_list=[3], games=120, field=LU_FIELD, strong_field=["dodge"], progress=False)
    ref = fairness(players_list=[3], bots=LU_FIELD, games=120, progress=False)
    [mixed_field] = [r for r in ref["results"] if r["mix"] == "mixed"]
    [alone] = [r for r in ref["results"] if r["mix"] == "dodge"]
    for r in mixed_rows(s):
        assert {k: r["heuristic"][k] for k in ("mean", "ci95")} == mixed_field[r["key"]]
    spread = next(r for r in mixed_rows(s) if r["key"] == "spread")
    assert spread["heuristic"]["reading"] == mixed_field["verdict"]
    [dodge] = [f for f in s["figures"] if f["field"] == "self-play dodge" and f["key"] == "spread"]
    assert dodge["mean"] != alone["spread"]["mean"]  # the self-play field plays games of its own stream


def test_the_strong_field_plays_its_own_games(luft):
    """The same field on both sides would give identical figures on the same games."""
    s = LF.strong_findings(players_list=[2], games=200, field=["threshold:t=2"], strong_field=["threshold:t=2"], progress=False)
    edge = next(r for r in mixed_rows(s) if r["key"] == "seat0_edge")
    assert edge["heuristic"]["mean"] != edge["strong"]["mean"] and s["strong_seed"] != s["seed"]
    assert len({f["seed"] for f in s["fields"].values()}) == len(s["fields"])


def test_normal_difference_is_the_z_test_of_two_independent_estimates():
    z = stats.norm.ppf(0.975)
    a, b = Estimate(1.0, 1.0 - 2 * z, 1.0 + 2 * z, 10), Estimate(0.2, 0.2 - z, 0.2 + z, 10)
    c = normal_difference(a, b)
    se = math.sqrt(2**2 + 1)
    assert c.diff.mean == pytest.approx(0.8) and c.diff.hi - c.diff.lo == pytest.approx(2 * z * se)
    assert c.p_value == pytest.approx(2 * stats.norm.sf(0.8 / se))


def _fixed(p_values):
    """A measure whose figures carry the p-value of their difference."""
    est = Estimate(0.0, -1.0, 1.0, 100)

    def measure(n, specs, seed):
        return [F.Figure(f"f{i}", f"figure {i}", est, "same", p) for i, p in enumerate(p_values)]

    return measure, lambda h, s: Comparison(est, 0.0, 1.0, h.data, 0.0, "fixed")


def test_a_figure_changes_only_below_the_bonferroni_threshold(tmp_path):
    measure, test = _fixed([0.004, 0.02, 0.3])
    s = F.compare("luft", "t", [2, 3], ["air"], ["random"], measure, test, games=2, seed=0, alpha=0.05, out=tmp_path)
    # 2 comparisons (air's field without and with random; random's self-play vs air's) x 3 figures x 2 player counts
    assert s["tests"] == 12 and s["threshold"] == pytest.approx(0.05 / 12)
    assert [r["verdict"] for r in s["results"]] == ["changes", "holds", "holds"] * 4
    assert (tmp_path / "report.md").exists() and (tmp_path / "findings.csv").exists() and (tmp_path / "f0.png").exists()


def test_luft_output_has_every_figure_per_player_count_with_both_cis(luft):
    summary, out = luft
    assert summary["complete"] is True and summary["strong_field"] == ["trained"]
    pairs = [("heuristic", "heuristic + strong")] + [(f"self-play {h}", "self-play trained") for h in LF.HEURISTIC_FIELD]
    assert [(r["players"], tuple(r["fields"]), r["key"]) for r in summary["results"]] == [
        (2, pair, key) for pair in pairs for key in ("seat0_edge", "last_dive_decides")
    ]
    assert summary["fields"]["heuristic + strong"]["specs"] == [*LF.HEURISTIC_FIELD, "trained"]
    for r in summary["results"]:
        assert r["verdict"] in ("holds", "changes") and r["heuristic"]["n"] >= 200 and r["strong"]["n"] >= 200
        assert r["detectable"] > abs(r["difference"]["ci95"][1] - r["difference"]["mean"])  # wider than the 95% half width
        assert r["difference"]["mean"] == pytest.approx(r["strong"]["mean"] - r["heuristic"]["mean"], abs=1e-5)
    assert {p.name for p in out.glob("*.png")} == {"seat0_edge.png", "last_dive_decides.png"}
    assert "## Findings" in (out / "report.md").read_text()


def test_bad_input_is_one_error_line_and_exit_2():
    for args, says in (
        (["luft", "strong-findings", "-n", "7"], "2..6"),
        (["landunter", "strong-findings", "-n", "2"], "3..5"),
        (["luft", "strong-findings", "-n", "2", "--strong-field", "nobot"], "unknown bot 'nobot'"),
    ):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and r.stderr.startswith("error: ") and says in r.stderr, r.output


def test_ctrl_c_exits_130_and_the_rerun_resumes_to_the_same_answer(tmp_path, monkeypatch):
    args = ["luft", "strong-findings", "-n", "2", "-g", "40", "--json", "--out"]
    whole = CliRunner().invoke(app, args + [str(tmp_path / "a")])
    real, calls = LF.play_lineups, []

    def stop_at_the_strong_field(*a, **kw):
        calls.append(1)
        if len(calls) == 2:
            raise interrupt.Interrupted()
        return real(*a, **kw)

    monkeypatch.setattr(LF, "play_lineups", stop_at_the_strong_field)
    r = CliRunner().invoke(app, args + [str(tmp_path / "b")])
    assert r.exit_code == 130 and json.loads(r.stdout.splitlines()[0])["complete"] is False
    assert not (tmp_path / "b" / "report.md").exists() and any((tmp_path / "b" / "runs").iterdir())
    monkeypatch.setattr(LF, "play_lineups", real)
    again = CliRunner().invoke(app, args + [str(tmp_path / "b")])
    assert untimed(json.loads(again.stdout)) == untimed(json.loads(whole.stdout))


def test_detectable_is_the_difference_found_with_80_percent_power():
    z = stats.norm.ppf(0.975)
    se = 0.01
    d = F.detectable(Estimate(0.0, -z * se, z * se, 100), 0.005)
    assert d == pytest.approx((stats.norm.ppf(1 - 0.0025) + stats.norm.ppf(0.8)) * se)
    # a true difference of that size is significant at 0.005 in 80% of samples
    assert stats.norm.sf(stats.norm.ppf(1 - 0.0025) - d / se) == pytest.approx(0.8, abs=1e-3)
