"""Which rule set to print: the recommendation from design studies, one per player count.

Three sets of games, never the same: the **search** (optuna's trials, the
study's seed), the **selection** (the Pareto front's members and the
rulebook defaults re-evaluated on a fresh seed, where the pick is made) and
the **confirmation** (the pick, the defaults and the defaults with only one
of the pick's knobs changed, on a seed neither saw), whose figures are the
ones reported.

The pick (`select`) compares each of the k front members with the defaults
on each of the m objectives, k·m tests, Bonferroni-corrected (a z test of
the difference of the two means, SEs read from their 95% CIs; both sides
share the games, which only makes it conservative). A member qualifies when
it meets every constraint, is better beyond the corrected interval on at
least one objective and worse on none; the one better on the most
objectives wins (ties: the larger sum of its gains in the defaults'
half-widths). The pick is then confirmed (`confirm`) on the confirmation
games with m tests at α/m: it is recommended when it is still better on at
least one objective and not shown worse on any; otherwise the defaults stay.
A "not shown worse" is only that: the difference's interval reaches 0.

The knob-by-knob rows say which knob carries the gain; a knob picked at the
end of its searched range is flagged (the optimum may lie beyond it).

``python -m sim.design.recommend DIR [SIZE]`` writes DIR/report.md and its plots from
the studies DIR/<game>_<n>p/summary.json and the defaults' metrics
DIR/<game>_defaults/summary.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sim.design.compare import ALPHA, compare, difference, objective_sign as _sign, z_for
from sim.design.report import diff_text, edge_text
from sim.design.robust_report import section as robust_section
from sim.games import GAMES, get_game

DEFAULTS = "rulebook defaults"


def _defaults(summary: dict) -> dict:
    return next(r for r in summary["front"] if r["candidate"] == DEFAULTS)


def select(summary: dict, alpha: float = ALPHA) -> dict:
    """The pick among a study's re-evaluated front (selection games), Bonferroni
    over every member compared × objective: ``{"candidate", "knobs", "better",
    "compared", "tests", "z", "reason", "row"}``."""
    objectives = summary["config"]["objectives"]
    defaults = _defaults(summary)
    members = [r for r in summary["front"] if r is not defaults]
    tests = len(members) * len(objectives)
    z = z_for(tests, alpha)
    scored = []
    for row in members:
        better, worse, gain = compare(row, defaults, objectives, z)
        if row["feasible"] and better and not worse:
            scored.append((len(better), gain, row, better))
    common = {"compared": len(members), "tests": tests, "z": z}
    if not scored:
        reason = (
            f"none of the {len(members)} front members compared meets the constraints and beats the defaults "
            f"beyond the Bonferroni interval ({tests} tests) without being worse elsewhere"
        )
        return {"candidate": DEFAULTS, "knobs": {}, "better": [], "reason": reason, "row": defaults, **common}
    _, _, row, better = max(scored, key=lambda s: (s[0], s[1]))
    reason = (
        f"of {len(members)} front members compared, meets the constraints, better than the defaults beyond the "
        f"Bonferroni interval ({tests} tests) on {', '.join(better)}, not shown worse elsewhere"
    )
    return {"candidate": row["candidate"], "knobs": row["knobs"], "better": better, "reason": reason, "row": row, **common}


def confirm(pick: dict, defaults: dict, objectives: list[str], alpha: float = ALPHA) -> dict:
    """The pick against the defaults on the confirmation games, m tests at α/m:
    per objective "better", "worse" or "not shown worse" with the difference."""
    z = z_for(len(objectives), alpha)
    better, worse, _ = compare(pick, defaults, objectives, z)
    verdicts = {o: "better" if o in better else "worse" if o in worse else "not shown worse" for o in objectives}
    return {
        "confirmed": bool(better) and not worse,
        "verdicts": verdicts,
        "differences": {o: difference(pick, defaults, _sign(o)[0], z) for o in objectives},
        "z": z,
        "tests": len(objectives),
    }


def recommend(summary: dict) -> dict:
    """A study's recommendation: its pick (selection games) and, when the study
    confirmed it, the confirmation (fresh games): ``{"candidate", "knobs",
    "confirmed", "reason", "pick", ...}``; without a confirmed pick the defaults."""
    if "recommendation" in summary:
        return summary["recommendation"]
    pick = select(summary)
    reason = "the defaults stay: the study has no confirmation games" + (
        "" if pick["candidate"] == DEFAULTS else f" (its pick on the selection games: {pick['candidate']})"
    )
    rest = {k: v for k, v in pick.items() if k not in ("row", "candidate", "knobs", "better", "reason")}
    return {
        **rest,
        "candidate": DEFAULTS,
        "knobs": {},
        "better": [],
        "confirmed": False,
        "pick": pick["candidate"],
        "reason": reason,
    }


def write(root: Path, size: str = "full", out: Path | None = None) -> dict:
    """The recommendation report over every study found under ``root``, written
    to ``out`` (default ``root``); ``size``: the run.sh size, named in the
    report (only "full" is a recommendation)."""
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
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
        picked[game] = {str(n): _public(p) for n, p in picks.items()}
        first = next(iter(studies.values()))
        objectives = first["config"]["objectives"]
        metrics = [_sign(o)[0] for o in objectives]
        report.text(
            f"## {title}",
            f"One study per player count: knobs {'; '.join(first['config']['knobs'])}; objectives "
            f"{', '.join(objectives)}"
            + (f"; constraints {', '.join(first['config']['constraints'])}" if first["config"]["constraints"] else "")
            + f". **Search:** {first['trials']} trials of {first['games']:,} field and skill games each (seed "
            f"{first['selection_seed']}). **Selection:** the front's members and the defaults re-evaluated on "
            f"{first['evaluation_games']:,} fresh games of each kind (seed {first['evaluation_seed']}); the pick must "
            "beat the defaults beyond a Bonferroni interval over every member × objective compared. "
            "**Confirmation:** the pick, the defaults and the defaults with one of the pick's knobs changed on as "
            "many games again that neither step saw; the figures below are the confirmation's. The reports "
            f"[{game}_<n>p/report.md] show every front member next to the defaults.",
        )
        rows, gains, flags = [], [], []
        for n, p in picks.items():
            pick_row, defaults = _shown(p, studies[n])
            row = {
                "players": n,
                "pick (selection)": p["pick"],
                "compared": p["compared"],
                "recommended": p["candidate"],
                "rules": _knobs_text(p["knobs"]) or "the rulebook's",
            }
            for o, m in zip(objectives, metrics):
                row[f"{m}: pick"] = fmt(pick_row["metrics"][m], 3) if pick_row else "—"
                row[f"{m}: defaults"] = fmt(defaults["metrics"][m], 3)
                row[f"{m}: verdict"] = p.get("verdicts", {}).get(o, "")
            row["robust"] = ("robust" if p["robust"]["robust"] else "fragile") if p.get("robust") else "—"
            book = Path(f"{game}_{n}p") / "rulebook" / "rulebook.md"
            row["rules page"] = f"[{book}]({book})" if (root / book).is_file() else "—"
            row["why"] = p["reason"]
            rows.append(row)
            for g in p.get("knob_gains", []):
                change = g["candidate"] if g["candidate"].startswith("only ") else f"all of {g['candidate']}"
                gains.append(
                    {
                        "players": n,
                        "change from the defaults": change,
                        **{m: diff_text(g["differences"][o]) for o, m in zip(objectives, metrics)},
                    }
                )
            flags += [f"{n}p {t}" for t in _edge_texts(p.get("edges", []))]
        report.table(
            f"{game}_recommendation",
            pd.DataFrame(rows),
            f"{title}: the pick per player count and its figures on the confirmation games, mean [95% CI]",
        )
        if gains:
            report.table(
                f"{game}_knob_gains",
                pd.DataFrame(gains),
                f"{title}: gain over the defaults on the confirmation games, the whole pick and each of its knobs "
                "alone (the defaults with only that knob changed), difference [Bonferroni interval over the objectives]",
            )
        if flags:
            report.text(
                f"**Flag — picks at the edge of the searched range** (the best value may lie beyond): {'; '.join(flags)}."
            )
        for n, p in picks.items():
            if p.get("robust") or p.get("skill_curve"):
                report.text(f"### {title}, {n} players: the verdict under every field and the skill curve")
                robust_section(report, p, prefix=f"{game}_{n}p_", title=f"{title}, {n} players: ")
        ns = list(picks)
        shown = {n: _shown(picks[n], studies[n]) for n in ns}
        for m in metrics:
            series = {"rulebook defaults": _band([shown[n][1] for n in ns], m)}
            if all(shown[n][0] for n in ns):
                series["pick"] = _band([shown[n][0] for n in ns], m)
            n_games = first["front"][0]["metrics"][m]["n"]
            stem = report.plot_stem(f"{game}_{m}")
            if stem is not None:
                report.figure(
                    plots.lines_with_band(
                        ns,
                        series,
                        f"{title}: {m}, the pick and the rulebook defaults on fresh games (n={n_games:,} games each)",
                        "players",
                        m,
                        stem,
                    ),
                    f"{title}: {m} per player count, the pick and the defaults on the confirmation games, 95% CI",
                )
    report.save({"size": size, "recommendations": picked})
    return picked


def _shown(rec: dict, summary: dict) -> tuple[dict, dict]:
    """(the pick's row, the defaults' row) to show: the confirmation games' when the
    study played them, else (no pick, or a study without them) None and the defaults' selection row."""
    if rec.get("confirmation"):
        return rec["confirmation"][1], rec["confirmation"][0]
    return None, _defaults(summary)


def _public(rec: dict) -> dict:
    """The recommendation as the report's summary keeps it (no per-row metrics)."""
    return {k: v for k, v in rec.items() if k not in ("row", "confirmation")}


def _edge_texts(edges: list[dict]) -> list[str]:
    return [edge_text([e]) for e in edges]


def _band(rows: list[dict], metric: str) -> tuple[list, list, list]:
    """(means, lows, highs) of one metric over rows."""
    figs = [r["metrics"][metric] for r in rows]
    return [f["mean"] for f in figs], [f["ci95"][0] for f in figs], [f["ci95"][1] for f in figs]


def _knobs_text(knobs: dict) -> str:
    return ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in knobs.items())


if __name__ == "__main__":
    write(Path(sys.argv[1]), *sys.argv[2:3])
