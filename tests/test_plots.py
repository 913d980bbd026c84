"""sim.plots writes real PNG and SVG files with the title in them; every
text stays inside the figure and every axis is labelled."""

import sys

import matplotlib
import numpy as np
import pytest

from sim import plots
from sim.stats import Estimate, proportion_ci

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def check(paths, stem, title):
    png, svg = paths
    assert (str(png), str(svg)) == (f"{stem}.png", f"{stem}.svg")
    data = png.read_bytes()
    assert len(data) > 1000 and data.startswith(PNG_MAGIC)
    text = svg.read_text()
    assert text.lstrip().startswith("<?xml") and "</svg>" in text
    assert title in text


def test_distribution_from_samples_and_histograms(tmp_path):
    rng = np.random.default_rng(1)
    title = "Luft, 4 seats, random bots, n=500"
    data = {
        "seat 0": rng.integers(0, 20, 500),  # raw integer samples
        "seat 1": (np.array([3, 1, 2]), np.array([10, 40, 50])),  # aggregated, unsorted bins
        "seat 2": rng.normal(10, 3, 500),  # continuous samples
    }
    stem = tmp_path / "dist" / "scores"
    paths = plots.distribution(data, title, "score", stem)
    check(paths, stem, title)
    svg = paths[1].read_text()
    assert "seat 1 (n=100, mean 1.7)" in svg and "share of games" in svg
    with pytest.raises(ValueError):
        plots.distribution({"bad": (np.arange(3), np.arange(4))}, title, "score", tmp_path / "bad")


def test_bars_with_ci(tmp_path):
    title = "Land unter, 5 seats, n=2,000"
    ests = [proportion_ci(k, 2000) for k in (380, 420, 400, 410, 390)]
    ests.append(Estimate(float("nan"), float("nan"), float("nan"), 0))  # no games: drawn empty
    labels = [f"seat {i}" for i in range(6)]
    stem = tmp_path / "win-share-p0.5"  # a dot in the stem is kept
    paths = plots.bars_with_ci(
        labels, ests, title, "win share", stem, reference_line=0.2, reference_label="fair share 1/5", xlabel="seat"
    )
    check(paths, stem, title)
    assert "fair share 1/5" in paths[1].read_text()
    with pytest.raises(ValueError):
        plots.bars_with_ci(labels[:2], ests, title, "win share", stem, xlabel="seat")


def test_heatmap(tmp_path):
    title = "Tournament, row beats column, n=10,000 per pair"
    m = np.array([[np.nan, 0.61, 0.55], [0.39, np.nan, 0.48], [0.45, 0.52, np.nan]])
    stem = tmp_path / "matrix"
    paths = plots.heatmap(
        m,
        ["a", "b", "c"],
        ["a", "b", "c"],
        title,
        stem,
        fmt="{:.2f}",
        cbar_label="win share",
        xlabel="column bot",
        ylabel="row bot",
    )
    check(paths, stem, title)
    svg = paths[1].read_text()
    assert "0.61" in svg and "win share" in svg and "nan" not in svg
    with pytest.raises(ValueError):
        plots.heatmap(m, ["a", "b"], ["a", "b", "c"], title, stem, cbar_label="c", xlabel="x", ylabel="y")


def test_lines_with_band(tmp_path):
    title = "Air over turns, 3 players, n=1,000"
    x = np.arange(25)
    mean = 25 - x.astype(float)
    series = {"cautious": (mean, mean - 1, mean + 1), "greedy": (mean * 0.8, mean * 0.8 - 1, mean * 0.8 + 1)}
    stem = tmp_path / "air"
    paths = plots.lines_with_band(x, series, title, "turn", "air left", stem)
    check(paths, stem, title)
    svg = paths[1].read_text()
    assert "cautious" in svg and "air left" in svg
    with pytest.raises(ValueError):
        plots.lines_with_band(x[:3], series, title, "turn", "air", stem)


def test_plotting_leaves_backend_and_pyplot_alone(tmp_path):
    # A notebook using sim.plots keeps its own backend; no pyplot figure registry fills up.
    backend = matplotlib.rcParams._get_backend_or_none()
    had_pyplot = "matplotlib.pyplot" in sys.modules
    plots.distribution({"a": np.arange(5)}, "t", "x", tmp_path / "p")
    assert matplotlib.rcParams._get_backend_or_none() == backend
    if not had_pyplot:
        assert "matplotlib.pyplot" not in sys.modules


LONG_TITLE = (
    "Head to head: share of games the row finished ahead of the column — Geteilte Luft, 4 players, "
    "24 seatings x 20,000 games (n=480,000), every bot with its parameters at their defaults"
)
SPECS = ["threshold:t=1,threshold:t=2,air,random", "greedy-value:risk=0.25", "rollout:k=32:t=2", "seat 3\ncounter"]


def every_plot(stem):
    """One call of each plot type with a long title and long labels, as the analyses make them."""
    x = np.arange(1, 31)
    series = {f"{s} (n = 1,000,000 games)": (25 - x * 0.8, 24 - x * 0.8, 26 - x * 0.8) for s in SPECS}
    ests = [proportion_ci(k, 10_000) for k in (2500, 2600, 2400, 2450)]
    m = np.array([[np.nan, 0.61, 0.55, 0.5], [0.39, np.nan, 0.48, 0.5], [0.45, 0.52, np.nan, 0.5], [0.5, 0.5, 0.5, np.nan]])
    return {
        "distribution": lambda: plots.distribution(
            {s: np.arange(40) % 7 for s in SPECS}, LONG_TITLE, "final score", stem / "dist"
        ),
        "bars_with_ci": lambda: plots.bars_with_ci(
            SPECS,
            ests,
            LONG_TITLE,
            "win share",
            stem / "bars",
            reference_line=0.25,
            reference_label="fair share 1/n",
            xlabel="bot",
        ),
        "heatmap": lambda: plots.heatmap(
            m, SPECS, SPECS, LONG_TITLE, stem / "heat", cbar_label="share ahead", xlabel="column bot", ylabel="row bot"
        ),
        "lines_with_band": lambda: plots.lines_with_band(x, series, LONG_TITLE, "turn", "air left", stem / "lines"),
    }


@pytest.fixture
def drawn(monkeypatch):
    """The figures the plot functions save, kept for inspection."""
    figures = []
    save = plots._save

    def keep(fig, stem):
        figures.append(fig)
        return save(fig, stem)

    monkeypatch.setattr(plots, "_save", keep)
    return figures


@pytest.mark.parametrize("kind", ["distribution", "bars_with_ci", "heatmap", "lines_with_band"])
def test_no_text_leaves_the_figure(tmp_path, drawn, kind):
    every_plot(tmp_path)[kind]()
    (fig,) = drawn
    renderer = fig.canvas.get_renderer()
    inside = fig.get_tightbbox(renderer)  # in inches, like the canvas
    width, height = fig.get_size_inches()
    assert inside.x0 >= 0 and inside.y0 >= 0, (kind, inside)
    assert inside.x1 <= width and inside.y1 <= height, (kind, inside, (width, height))


def test_a_long_title_is_wrapped_not_cut(tmp_path, drawn):
    every_plot(tmp_path)["bars_with_ci"]()
    (fig,) = drawn
    title = fig._suptitle.get_text()
    assert "\n" in title and " ".join(title.split()) == " ".join(LONG_TITLE.split())


@pytest.mark.parametrize("kind", ["distribution", "bars_with_ci", "heatmap", "lines_with_band"])
def test_every_axis_is_labelled(tmp_path, drawn, kind):
    every_plot(tmp_path)[kind]()
    (fig,) = drawn
    for ax in fig.axes:  # a heat map's colour bar is an axis too
        labels = [ax.get_xlabel(), ax.get_ylabel()]
        if ax.get_label() == "<colorbar>":
            labels = [label for label in labels if label]
        assert len(labels) >= 1 and all(labels), (kind, ax.get_label(), labels)


def test_a_distribution_over_some_games_is_shared_out_over_all_of_them(tmp_path):
    # The turn the air ran out is counted only in games where it did: shares of all games sum to P(air out).
    counts = np.array([0, 0, 30, 10])
    stem = tmp_path / "air_out"
    plots.distribution(
        {"4 players": (np.arange(4), counts)}, "air out", "turn", stem, games={"4 players": 200}, ylabel="share of all games"
    )
    svg = stem.with_suffix(".svg").read_text()
    assert "40 of 200 games" in svg and "share of all games" in svg
