"""Findings under strong play: does a headline figure of the heuristic-bot
experiments survive when trained bots play instead? For any game.

A game's module hands in ``measure(players, specs, seed)``, which plays one
field at one player count (through its own analysis's code) and returns its
headline figures. Each figure is measured twice, with the heuristic field and
with the strong field, on independent games (the strong field plays the
stream `strong_seed` derives from the seed), and the two are compared by the
game's test of the difference. A figure **changes** when that test is
significant at the Bonferroni threshold over every comparison of the run,
else it **holds**. Each side also gets a reading (e.g. "seat 0 favoured"),
so a figure that moves while its direction stays is told apart from one
whose direction flips.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from scipy import special

from sim import api, plots
from sim.report import Report, fmt
from sim.stats import Comparison, Estimate
from sim.strong.train import generation_seed
from sim.sweep import Bar

SIDES = ("heuristic", "strong")
STRONG_STREAM = 2**35  # the strong field's games: a stream apart from the heuristic field's (seed)


@dataclass(frozen=True)
class Figure:
    """One headline figure of one field at one player count: ``key`` names its
    plot file and JSON entry, ``name`` says what it is; ``data`` is what the
    game's test of the difference needs (e.g. per-game aggregates)."""

    key: str
    name: str
    estimate: Estimate
    reading: str
    data: object = None


#: players, specs, seed -> that field's figures at that player count
Measure = Callable[[int, list[str], int], list[Figure]]
#: heuristic Figure, strong Figure -> the test of their difference
Test = Callable[[Figure, Figure], Comparison]


def reading(estimate: Estimate, reference: float, above: str, below: str, within: str) -> str:
    """What a figure says on its own: its CI above, below or around the reference."""
    return above if estimate.lo > reference else below if estimate.hi < reference else within


def detectable(diff: Estimate, alpha: float, power: float = 0.8) -> float:
    """The smallest true difference the test finds with this power at ``alpha``
    (normal approximation, the SE read back from the difference's interval):
    what a "holds" can rule out."""
    z = special.ndtri((1 + diff.level) / 2)
    return float((special.ndtri(1 - alpha / 2) + special.ndtri(power)) * diff.half_width / z)


def strong_seed(seed: int) -> int:
    """The strong field's master seed: its own stream, independent of ``seed``'s games."""
    return generation_seed(seed, STRONG_STREAM)


def compare(
    game_name: str,
    title: str,
    players_list: list[int],
    field: list[str],
    strong_field: list[str],
    measure: Measure,
    test: Test,
    *,
    games: int,
    seed: int,
    alpha: float,
    out: Path | None,
    progress: bool | None = None,
    notes: list[str] = (),
) -> dict:
    """Measure every figure under both fields (specs of ``game_name``, checked
    before any game) at every player count, test each difference (Bonferroni
    over all of them), write the report; the summary."""
    if not 0 < alpha < 1:
        raise ValueError(f"--alpha {alpha} must lie strictly between 0 and 1")
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    registry = api.get_game(game_name).registry
    fields = {"heuristic": registry.parse_specs(field), "strong": registry.parse_specs(strong_field)}
    start = time.perf_counter()
    seeds = {"heuristic": seed, "strong": strong_seed(seed)}
    measured = {}
    with Bar(len(players_list) * len(SIDES), "strong findings", progress) as bar:
        for n in players_list:
            for side in SIDES:
                measured[n, side] = measure(n, fields[side], seeds[side])
                bar.advance(f"{n} players, {side} field done")
    rows = []
    for n in players_list:
        for h, s in zip(measured[n, "heuristic"], measured[n, "strong"]):
            cmp = test(h, s)
            rows.append({"players": n, "key": h.key, "figure": h.name, "heuristic": h, "strong": s, "test": cmp})
    tests = len(rows)
    threshold = alpha / max(tests, 1)
    for r in rows:
        r["verdict"] = "changes" if r["test"].p_value < threshold else "holds"
        r["detectable"] = detectable(r["test"].diff, threshold)
    summary = {
        "title": title,
        "players": players_list,
        "games": games,
        "seed": seed,
        "strong_seed": seeds["strong"],
        "field": fields["heuristic"],
        "strong_field": fields["strong"],
        "alpha": alpha,
        "tests": tests,
        "threshold": threshold,
        "seconds": round(time.perf_counter() - start, 3),
        "results": [_row_json(r) for r in rows],
    }
    _report(summary, rows, out, notes)
    return summary


def _row_json(r: dict) -> dict:
    h, s, cmp = r["heuristic"], r["strong"], r["test"]
    return {
        "players": r["players"],
        "key": r["key"],
        "figure": r["figure"],
        "heuristic": {**h.estimate.to_json(), "n": h.estimate.n, "reading": h.reading},
        "strong": {**s.estimate.to_json(), "n": s.estimate.n, "reading": s.reading},
        "difference": cmp.diff.to_json(),
        "p_value": cmp.p_value,
        "method": cmp.method,
        "verdict": r["verdict"],
        "detectable": r["detectable"],
        "same_reading": h.reading == s.reading,
    }


def headline(summary: dict) -> list[str]:
    """The findings as sentences: per figure, which player counts hold and which change."""
    lines = ["## Findings", ""]
    results = summary["results"]
    changed = [r for r in results if r["verdict"] == "changes"]
    lines.append(
        f"- **{len(changed)} of {len(results)} figures change** under the strong field (difference significant at "
        f"Bonferroni {summary['alpha']:g}/{summary['tests']} = {summary['threshold']:.3g}); "
        f"the reading differs in {sum(not r['same_reading'] for r in results)}."
    )
    for name in dict.fromkeys(r["figure"] for r in results):
        parts = [
            f"{r['players']}p {_fig(r['heuristic'])} → {_fig(r['strong'])} ({r['verdict']}"
            + ("" if r["same_reading"] else f"; {r['heuristic']['reading']} → {r['strong']['reading']}")
            + ")"
            for r in results
            if r["figure"] == name
        ]
        lines.append(f"- **{name}**, heuristic → strong field [95% CI]: " + "; ".join(parts) + ".")
    return lines + [""]


def _fig(f: dict) -> str:
    return fmt(f, 4)


def _report(summary: dict, rows: list[dict], out: Path | None, notes) -> None:
    import pandas as pd

    report = Report(summary["title"], out)
    report.text(
        f"Heuristic field: {', '.join(summary['field'])}. Strong field: {', '.join(summary['strong_field'])}. "
        f"Each field is seated balanced (every group of n of its bots in every seat order, each "
        f"lineup on its own games); {summary['games']:,} games per field and player count (rounded up to whole "
        f"games per lineup), seed {summary['seed']} for the heuristic field and its own stream "
        f"({summary['strong_seed']}) for the strong one, so the two samples are independent.",
        f"**Verdict.** A figure **changes** when the test of its difference (column `test`) is significant at the "
        f"Bonferroni threshold {summary['alpha']:g}/{summary['tests']} tests = {summary['threshold']:.3g}, else it "
        "**holds**; `detectable` is the smallest difference the test finds with 80% power at that threshold "
        "(what a **holds** can rule out). `reading` says what each field's figure means on its own (its CI "
        "against the reference); a figure can change its size and keep its reading.",
        *notes,
    )
    report.lines += headline(summary)
    table = pd.DataFrame(
        [
            {
                "players": r["players"],
                "figure": r["figure"],
                "heuristic field": fmt(r["heuristic"], 4),
                "strong field": fmt(r["strong"], 4),
                "difference (strong − heuristic)": fmt(r["difference"], 4),
                "p": f"{r['p_value']:.2g}",
                "test": r["method"],
                "verdict": r["verdict"],
                "detectable": f"{r['detectable']:.4f}",
                "reading (heuristic / strong)": f"{r['heuristic']['reading']} / {r['strong']['reading']}",
                "n (heuristic / strong)": f"{r['heuristic']['n']:,} / {r['strong']['n']:,}",
            }
            for r in summary["results"]
        ]
    )
    report.table("findings", table, "Each headline figure under both fields (mean [95% CI]; p before Bonferroni)")
    for key in dict.fromkeys(r["key"] for r in rows):
        _plot(report, [r for r in rows if r["key"] == key])
    report.text(f"Run time {summary['seconds']:.1f} s (runs found in the store under runs/ are read, not replayed).")
    report.save(summary)


def _plot(report: Report, rows: list[dict]) -> None:
    name = rows[0]["figure"]
    stem = report.plot_stem(rows[0]["key"])
    if stem is None:
        return
    x = [r["players"] for r in rows]
    series = {}
    for side in SIDES:
        est = [r[side].estimate for r in rows]
        series[f"{side} field (n ≥ {min(e.n for e in est):,} per point)"] = (
            [e.mean for e in est],
            [e.lo if math.isfinite(e.lo) else e.mean for e in est],
            [e.hi if math.isfinite(e.hi) else e.mean for e in est],
        )
    report.figure(
        plots.lines_with_band(x, series, f"{name}: heuristic vs strong field (95% CI)", "players", name, stem),
        f"{name} per player count, heuristic vs strong field (95% CI)",
    )
