"""The design study's figures: the Pareto front with CIs, and each knob's effect."""

from __future__ import annotations

import os

import numpy as np
import pandas as pd

from sim.plots import Paths, _figure, _save, _title


def front_scatter(evaluated: pd.DataFrame, x: str, y: str, title: str, stem: str | os.PathLike) -> Paths:
    """Each re-evaluated candidate at (x, y) with 95% CI bars both ways; the
    rulebook defaults as a red square, every candidate labelled."""
    fig, ax = _figure((7.0, 5.5))
    for r in evaluated.to_dict("records"):
        xerr = [[max(r[x] - r[f"{x}_lo"], 0)], [max(r[f"{x}_hi"] - r[x], 0)]]
        yerr = [[max(r[y] - r[f"{y}_lo"], 0)], [max(r[f"{y}_hi"] - r[y], 0)]]
        default = r["candidate"] == "rulebook defaults"
        ax.errorbar(
            r[x],
            r[y],
            xerr=xerr,
            yerr=yerr,
            fmt="s" if default else "o",
            capsize=3,
            color="#C44E52" if default else "#4C72B0",
            markersize=7 if default else 5,
        )
        ax.annotate(r["candidate"].replace("rulebook ", ""), (r[x], r[y]), fontsize=7, xytext=(4, 4), textcoords="offset points")
    ax.set_xlabel(f"{x} (mean, 95% CI)")
    ax.set_ylabel(f"{y} (mean, 95% CI)")
    ax.grid(alpha=0.3)
    _title(ax, title)
    return _save(fig, stem)


def knob_effect(trials: pd.DataFrame, knob: str, objectives: list[str], title: str, stem: str | os.PathLike) -> Paths:
    """Every trial's objective values against one knob's value, one panel per
    objective; a categorical knob's values are spread a little sideways."""
    fig, _ = _figure((4.0 * len(objectives) + 1, 4.0))
    fig.clear()
    axes = fig.subplots(1, len(objectives), squeeze=False)[0]
    raw = trials[knob]
    numeric = pd.api.types.is_numeric_dtype(raw) and not pd.api.types.is_bool_dtype(raw)
    if numeric:
        x, ticks = raw.to_numpy(float), None
    else:
        labels = sorted(raw.astype(str).unique())
        pos = raw.astype(str).map({v: i for i, v in enumerate(labels)}).to_numpy(float)
        x = pos + np.random.default_rng(0).uniform(-0.15, 0.15, len(pos))
        ticks = labels
    for ax, obj in zip(axes, objectives):
        ax.scatter(x, trials[obj], s=14, alpha=0.7, color="#4C72B0")
        ax.set_xlabel(knob)
        ax.set_ylabel(obj)
        if ticks is not None:
            ax.set_xticks(range(len(ticks)), ticks)
        ax.grid(alpha=0.3)
    _title(axes[0], title)
    return _save(fig, stem)


def fields_panels(rows: list[dict], title: str, stem: str | os.PathLike) -> Paths:
    """The robust verdict: one panel per metric, the fields along x, the
    defaults (red squares) and the pick (blue dots) with their 95% CIs."""
    metrics = list(dict.fromkeys(r["metric"] for r in rows))
    fields = list(dict.fromkeys(r["field"] for r in rows))
    fig, axes = _figure((3.6 * len(metrics), 4.2))
    fig.clf()
    for i, m in enumerate(metrics):
        ax = fig.add_subplot(1, len(metrics), i + 1)
        for shift, key, style, color in ((-0.12, "defaults", "s", "#C44E52"), (0.12, "pick", "o", "#4C72B0")):
            figs = [next(r[key] for r in rows if r["metric"] == m and r["field"] == f) for f in fields]
            means = np.array([f["mean"] for f in figs])
            err = np.array([[max(f["mean"] - f["ci95"][0], 0) for f in figs], [max(f["ci95"][1] - f["mean"], 0) for f in figs]])
            ax.errorbar(np.arange(len(fields)) + shift, means, yerr=err, fmt=style, color=color, capsize=3, label=key)
        ax.set_xticks(range(len(fields)), fields)
        ax.set_ylabel(f"{m} (mean, 95% CI)")
        ax.grid(alpha=0.3)
        if i == 0:
            ax.legend(fontsize=8)
    _title(ax, title)
    return _save(fig, stem)
