"""Figures for reports: score distributions, shares with CIs, matrices, curves.

Figures are drawn on ``matplotlib.figure.Figure`` objects rendered by the Agg
(raster) and SVG backends, never through pyplot: nothing needs a screen, no
global backend is switched (a notebook importing this keeps its own), and no
figure lingers in pyplot's registry during a long sweep. Every function writes
``<stem>.png`` (for reports) and ``<stem>.svg`` (text stays text, so titles are
searchable and editable) and returns both paths.

Every axis carries a label (callers must name what the rows, columns and bars
are), and a title is wrapped to the width of the figure, so no text is cut
off at the edges.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import AutoLocator, MaxNLocator

if TYPE_CHECKING:  # only the fields mean/lo/hi are read; skip importing scipy
    from sim.stats import Estimate

Paths = tuple[Path, Path]

_RC = {
    "svg.fonttype": "none",  # keep text as <text>, not glyph paths
    "svg.hashsalt": "deepsim",  # stable element ids: identical input, identical file
    "font.size": 10,
    "axes.titlesize": 11,
}


def _figure(size=(8.0, 5.0)) -> tuple[Figure, object]:
    fig = Figure(figsize=size, layout="constrained")
    fig.get_layout_engine().set(w_pad=0.1, h_pad=0.1)  # inches: text measured at another dpi stays inside
    FigureCanvasAgg(fig)  # a renderer to measure text with (not pyplot's)
    return fig, fig.add_subplot()


def _title(ax, title: str) -> None:
    """The title over the whole figure, wrapped into lines no wider than it."""
    fig = ax.figure
    text = fig.suptitle(title, fontsize=_RC["axes.titlesize"])
    renderer = fig.canvas.get_renderer()
    budget = 0.94 * fig.bbox.width
    chars = len(title)
    while chars > 10 and text.get_window_extent(renderer).width > budget:
        chars = int(chars * min(0.95, budget / text.get_window_extent(renderer).width))
        text.set_text("\n".join(textwrap.wrap(title, chars)))


def integer_ticks(fig: Figure) -> None:
    """An x axis whose curves stand only on whole numbers (players, turns,
    depth, a count parameter) gets whole-number ticks, never 2.5 players."""
    for ax in fig.axes:
        if type(ax.xaxis.get_major_locator()) is not AutoLocator:  # placed ticks (bars, heat maps) stay
            continue
        xs = [np.asarray(line.get_xdata(), dtype=float) for line in ax.lines]
        if xs and all(x.size and np.all(np.isfinite(x)) and np.all(x == np.round(x)) for x in xs):
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _save(fig: Figure, stem: str | os.PathLike) -> Paths:
    """Write PNG and SVG next to each other; a dot in the stem is kept (e.g. p0.5)."""
    integer_ticks(fig)
    stem = Path(stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    png, svg = Path(f"{stem}.png"), Path(f"{stem}.svg")
    with matplotlib.rc_context(_RC):
        fig.savefig(png, dpi=150, metadata={"Software": None})
        fig.savefig(svg, metadata={"Date": None})
    return png, svg


def _histogram(data) -> tuple[np.ndarray, np.ndarray]:
    """(values, counts) from a ready histogram or from raw samples."""
    if isinstance(data, tuple):
        values, counts = (np.asarray(d, dtype=float) for d in data)
        if values.shape != counts.shape:
            raise ValueError(f"bin values {values.shape} and counts {counts.shape} differ in shape")
        order = np.argsort(values)
        return values[order], counts[order]
    x = np.asarray(data, dtype=float).ravel()
    x = x[np.isfinite(x)]
    if x.size and np.all(x == np.round(x)) and np.unique(x).size <= 200:
        values, counts = np.unique(x, return_counts=True)
        return values, counts.astype(float)
    counts, edges = np.histogram(x, bins="auto")
    return (edges[:-1] + edges[1:]) / 2, counts.astype(float)


def distribution(
    values_by_label: Mapping[str, np.ndarray | tuple[np.ndarray, np.ndarray]],
    title: str,
    xlabel: str,
    stem: str | os.PathLike,
    games: Mapping[str, int] | None = None,
    ylabel: str = "share of games",
) -> Paths:
    """Share of games per value, one line per label (e.g. score per seat).

    Each entry is either raw samples (array) or an aggregated histogram
    ``(bin values, counts)``, which is what the runner keeps for large runs.
    Shares rather than counts, so seats with different sample sizes compare.
    ``games`` gives, per label, the number of games to divide by when the
    histogram counts only some of them (e.g. the turn the air ran out, counted
    in games where it did): a line then sums to the share of games counted,
    not to 1.
    """
    fig, ax = _figure()
    for label, data in values_by_label.items():
        values, counts = _histogram(data)
        k = counts.sum()
        n = games[label] if games else k
        share = counts / n if n else counts
        mean = float((values * counts).sum() / k) if k else float("nan")
        counted = f"{int(k):,} of {int(n):,} games" if games else f"n={int(n):,}"
        ax.plot(
            values,
            share,
            marker="o",
            markersize=3,
            linewidth=1.2,
            label=f"{label} ({counted}" + (f", mean {mean:.3g})" if k else ")"),
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    if values_by_label:
        ax.legend(fontsize=8)
    _title(ax, title)
    return _save(fig, stem)


def bars_with_ci(
    labels: Sequence[str],
    estimates: Sequence[Estimate],
    title: str,
    ylabel: str,
    stem: str | os.PathLike,
    reference_line: float | None = None,
    reference_label: str = "",
    *,
    xlabel: str,
) -> Paths:
    """Bars with 95% CI error bars, e.g. win share per seat or per bot.

    ``reference_line`` draws a dashed horizontal line such as the fair share 1/n.
    """
    if len(labels) != len(estimates):
        raise ValueError(f"{len(labels)} labels for {len(estimates)} estimates")
    mean = np.array([e.mean for e in estimates], dtype=float)
    lo = np.array([e.lo for e in estimates], dtype=float)
    hi = np.array([e.hi for e in estimates], dtype=float)
    err = np.nan_to_num(np.vstack([mean - lo, hi - mean]), nan=0.0).clip(min=0)
    fig, ax = _figure((max(6.0, 0.8 * len(labels) + 2), 5.0))
    x = np.arange(len(labels))
    ax.bar(x, mean, yerr=err, capsize=4, color="#4C72B0", ecolor="black", alpha=0.85, label="estimate, 95% CI")
    long = max((len(s) for s in labels), default=0) > 8
    ax.set_xticks(x, labels, rotation=30 if long else 0, ha="right" if long else "center", rotation_mode="anchor")
    if reference_line is not None:
        ax.axhline(
            reference_line,
            color="#C44E52",
            linestyle="--",
            linewidth=1,
            label=reference_label or f"reference {reference_line:.3g}",
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    _title(ax, title)
    return _save(fig, stem)


def heatmap(
    matrix,
    row_labels: Sequence[str],
    col_labels: Sequence[str],
    title: str,
    stem: str | os.PathLike,
    fmt: str = "{:.3f}",
    *,
    cbar_label: str,
    xlabel: str,
    ylabel: str,
) -> Paths:
    """Annotated matrix, e.g. tournament results or a balance-knob pair grid.

    ``xlabel`` names the columns, ``ylabel`` the rows, ``cbar_label`` the
    figure in the cells. Cells that are nan (not played) stay blank.
    """
    m = np.ma.masked_invalid(np.asarray(matrix, dtype=float))
    if m.shape != (len(row_labels), len(col_labels)):
        raise ValueError(f"matrix shape {m.shape} does not match {len(row_labels)} x {len(col_labels)} labels")
    # room for the labels beside and below the cells (about 0.07 inch per character at 10 pt)
    row_text = max((len(line) for s in row_labels for line in str(s).split("\n")), default=0) * 0.07
    col_text = max((len(line) for s in col_labels for line in str(s).split("\n")), default=0) * 0.05
    fig, ax = _figure((max(5.0, 0.7 * len(col_labels) + 3 + row_text), max(4.0, 0.5 * len(row_labels) + 2 + col_text)))
    image = ax.imshow(m, cmap="viridis", aspect="auto")
    fig.colorbar(image, ax=ax, label=cbar_label)
    long = max((len(str(c)) for c in col_labels), default=0) > 3
    ax.set_xticks(
        np.arange(len(col_labels)),
        col_labels,
        rotation=45 if long else 0,
        ha="right" if long else "center",
        rotation_mode="anchor",
    )
    ax.set_yticks(np.arange(len(row_labels)), row_labels)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if m.size <= 400:
        finite = m.compressed()
        mid = (finite.min() + finite.max()) / 2 if finite.size else 0.0
        for (i, j), v in np.ndenumerate(m.filled(np.nan)):
            if np.isfinite(v):
                ax.text(j, i, fmt.format(v), ha="center", va="center", fontsize=8, color="black" if v > mid else "white")
    _title(ax, title)
    return _save(fig, stem)


def share_panels(
    panels: Mapping[str, np.ndarray],
    x: Sequence[float],
    y: Sequence[float],
    title: str,
    stem: str | os.PathLike,
    *,
    xlabel: str,
    ylabel: str,
    cbar_label: str,
    lines: Mapping[str, tuple[np.ndarray, str]] | None = None,
) -> Paths:
    """Side-by-side maps of a share in [0, 1] over the same x × y grid (e.g. a
    decision's share per depth × air, one panel per load); ``panels`` maps a
    panel title to its [y, x] matrix (nan: never seen, left blank), ``lines``
    a panel title to a curve over x and its legend label (e.g. a fitted rule)."""
    fig = Figure(figsize=(4.2 * len(panels) + 1.2, 4.6), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    for ax, (name, m) in zip(axes, panels.items()):
        image = ax.pcolormesh(
            x, y, np.ma.masked_invalid(np.asarray(m, dtype=float)), cmap="viridis", vmin=0, vmax=1, shading="nearest"
        )
        if lines and name in lines:
            curve, label = lines[name]
            ax.step(x, curve, where="mid", color="#C44E52", linewidth=1.5, label=label)
            ax.legend(fontsize=7, loc="upper left")
        half = (y[1] - y[0]) / 2 if len(y) > 1 else 0.5
        ax.set_ylim(y.min() - half, y.max() + half)
        ax.set_title(name, fontsize=10)
        ax.set_xlabel(xlabel)
    axes[0].set_ylabel(ylabel)
    fig.colorbar(image, ax=list(axes), label=cbar_label)
    _title(axes[0], title)
    return _save(fig, stem)


def lines_with_band(x, series: Mapping[str, tuple], title: str, xlabel: str, ylabel: str, stem: str | os.PathLike) -> Paths:
    """Mean curves with shaded 95% CI bands, e.g. air over turns or win share vs a parameter.

    ``series`` maps a label to (mean, lo, hi) arrays of the same length as x.
    """
    x = np.asarray(x, dtype=float)
    fig, ax = _figure()
    for label, (mean, lo, hi) in series.items():
        mean, lo, hi = (np.asarray(a, dtype=float) for a in (mean, lo, hi))
        if not mean.shape == lo.shape == hi.shape == x.shape:
            raise ValueError(f"series {label!r}: mean/lo/hi must have the shape of x {x.shape}")
        (line,) = ax.plot(x, mean, marker="o" if x.size <= 30 else None, markersize=3, label=label)
        ax.fill_between(x, lo, hi, color=line.get_color(), alpha=0.2, linewidth=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize=8, title="shaded: 95% CI", title_fontsize=8)
    _title(ax, title)
    return _save(fig, stem)


def show(path):
    """A plot inline under Jupyter, its path elsewhere (notebooks run as scripts in tests)."""
    try:
        # deferred: loads IPython, slow to import (python -X importtime), for this path only
        from IPython import get_ipython
        from IPython.display import Image, display

        if get_ipython() is not None:
            return display(Image(filename=str(path)))
    except ImportError:
        pass
    print(f"figure: {path}")
