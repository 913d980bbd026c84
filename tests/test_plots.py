"""sim.plots writes real PNG and SVG files with the title in them."""
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
    paths = plots.bars_with_ci(labels, ests, title, "win share", stem, reference_line=0.2,
                               reference_label="fair share 1/5")
    check(paths, stem, title)
    assert "fair share 1/5" in paths[1].read_text()
    with pytest.raises(ValueError):
        plots.bars_with_ci(labels[:2], ests, title, "win share", stem)


def test_heatmap(tmp_path):
    title = "Tournament, row beats column, n=10,000 per pair"
    m = np.array([[np.nan, 0.61, 0.55], [0.39, np.nan, 0.48], [0.45, 0.52, np.nan]])
    stem = tmp_path / "matrix"
    paths = plots.heatmap(m, ["a", "b", "c"], ["a", "b", "c"], title, stem, fmt="{:.2f}",
                          cbar_label="win share")
    check(paths, stem, title)
    svg = paths[1].read_text()
    assert "0.61" in svg and "win share" in svg and "nan" not in svg
    with pytest.raises(ValueError):
        plots.heatmap(m, ["a", "b"], ["a", "b", "c"], title, stem)


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
