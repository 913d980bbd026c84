"""Findings under strong play: does a headline figure of the heuristic-bot
experiments survive when trained bots play? For any game.

A game's module hands in ``measure(players, specs, seed)``, which plays one
field at one player count (through its own analysis's code) and returns its
headline figures. A field's figure depends on how strong its bots are and on
its make-up (mixed or homogeneous), so every comparison holds the make-up
fixed:

* **mixed**: the heuristic field against the same field with the strong bots
  added to it;
* **homogeneous**: each strong bot's self-play against each heuristic bot's
  self-play (a table of copies of one bot).

Every field plays games of its own stream (the heuristic field the seed
itself, so it replays its experiment's figure; the others streams
`field_seed` derives). A figure **changes** when the game's test of the
difference is significant at the Bonferroni threshold over every comparison
of the run, else it **holds**. Each side also gets a reading (e.g. "seat 0
favoured"), so a figure that moves while its direction stays is told apart
from one whose direction flips.
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

STRONG_STREAM = 2**35  # the other fields' games: streams apart from the heuristic field's (seed)
HEURISTIC, MIXED = "heuristic", "heuristic + strong"


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


@dataclass(frozen=True)
class Findings:
    """A game's facts for `strong_findings`: its headline figures and the fields that play them."""

    game: str  # the game's registered name
    title: str  # the report's title
    players: tuple[int, ...]  # the default player counts
    heuristic_field: list[str]  # the default heuristic field: the one its experiment measured with
    strong_field: list[str]  # the default strong bots
    #: players, specs, seed, games, out, executor -> that field's figures (through the game's own analysis)
    figures: Callable[..., list[Figure]]
    test: Test  # the test of a figure's difference
    notes: tuple[str, ...]  # the report's paragraphs on what the figures are
    check_players: Callable[..., list[int]]  # the player counts, sorted and checked (a one-line error)
    facts: dict | None = None  # constants the notes quote, kept in the summary so the report's figures are data

    def run(self, **options) -> dict:
        """Every figure per player count under both fields, compared: `strong_findings` with this game's facts."""
        return strong_findings(self, **options)


def strong_findings(
    spec: Findings,
    *,
    players_list=None,
    games: int = 20_000,
    seed: int = 0,
    field: list[str] | None = None,
    strong_field: list[str] | None = None,
    alpha: float = 0.05,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    """Every figure of ``spec`` per player count under the heuristic and the strong fields, compared (`compare`)."""
    players_list = spec.check_players(spec.players if players_list is None else players_list)
    return compare(
        spec.game,
        spec.title,
        players_list,
        field or spec.heuristic_field,
        strong_field or spec.strong_field,
        lambda n, specs, s: spec.figures(n, specs, s, games, out, executor),
        spec.test,
        games=games,
        seed=seed,
        alpha=alpha,
        out=out,
        progress=progress,
        notes=list(spec.notes),
        facts=spec.facts,
    )


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
    """The first strong bot's self-play: its own stream, independent of ``seed``'s games."""
    return field_seed(seed, 1)


def field_seed(seed: int, k: int) -> int:
    """Field k's master seed (k = 0 the heuristic field: ``seed`` itself)."""
    return seed if k == 0 else generation_seed(seed, STRONG_STREAM + k - 1)


def self_play(spec: str) -> str:
    return f"self-play {spec}"


def fields_of(heuristic: list[str], strong: list[str]) -> dict[str, list[str]]:
    """Every field a run plays, by label: the heuristic field, each strong bot's
    self-play, the heuristic field with the strong bots in it, each heuristic
    bot's self-play (this order fixes each field's stream)."""
    fields = {HEURISTIC: heuristic}
    fields.update({self_play(s): [s] for s in strong})
    fields[MIXED] = heuristic + [s for s in strong if s not in heuristic]
    fields.update({self_play(h): [h] for h in heuristic if self_play(h) not in fields})
    return fields


def comparisons(heuristic: list[str], strong: list[str]) -> list[tuple[str, str, str, str]]:
    """(what, make-up held fixed, field without, field with the strong bots)."""
    out = [("strong bots added to the mixed field", "mixed", HEURISTIC, MIXED)]
    out += [(f"self-play: {s} vs {h}", "homogeneous", self_play(h), self_play(s)) for s in strong for h in heuristic if h != s]
    return out


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
    facts: dict | None = None,
) -> dict:
    """Measure every figure of every field (`fields_of`; specs of ``game_name``,
    checked before any game) at every player count, test each comparison's
    difference (Bonferroni over all of them), write the report; the summary
    (``facts``: constants the notes quote, kept in it so the report's figures are data)."""
    if not 0 < alpha < 1:
        raise ValueError(f"--alpha {alpha} must lie strictly between 0 and 1")
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    registry = api.get_game(game_name).registry
    heuristic, strong = list(registry.parse_specs(field)), list(registry.parse_specs(strong_field))
    fields = fields_of(heuristic, strong)
    seeds = {label: field_seed(seed, k) for k, label in enumerate(fields)}
    start = time.perf_counter()
    measured = {}
    with Bar(len(players_list) * len(fields), "strong findings", progress) as bar:
        for n in players_list:
            for label, specs in fields.items():
                measured[n, label] = measure(n, specs, seeds[label])
                bar.advance(f"{n} players, {label} done")
    rows = []
    for n in players_list:
        for what, fixed, without, with_ in comparisons(heuristic, strong):
            for h, s in zip(measured[n, without], measured[n, with_]):
                cmp = test(h, s)
                rows.append(
                    {"players": n, "key": h.key, "figure": h.name, "comparison": what, "make_up": fixed}
                    | {"fields": [without, with_], "heuristic": h, "strong": s, "test": cmp}
                )
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
        "strong_seed": seeds[self_play(strong[0])],
        "field": heuristic,
        "strong_field": strong,
        "fields": {label: {"specs": specs, "seed": seeds[label]} for label, specs in fields.items()},
        "figures": [
            {"players": n, "field": label, "key": f.key, **f.estimate.to_json(), "n": f.estimate.n, "reading": f.reading}
            for (n, label), figs in measured.items()
            for f in figs
        ],
        **(facts or {}),
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
        "comparison": r["comparison"],
        "make_up": r["make_up"],
        "fields": r["fields"],
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
    """The findings as sentences: per comparison and figure, which player counts hold and which change."""
    lines = ["## Findings", ""]
    results = summary["results"]
    changed = [r for r in results if r["verdict"] == "changes"]
    lines.append(
        f"- **{len(changed)} of {len(results)} comparisons change** (difference significant at Bonferroni "
        f"{summary['alpha']:g}/{summary['tests']} = {summary['threshold']:.3g}); the reading differs in "
        f"{sum(not r['same_reading'] for r in results)}. Each compares fields of the same make-up: the mixed field "
        "without and with the strong bots, or one bot's self-play against another's."
    )
    for what in dict.fromkeys(r["comparison"] for r in results):
        for name in dict.fromkeys(r["figure"] for r in results):
            parts = [
                f"{r['players']}p {_fig(r['heuristic'])} → {_fig(r['strong'])} ({r['verdict']}"
                + ("" if r["same_reading"] else f"; {r['heuristic']['reading']} → {r['strong']['reading']}")
                + ")"
                for r in results
                if r["figure"] == name and r["comparison"] == what
            ]
            lines.append(f"- **{what}**, {name} [95% CI]: " + "; ".join(parts) + ".")
    return lines + [""]


def _fig(f: dict) -> str:
    return fmt(f, 4)


def _report(summary: dict, rows: list[dict], out: Path | None, notes) -> None:
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    report = Report(summary["title"], out)
    fields = summary["fields"]
    played = "; ".join(f"{label} ({len(f['specs'])} bots)" for label, f in fields.items())
    report.text(
        f"Heuristic field: {', '.join(summary['field'])}. Strong bots: {', '.join(summary['strong_field'])}. "
        f"Fields played: {played}. A field's "
        "figure depends on its bots' strength and on its make-up, so each comparison holds the make-up fixed: the "
        "mixed field without and with the strong bots in it, and each strong bot's self-play against each "
        "heuristic bot's. Each field is seated balanced (every group of n of its bots in every seat order, each "
        f"lineup on its own games); {summary['games']:,} games per field and player count (rounded up to whole "
        f"games per lineup); the heuristic field plays seed {summary['seed']} (its experiment's games), every other "
        "field a stream of its own, so the samples are independent.",
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
                "comparison": r["comparison"],
                "figure": r["figure"],
                "without": fmt(r["heuristic"], 4),
                "with the strong bots": fmt(r["strong"], 4),
                "difference (with − without)": fmt(r["difference"], 4),
                "p": f"{r['p_value']:.2g}",
                "test": r["method"],
                "verdict": r["verdict"],
                "detectable": f"{r['detectable']:.4f}",
                "reading (without / with)": f"{r['heuristic']['reading']} / {r['strong']['reading']}",
                "n (without / with)": f"{r['heuristic']['n']:,} / {r['strong']['n']:,}",
            }
            for r in summary["results"]
        ]
    )
    report.table("findings", table, "Each comparison of a headline figure (mean [95% CI]; p before Bonferroni)")
    keys = dict.fromkeys(f["key"] for f in summary["figures"])
    for key in keys:
        figs = [f for f in summary["figures"] if f["key"] == key]
        wide = pd.DataFrame([{"players": f["players"], "field": f["field"], "figure": fmt(f, 4)} for f in figs])
        wide = wide.pivot(index="field", columns="players", values="figure").reindex(list(fields)).reset_index()
        wide.columns = [c if c == "field" else f"{c} players" for c in wide.columns]
        name = next(r["figure"] for r in rows if r["key"] == key)
        report.table(f"fields_{key}", wide, f"{name}: every field, mean [95% CI]")
        _plot(report, key, name, figs, list(fields))
    report.text(f"Run time {summary['seconds']:.1f} s (runs found in the store under runs/ are read, not replayed).")
    report.save(summary)


def _plot(report: Report, key: str, name: str, figs: list[dict], fields: list[str]) -> None:
    stem = report.plot_stem(key)
    if stem is None:
        return
    x = sorted({f["players"] for f in figs})
    series = {}
    for label in fields:
        mine = sorted((f for f in figs if f["field"] == label), key=lambda f: f["players"])
        lo = [f["ci95"][0] if f["ci95"][0] is not None and math.isfinite(f["ci95"][0]) else f["mean"] for f in mine]
        hi = [f["ci95"][1] if f["ci95"][1] is not None and math.isfinite(f["ci95"][1]) else f["mean"] for f in mine]
        series[f"{label} (n ≥ {min(f['n'] for f in mine):,})"] = ([f["mean"] for f in mine], lo, hi)
    report.figure(
        plots.lines_with_band(x, series, f"{name}: every field (95% CI)", "players", name, stem),
        f"{name} per player count for every field (95% CI)",
    )
