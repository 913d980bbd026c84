"""Analyses print readable reports that fit the terminal: no line wider than
the console, no header or value cut, long labels spelled out in a legend."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pandas as pd
import pytest
from rich.console import Console
from typer.testing import CliRunner

from sim import cli_common
from sim.cli import app
from sim.report_terminal import ci_text, print_table

MIX = "threshold:t=1,threshold:t=2,air,random"


def printed(frame: pd.DataFrame, width: int) -> str:
    console = Console(width=width, file=io.StringIO())
    print_table(frame, console)
    return console.file.getvalue()


def wide_frame() -> pd.DataFrame:
    rows = []
    for mix in ("air", MIX):
        for players in (2, 3):
            rows.append(
                {
                    "mix": mix,
                    "players": players,
                    "p_air_out": 0.25,
                    "p_air_out_lo": 0.247,
                    "p_air_out_hi": 0.253,
                    "drowned": 1.5,
                    "drowned_lo": 1.4,
                    "drowned_hi": 1.6,
                    "turns": 19.75,
                    "turns_lo": 19.74,
                    "turns_hi": 19.76,
                    "mean_air_out_turn": 17.5,
                    "last_dive_decided": 0.61,
                    "games": 1_000_000,
                }
            )
    return pd.DataFrame(rows)


@pytest.mark.parametrize("width", [60, 80, 100])
def test_a_wide_table_fits_the_width_without_cutting_a_value_or_header(width):
    text = printed(wide_frame(), width)
    assert max(map(len, text.splitlines())) <= width
    assert "…" not in text
    for value in ("0.250 [0.247, 0.253]", "1.50 [1.40, 1.60]", "19.750 [19.740, 19.760]", "17.5", "0.61", "1000000"):
        assert value in text, value
    words = " ".join(text.split())
    for header in ("p air out", "drowned", "turns", "mean air out turn", "last dive decided", "games"):
        assert all(word in words for word in header.split()), header


def test_a_table_split_in_parts_repeats_its_row_labels():
    text = printed(wide_frame(), 60)
    header_lines = [line for line in text.splitlines() if line.startswith("mix")]
    assert len(header_lines) >= 2 and all("players" in line for line in header_lines)


def test_long_labels_become_tags_with_a_legend_when_they_crowd_the_table():
    text = printed(wide_frame(), 60)
    lines = text.splitlines()
    assert f"[a] {MIX}" in [line.rstrip() for line in lines]
    assert sum(line.startswith("[a] ") for line in lines) >= 2  # rows use the tag
    assert MIX not in " ".join(line for line in lines if not line.startswith("[a] " + MIX))


@pytest.mark.parametrize("width", [60, 100, 250])
def test_rows_as_dicts_print_as_their_data_frame_does(width):
    frame = wide_frame()
    frame.loc[1, "drowned"] = None  # a gap in a number column: NaN in pandas, "n/a" in both
    rows = [{k: v for k, v in row.items() if not (k == "drowned" and v != v)} for row in frame.to_dict("records")]
    assert printed(rows, width) == printed(frame, width)
    assert "n/a" in printed(rows, width)


def test_a_table_that_fits_is_printed_whole_with_labels_in_full():
    text = printed(wide_frame(), 250)
    assert MIX in text and "[a]" not in text
    assert sum(line.startswith("mix") for line in text.splitlines()) == 1


@pytest.mark.parametrize(
    "mean,lo,hi,shown",
    [
        (0.25, 0.247, 0.253, "0.250 [0.247, 0.253]"),
        (19.75, 19.6, 19.9, "19.75 [19.60, 19.90]"),
        (-0.0018, -0.0031, -0.0005, "-0.0018 [-0.0031, -0.0005]"),
    ],
)
def test_a_figure_shows_as_many_decimals_as_its_interval_supports(mean, lo, hi, shown):
    assert ci_text(mean, lo, hi) == shown


@pytest.mark.parametrize("columns", ["80", "133"])
def test_the_console_takes_the_terminal_width(columns):
    env = {**os.environ, "COLUMNS": columns}
    width = subprocess.run(
        [sys.executable, "-c", "from sim.cli_common import out; print(out.width)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert int(width) == int(columns)


@pytest.fixture
def columns80(monkeypatch):
    """An 80-column terminal for the CLI's console."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(cli_common.out, "_width", None)  # width read from the environment at each print


ANALYSES = {
    "luft compare-turnback": [
        "luft",
        "compare-turnback",
        "--players",
        "2",
        "--families",
        "threshold,random",
        "--field",
        "rulebook-tips",
        "--games",
        "40",
        "--pair-games",
        "40",
    ],
    "luft balance": ["luft", "balance", "--players", "2,3", "--field", "threshold:t=2,air", "--knobs", "air", "--games", "20"],
    "luft dice-check": ["luft", "dice-check", "--players", "3", "--games", "50", "--draws", "900"],
    "luft air": ["luft", "air", "--players", "2,3", "--games", "50"],
    "landunter balance": [
        "landunter",
        "balance",
        "--players",
        "3",
        "--field",
        "low",
        "--options",
        "tie_simultaneous",
        "--games",
        "30",
    ],
    "landunter seats": [
        "landunter",
        "seats",
        "--players",
        "3",
        "--bots",
        "low",
        "--field",
        "low,dodge",
        "--candidates",
        "dodge",
        "--games",
        "30",
    ],
    "landunter ranking": ["landunter", "ranking", "-n", "3", "-g", "60", "-b", "random,dodge,mid"],
    "landunter fairness": ["landunter", "fairness", "-n", "3", "-g", "30", "-b", "low,random"],
}


@pytest.mark.parametrize("name", list(ANALYSES))
def test_every_analysis_prints_a_readable_report_in_80_columns(name, columns80, tmp_path):
    result = CliRunner().invoke(app, ANALYSES[name] + ["--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # only a line naming a file may run past the width (unbroken, so it copies whole)
    assert all(len(line) <= 80 or str(tmp_path) in line for line in lines), max(lines, key=len)
    assert "…" not in result.stdout
    title = (tmp_path / "report.md").read_text().splitlines()[0].lstrip("# ")
    assert title in result.stdout  # the report itself, not its JSON
    assert not result.stdout.lstrip().startswith("{")
    assert f"plot: {tmp_path}" in result.stdout and str(tmp_path) in lines[-1]


def test_an_analysis_without_out_prints_its_report_and_json_only_when_asked(columns80):
    readable = CliRunner().invoke(app, ANALYSES["luft air"])
    assert readable.exit_code == 0 and "How fast does the shared air run out?" in readable.stdout
    assert "plot:" not in readable.stdout
    as_json = CliRunner().invoke(app, ANALYSES["luft air"] + ["--json"])
    assert json.loads(as_json.stdout)["players"] == [2, 3]


def test_results_list_shows_every_full_path_in_80_columns(columns80, tmp_path):
    for seed in (1, 2):
        stored = CliRunner().invoke(
            app,
            [
                "luft",
                "simulate",
                "--bots",
                "random",
                "--players",
                "2",
                "--games",
                "20",
                "--seed",
                str(seed),
                "--out",
                str(tmp_path / "a-rather-long-directory-name"),
            ],
        )
        assert stored.exit_code == 0, stored.output
    listing = CliRunner().invoke(app, ["results", "list", str(tmp_path / "a-rather-long-directory-name")])
    assert listing.exit_code == 0, listing.output
    paths = sorted(p for p in (tmp_path / "a-rather-long-directory-name").iterdir() if p.is_dir())
    lines = listing.stdout.splitlines()
    assert len(paths) == 2 and all(f"] {p}" in listing.stdout for p in paths)
    # only a path longer than the terminal may run past it, on its own legend line (so it copies whole)
    assert all(len(line) <= 80 or line.split("] ", 1)[-1].rstrip() in map(str, paths) for line in lines)


def test_a_split_table_repeats_only_the_labels_that_tell_rows_apart():
    """``players`` names the rows; ``depth 4`` (whole numbers) is data, not a label to repeat."""
    from sim.report_terminal import row_keys

    columns = {"players": [2, 3], "depth 4": [7, 7], "depth 8": [9, 10], "share": [0.5, 0.25]}
    assert row_keys(columns) == ["players"]
    assert row_keys({"players": [2, 2, 3], "mix": ["a", "b", "a"], "hi 1": [1, 1, 2]}) == ["players", "mix"]


def test_compared_metrics_are_numbered_as_rows_are():
    from sim.records import metric_label

    assert [metric_label(m) for m in ("dive0.turns", "dive2.air_out", "seat0.score", "games")] == [
        "dive 1 turns",
        "dive 3 air_out",
        "seat 0 score",
        "games",
    ]


def test_a_whole_number_axis_gets_whole_number_ticks():
    from sim import plots

    fig, ax = plots._figure()
    ax.plot([2, 3], [0.1, 0.2])
    plots.integer_ticks(fig)
    fig.canvas.draw()
    assert all(float(t).is_integer() for t in ax.get_xticks())
    fig, ax = plots._figure()
    ax.plot([0.5, 1.5], [0.1, 0.2])  # a fractional axis keeps its ticks
    before = list(ax.get_xticks())
    plots.integer_ticks(fig)
    assert list(ax.get_xticks()) == before
