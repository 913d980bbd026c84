"""`sim luft metrics` and `sim luft design` end to end at tiny sizes (one field
bot, two players, the bots other CLI tests compile already)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import optuna
import pandas as pd
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.design.metric_defs import all_metrics
from sim.design.metrics import evaluate
from sim.interrupt import SIGINT_AFTER_CHUNKS
from tests.sigint import default_sigint

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--games", "6", "--players", "2", "--field", "random", "--strong", "threshold:t=2", "--weak", "random"]
DESIGN = ["luft", "design", "--knobs", "air=20..30", "--objectives", "skill,fairness", "--top", "1", *TINY]


def run(args):
    result = CliRunner().invoke(app, args)
    return result, (json.loads(result.stdout) if result.exit_code == 0 and "--json" in args else None)


def test_identical_bots_show_no_skill_and_half_the_games_as_upsets():
    """Strong and weak play alike: skill 0 and upset rate 1/2, each within 3 standard errors."""
    n, players = 600, 3
    figs = evaluate("luft", {"players": players}, field=["random"], strong="random", weak="random", games=n, seed=11)
    p = 1 / players
    assert figs["skill"].n == n
    assert abs(figs["skill"].mean) < 3 * math.sqrt(p * (1 - p) / n)
    assert abs(figs["upset_rate"].mean - 0.5) < 3 * 0.5 / math.sqrt(n)
    half = figs["upset_rate"].half_width
    assert 0.5 * 1.96 * 0.5 / math.sqrt(n) < half < 1.96 * 0.5 / math.sqrt(n) * 1.05  # CI width matches its SE


def test_metrics_json_gives_every_metric_with_a_ci_and_n():
    result, summary = run(["luft", "metrics", *TINY, "--json", "--seed", "3"])
    assert result.exit_code == 0, result.output
    [row] = summary["results"]
    assert row["players"] == 2 and set(row["metrics"]) == set(summary["definitions"])
    for name, fig in row["metrics"].items():
        lo, hi = fig["ci95"]
        assert lo <= fig["mean"] <= hi and fig["n"] >= 6, name


def test_design_study_resumes_a_larger_trial_count_adds_trials_and_the_report_lists_the_rule_holes(tmp_path):
    out = str(tmp_path / "study")
    first, a = run([*DESIGN, "--trials", "1", "--out", out, "--json"])
    assert first.exit_code == 0, first.output
    again, b = run([*DESIGN, "--trials", "2", "--out", out, "--json"])
    assert again.exit_code == 0, again.output
    assert a["study"] == b["study"] and (a["trials"], b["trials"]) == (1, 2)
    study = optuna.load_study(study_name=b["study"], storage=b["storage"])
    assert sum(t.state == optuna.trial.TrialState.COMPLETE for t in study.trials) == 2
    assert b["front"][0]["candidate"] == "rulebook defaults" and "skill" in b["front"][0]["metrics"]
    assert b["evaluation_seed"] != b["selection_seed"]
    for name in ("front.parquet", "trials.parquet", "report.md", "knob_air.png", "front_skill_seat_gap.png"):
        assert (tmp_path / "study" / name).exists(), name
    # the report lists every rule hole of every re-evaluated candidate, per player count
    holes = pd.read_csv(tmp_path / "study" / "holes.csv")
    assert holes.candidate.tolist() == [row["candidate"] for row in b["front"]] and set(holes.players) == {2}
    assert [c for c in holes.columns if c.startswith("hole_")] == [
        m.name for m in all_metrics("luft") if m.name.startswith("hole_")
    ]
    assert "Rule holes of every candidate" in (tmp_path / "study" / "report.md").read_text()


def test_landunter_metrics_give_the_ring_gap_over_every_hand_of_the_field_games():
    tiny = ["--games", "6", "--players", "3", "--field", "random,low", "--strong", "high", "--weak", "random"]
    result, summary = run(["landunter", "metrics", *tiny, "--json", "--seed", "3"])
    assert result.exit_code == 0, result.output
    [row] = summary["results"]
    figs = row["metrics"]
    assert set(figs) == set(summary["definitions"]) and "ring_gap" in figs
    gap = figs["ring_gap"]
    assert gap["n"] == 9 * figs["last_deal_decides"]["n"]  # 3 deals x 3 hands per field game
    assert gap["ci95"][0] <= gap["mean"] <= gap["ci95"][1]


@pytest.mark.parametrize(
    "extra, says",
    [
        (["--knobs", "bogus=1..2"], "unknown knob 'bogus'"),
        (["--knobs", "air=40..15"], "empty range"),
        (["--knobs", "air=15..20", "--rules", "air=20"], "both a searched knob and set by --rules"),
        (["--knobs", "air=15..20", "--constraint", "p_air_out=0.9..0.5"], "empty range"),
        (["--knobs", "air=15..20", "--objectives", "luck"], "unknown objective"),
        (["--knobs", "air=15..20", "--sampler", "grid"], "--sampler 'grid' is not known"),
        (["--knobs", "air=15..20", "--storage", "nosuch://x"], "cannot open the study storage"),
    ],
)
def test_bad_design_input_is_one_error_line_and_exit_2(extra, says):
    result = CliRunner().invoke(app, ["luft", "design", *TINY, *extra])
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: ") and says in line


def test_ctrl_c_exits_130_and_keeps_the_study(tmp_path):
    """(That a rerun resumes a kept study is the resume test's.)"""
    out = str(tmp_path / "study")
    args = [*DESIGN, "--trials", "2", "--out", out, "--json"]
    env = {**os.environ, SIGINT_AFTER_CHUNKS: "6", "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    stopped = subprocess.run(
        [sys.executable, "-m", "sim", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=default_sigint,
    )
    assert stopped.returncode == 130, stopped.stderr[-2000:]
    [line] = stopped.stderr.strip().splitlines()
    assert line.startswith("interrupted") and "run the same command again" in line
    assert json.loads(stopped.stdout)["complete"] is False
    assert not (tmp_path / "study" / "report.md").exists()
    [kept] = optuna.get_all_study_summaries(f"sqlite:///{tmp_path / 'study' / 'study.db'}")
    assert kept.study_name.startswith("luft-design-")


def test_design_picks_on_the_selection_games_and_reports_the_pick_confirmed_on_fresh_ones_knob_by_knob(tmp_path):
    """One dive makes the last dive decide every game: the pick, confirmed on a
    third seed, with each of its knobs alone and the edge of dives' range flagged."""
    args = ["luft", "design", "--knobs", "dives=1..3,air=20..30", "--objectives", "tension", "--games", "40"]
    args += ["--players", "2", "--field", "random", "--strong", "threshold:t=2", "--weak", "random", "--trials", "6"]
    result, s = run([*args, "--top", "2", "--seed", "1", "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    rec = s["recommendation"]
    assert rec["confirmed"] and rec["knobs"]["dives"] == 1 and rec["compared"] == s["evaluated"]
    assert len({s["selection_seed"], s["evaluation_seed"], rec["confirmation_seed"]}) == 3
    assert [r["candidate"] for r in rec["confirmation"]][:3] == ["rulebook defaults", rec["pick"], "only dives=1"]
    alone = next(g for g in rec["knob_gains"] if g["candidate"] == "only dives=1")
    assert alone["differences"]["maximize:last_dive_decides"]["mean"] > 0.5  # this knob carries the gain
    assert [(e["knob"], e["end"], e["widenable"]) for e in rec["edges"]] == [("dives", "low", False)]
    text = (tmp_path / "report.md").read_text()
    assert "Recommendation: selection apart from confirmation" in text and "at the low end of 1..3" in text
