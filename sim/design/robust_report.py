"""The robust verdict and the skill curve in a report (`sim.design.robust`):
one table and one plot of pick x field x metric, the flips named, and the
skill ladder's steps per rule set."""

from __future__ import annotations

import pandas as pd

from sim.design import plots
from sim.report import Report, fmt


def diff_text(d: dict) -> str:
    """A difference with its interval, signed."""
    return f"{d['mean']:+.3f} [{d['ci'][0]:+.3f}, {d['ci'][1]:+.3f}]"


def field_text(f: dict) -> str:
    """A field by name and bots; a club of repeated bots with each member's
    seats and where the club comes from."""
    if not f.get("members"):
        return f"{f['name']} ({', '.join(f['bots'])})"
    members = ", ".join(
        f"{m['entrant']} ×{m['seats']}" if m["entrant"] == m["spec"] else f"{m['entrant']} ({m['spec']}) ×{m['seats']}"
        for m in f["members"]
    )
    return f"{f['name']} ({members} of {len(f['bots'])} seats: {f['source']}, not regrown for the rules evaluated)"


def verdict_text(robust: dict) -> str:
    """Robust or fragile, and where the ranking flips."""
    fields = ", ".join(field_text(f) for f in robust["fields"])
    head = (
        f"**{'Robust' if robust['robust'] else 'Fragile'}.** The pick against the defaults under {len(robust['fields'])} "
        f"fields — {fields} — on the confirmation games, {robust['tests']} tests, Bonferroni (|z| > {robust['z']:.2f}); "
        "robust means better beyond the interval on at least one objective and worse on none under every field."
    )
    broken = [name for name, ok in robust["holds"].items() if not ok]
    if broken:
        head += f" It does not hold under: {', '.join(broken)}."
    if robust["flips"]:
        head += " The verdict flips: " + "; ".join(
            f"{f['metric']} under {f['field']} is {f['verdict']} (study field: {f['study']})" for f in robust["flips"]
        )
        head += "."
    if robust.get("left_out"):
        head += " Not among the fields: " + "; ".join(robust["left_out"]) + "."
    return head


def section(report: Report, rec: dict, prefix: str = "", title: str = "") -> None:
    """The robust verdict and the skill curve of a recommendation, when it has them."""
    robust, curve = rec.get("robust"), rec.get("skill_curve")
    if robust:
        report.text(verdict_text(robust))
        rows = [
            {
                "field": r["field"],
                "metric": r["metric"],
                "pick": fmt(r["pick"], 3),
                "defaults": fmt(r["defaults"], 3),
                "difference": diff_text(r["difference"]),
                "verdict": r["verdict"],
                "n": r["pick"].get("n", ""),
            }
            for r in robust["rows"]
        ]
        report.table(
            f"{prefix}robust",
            pd.DataFrame(rows),
            f"{title}The pick and the defaults under every field on the confirmation games, mean [95% CI]; "
            f"difference [Bonferroni interval over {robust['tests']} tests]",
        )
        stem = report.plot_stem(f"{prefix}robust")
        if stem is not None:
            n = robust["rows"][0]["pick"].get("n", "?")
            report.figure(
                plots.fields_panels(robust["rows"], f"{title}pick and defaults per field (n={n:,} games each)", stem),
                f"{title}the pick (blue) and the defaults (red) under every field, 95% CIs",
            )
    if curve and curve.get("steps"):
        rows = [
            {"rules": s["rules"], "step": s["step"], "bots": f"{s['upper']} vs {s['lower']}", "gain": fmt(s["gain"], 3)}
            | {"n": s["gain"].get("n", "")}
            for s in curve["steps"]
        ]
        report.table(
            f"{prefix}skill_curve",
            pd.DataFrame(rows),
            f"{title}Skill curve: each rung of the ladder in every seat against n-1 of the rung below, its win share "
            "- 1/n (0: the better rung gains nothing), mean [95% CI], on the confirmation games",
        )
        flat = [r for r, same in curve["top_indistinguishable"].items() if same]
        if flat:
            report.text(f"The top two rungs are indistinguishable (the interval covers 0) under: {', '.join(flat)}.")
