"""Which rule set to print: the recommendation from design studies, one per player count.

A design study (`sim.design.study`) ends with its Pareto front and the
rulebook defaults re-evaluated on the same fresh games. A front member is
recommended over the defaults only where the data say so clearly:

* it meets every constraint at that player count (the defaults need not);
* on no objective is it worse than the defaults beyond the CIs (its 95% CI
  lies wholly on the worse side of theirs);
* on at least one objective it is better beyond the CIs.

Among such members the one better on the most objectives wins (ties: the
larger sum of its gains over the defaults, each in units of the defaults' CI
half-width). Otherwise the defaults stay. Two 95% CIs that do not overlap is a
conservative test of a difference (both are measured on the same games, which
only makes it more so), so a change of rules is recommended only when it is
clear at the study's size.

``python -m sim.design.recommend DIR [SIZE]`` writes DIR/report.md and its plots from
the studies DIR/<game>_<n>p/summary.json and the defaults' metrics
DIR/<game>_defaults/summary.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sim.games import GAMES, get_game


def _sign(objective: str) -> tuple[str, int]:
    direction, _, metric = objective.partition(":")
    return metric, 1 if direction == "maximize" else -1


def compare(candidate: dict, defaults: dict, objectives: list[str]) -> tuple[int, int, float]:
    """(objectives better beyond the CIs, worse beyond them, sum of signed gains in defaults' half-widths)."""
    better = worse = 0
    gain = 0.0
    for objective in objectives:
        metric, sign = _sign(objective)
        c, d = candidate["metrics"][metric], defaults["metrics"][metric]
        (c_lo, c_hi), (d_lo, d_hi) = c["ci95"], d["ci95"]
        if sign > 0:
            better, worse = better + (c_lo > d_hi), worse + (c_hi < d_lo)
        else:
            better, worse = better + (c_hi < d_lo), worse + (c_lo > d_hi)
        gain += sign * (c["mean"] - d["mean"]) / max((d_hi - d_lo) / 2, 1e-12)
    return better, worse, gain


def recommend(summary: dict) -> dict:
    """The recommended row of a study's re-evaluated front (`sim.design.study` summary)
    with why: ``{"candidate", "knobs", "better", "reason"}``."""
    objectives = summary["config"]["objectives"]
    [defaults] = [r for r in summary["front"] if r["candidate"] == "rulebook defaults"]
    scored = []
    for row in summary["front"]:
        if row is defaults or not row["feasible"]:
            continue
        better, worse, gain = compare(row, defaults, objectives)
        if better and not worse:
            scored.append((better, gain, row))
    if not scored:
        reason = "no front member meets the constraints and beats the defaults beyond the CIs without losing elsewhere"
        return {"candidate": defaults["candidate"], "knobs": {}, "better": [], "reason": reason, "row": defaults}
    better, _, row = max(scored, key=lambda s: (s[0], s[1]))
    won = [o for o in objectives if compare(row, defaults, [o])[0]]
    reason = f"meets the constraints, better than the defaults beyond the CIs on {', '.join(won)}, worse on none"
    return {"candidate": row["candidate"], "knobs": row["knobs"], "better": won, "reason": reason, "row": row}


def write(root: Path, size: str = "full", out: Path | None = None) -> dict:
    """The recommendation report over every study found under ``root``, written
    to ``out`` (default ``root``); ``size``: the run.sh size, named in the
    report (only "full" is a recommendation)."""
    import pandas as pd

    from sim import plots
    from sim.report import Report, fmt

    report = Report("Designer's workbench: which rule set does the simulator recommend?", root if out is None else out)
    report.text(
        f"**Size: {size}.** Made by `SIZE={size} bash experiments/design/run.sh`. "
        + (
            "The selection rule is in `sim/design/recommend.py`."
            if size == "full"
            else "This run only checks the pipeline end to end: its few games and trials say NOTHING about "
            "which rule set is better; `SIZE=full` makes the recommendation."
        )
    )
    picked = {}
    for game in GAMES:
        spec = get_game(game)
        title, counts = spec.title, range(spec.players[0], spec.players[1] + 1)
        studies = {n: root / f"{game}_{n}p" / "summary.json" for n in counts}
        studies = {n: json.loads(p.read_text()) for n, p in studies.items() if p.is_file()}
        if not studies:
            continue
        picks = {n: recommend(s) for n, s in studies.items()}
        picked[game] = {str(n): {k: v for k, v in p.items() if k != "row"} for n, p in picks.items()}
        first = next(iter(studies.values()))
        objectives = [_sign(o)[0] for o in first["config"]["objectives"]]
        report.text(
            f"## {title}",
            f"One study per player count: knobs {'; '.join(first['config']['knobs'])}; objectives "
            f"{', '.join(first['config']['objectives'])}"
            + (f"; constraints {', '.join(first['config']['constraints'])}" if first["config"]["constraints"] else "")
            + f"; {first['trials']} trials of {first['games']:,} field and skill games each, the front and the "
            f"defaults re-evaluated on {first['evaluation_games']:,} fresh games of each kind. The reports "
            f"[{game}_<n>p/report.md] show every front member next to the defaults.",
        )
        rows = []
        for n, p in picks.items():
            row = {"players": n, "recommended": p["candidate"], "rules": _knobs_text(p["knobs"]) or "the rulebook's"}
            for m in objectives:
                row[m] = fmt(p["row"]["metrics"][m], 3)
                row[f"{m} (defaults)"] = fmt(_defaults(studies[n])["metrics"][m], 3)
            row["why"] = p["reason"]
            rows.append(row)
        report.table(f"{game}_recommendation", pd.DataFrame(rows), f"{title}: the recommendation per player count, mean [95% CI]")
        ns = list(picks)
        for m in objectives:
            series = {
                "rulebook defaults": _band([_defaults(studies[n]) for n in ns], m),
                "recommended": _band([picks[n]["row"] for n in ns], m),
            }
            n_games = first["front"][0]["metrics"][m]["n"]
            stem = report.plot_stem(f"{game}_{m}")
            if stem is not None:
                report.figure(
                    plots.lines_with_band(
                        ns,
                        series,
                        f"{title}: {m}, recommended rule set and rulebook defaults (n={n_games:,} games each)",
                        "players",
                        m,
                        stem,
                    ),
                    f"{title}: {m} per player count, recommended and defaults on the same fresh games, 95% CI",
                )
    report.save({"size": size, "recommendations": picked})
    return picked


def _band(rows: list[dict], metric: str) -> tuple[list, list, list]:
    """(means, lows, highs) of one metric over rows."""
    figs = [r["metrics"][metric] for r in rows]
    return [f["mean"] for f in figs], [f["ci95"][0] for f in figs], [f["ci95"][1] for f in figs]


def _defaults(summary: dict) -> dict:
    return next(r for r in summary["front"] if r["candidate"] == "rulebook defaults")


def _knobs_text(knobs: dict) -> str:
    return ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in knobs.items())


if __name__ == "__main__":
    write(Path(sys.argv[1]), *sys.argv[2:3])
