"""Renders report.md from summary.json (every figure in it comes from there).

python experiments/distilled/report.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
TITLES = {"luft": "Geteilte Luft", "landunter": "Land unter"}


def ci(e: dict, digits: int = 3) -> str:
    lo, hi = e["ci95"]
    return f"{e['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def verdict(row: dict, target: float) -> str:
    """Within ±target (the issue's wording), else on which side; and whether
    distilled keeps the other's strength (not more than target behind)."""
    lo, hi = row["difference"]["ci95"]
    if row["ci_within_target"]:
        within = f"within ±{target} (CI too)"
    elif row["within_target"]:
        within = f"within ±{target} (point; CI not)"
    else:
        within = "no: distilled ahead" if row["difference"]["mean"] > target else "no: distilled behind"
    keeps = "yes (CI too)" if row["ci_not_behind"] else "yes (point; CI not)" if row["not_behind"] else "no"
    return f"{within} | {keeps}"


def render(s: dict) -> str:
    t = s["target"]
    lines = [
        "# distilled against its targets",
        "",
        f"Rendered by report.py from summary.json ({'complete' if s['complete'] else 'INCOMPLETE'} run; games of every "
        f"tournament x {s['scale']} of run.sh's full size; seeds from {s['seed']}). Made by run.sh; "
        "the presets by presets.sh (fits/ holds each preset's fit and fine-tuning report).",
        "",
        "## Head to head",
        "",
        "`distilled` and the bot it stands in for, both at every table in every seat order "
        "(balanced seating); win share per seat (Wilson 95% CI) and distilled's minus the other's "
        f"(95% bootstrap CI over games). Target: within ±{t}; as distilled must keep the other's strength, "
        f"the last column says whether it is at most {t} behind.",
        "",
        f"| game | players | against | games | distilled | other | difference | within ±{t} | at most {t} behind |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in s["head_to_head"]:
        ws = r["win_share"]
        lines.append(
            f"| {TITLES[r['game']]} | {r['players']} | `{r['against']}` | {r['games']:,} | {ci(ws['distilled'])} | "
            f"{ci(ws[r['against']])} | {ci(r['difference'])} | {verdict(r, t)} |"
        )
    f = s["strong_field"]
    lines += [
        "",
        f"## Strong field, Geteilte Luft {f['players']} players",
        "",
        f"Every group of {f['players']} of the entrants in every seat order, {f['games']:,} games, seed {f['seed']}. "
        "A reduced field: the strongest built-ins of the 4-player target field, not all of it.",
        "",
        "| rank | bot | win share | games |",
        "|---|---|---|---|",
    ]
    for i, r in enumerate(f["ranking"], 1):
        lines.append(f"| {i} | `{r['bot']}` | {ci(r['win_share'])} | {r['games']:,} |")
    sp = s["speed"]
    lines += [
        "",
        "## Speed, 4-player self-play",
        "",
        f"`{sp['command']}`, in this run (one process, side by side); best of its runs, by wall clock and per CPU-second. "
        "Target: 20x.",
        "",
        "| game | distilled games/s | other | other games/s | ratio | ratio per CPU-s |",
        "|---|---|---|---|---|---|",
    ]
    for r in sp["rows"]:
        g = r["games_per_second"]
        lines.append(
            f"| {TITLES[r['game']]} | {g['distilled']:,.0f} | `{r['against']}` | {g['against']:,.0f} | "
            f"{r['ratio']:.1f}x | {r['ratio_cpu']:.1f}x |"
        )
    return "\n".join(lines) + "\n"


def report_text() -> str:
    """The report's text from the summary.json beside it."""
    return render(json.loads((HERE / "summary.json").read_text()))


def main():
    (HERE / "report.md").write_text(report_text())


if __name__ == "__main__":
    main()
