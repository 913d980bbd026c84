"""Renders report.md from summary.json (every figure in it comes from there).

python experiments/distilled/report.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from claims import duration  # noqa: E402  (after the path set-up)

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
    lines += target_fields(s.get("target_fields"))
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
    lines += before_and_after(s.get("before_after"))
    return "\n".join(lines) + "\n"


def target_fields(rows: list[dict] | None) -> list[str]:
    """The issue-15 target fields with `distilled` in them: where it finishes,
    and its margin over the best built-in bot other than `trained`."""
    if not rows:
        return []
    lines = [
        "",
        "## The target fields, Geteilte Luft 2-6 players",
        "",
        "`distilled` joins `trained` in the target field of each count (`../trained/target_fields.txt`: every "
        "family at its best parameters there), every group of entrants in every seat order. Target: ahead of every "
        "built-in bot except `trained`. Margin: distilled's win share per seat minus the best other built-in's "
        "(95% bootstrap CI over games).",
        "",
        "| players | entrants | games | seed | distilled's place | distilled | `trained` | best other built-in | margin | "
        "target |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        share = {x["bot"]: x["win_share"] for x in r["ranking"]}
        place = [x["bot"] for x in r["ranking"]].index("distilled") + 1
        ahead = r["ahead_of_distilled"]
        if ahead:
            verdict = "no: behind " + ", ".join(f"`{b}`" for b in ahead)
        else:
            verdict = "yes (CI too)" if r["margin"]["ci95"][0] > 0 else "yes (point; CI not)"
        lines.append(
            f"| {r['players']} | {len(r['entrants'])} | {r['games']:,} | {r['seed']} | {place} of {len(r['entrants'])} | "
            f"{ci(share['distilled'])} | {ci(share['trained'])} | `{r['best_other']}` {ci(share[r['best_other']])} | "
            f"{ci(r['margin'])} | {verdict} |"
        )
    return lines


def robust(design_run: dict) -> str:
    """Whether a design run gave the robust verdict (its three more fields)."""
    return ", and the robust verdict's three more fields" if design_run["robust"] else ", no robust verdict"


def load(wall_time: dict) -> str:
    return " / ".join(f"{x:.1f}" for x in wall_time["load_average"])


def collect_before_after() -> dict:
    """The design experiment and a 5-player --groups training run, before and
    after `distilled` took the place of slower bots in their fields, from each
    run's own record (design_before.json, ../design/wall_time.json,
    groups/<run>/time.txt, load.txt or note.txt, and summary.json): written
    to before_after.json beside the report, which renders it."""
    runs = []
    for run in ("before", "after"):
        folder = HERE / "groups" / run
        if not (folder / "time.txt").exists():
            continue
        wall, cpu = (folder / "time.txt").read_text().split(",")
        user, system = cpu.split()[0].split("+")
        record = {"run": run, "field": json.loads((folder / "summary.json").read_text())["field"]}
        record |= {"wall_seconds": float(wall.split()[0]), "user_seconds": float(user), "system_seconds": float(system)}
        if (folder / "load.txt").exists():
            record["load_average"] = [float(x) for x in (folder / "load.txt").read_text().split()]
        if (folder / "note.txt").exists():
            record["note"] = (folder / "note.txt").read_text().strip()
        runs.append(record)
    return {
        "design_before": json.loads((HERE / "design_before.json").read_text()),
        "design_after": json.loads((HERE.parent / "design" / "wall_time.json").read_text()),
        "groups": runs,
    }


def before_and_after(data: dict | None) -> list[str]:
    """The wall times of before_after.json as a table."""
    if not data:
        return []
    before, after = data["design_before"], data["design_after"]
    lines = [
        "",
        "## Wall time before and after",
        "",
        "Each run's own record, on the shared 2-core machine (load average over the last 1 / 5 / 15 minutes at its end: "
        "other jobs slow a run down, so compare with the load in mind).",
        "",
        "| run | field | wall time | load | commit |",
        "|---|---|---|---|---|",
        f"| design experiment, before: `{before['wall_time']['command']}` | `{before['field']}`{robust(before)} | "
        f"{duration(before['wall_time']['seconds'])} | {load(before['wall_time'])} | {before['wall_time']['commit'][:7]} |",
        f"| design experiment, after: `{after['command']}` | the design run's field (`distilled` in place of `trained`), "
        f"and the robust verdict's three more fields | {duration(after['seconds'])} | {load(after)} | {after['commit'][:7]} |",
    ]
    for r in data["groups"]:
        where = load(r) if "load_average" in r else r.get("note", "not recorded")
        lines.append(
            f"| 5-player `--groups` training, {r['run']} (`groups_training.sh`) | `{','.join(r['field'])}` | "
            f"{duration(r['wall_seconds'])} ({r['user_seconds'] + r['system_seconds']:.0f} CPU-s) | {where} | — |"
        )
    lines += [
        "",
        f"The design experiment was {before['wall_time']['seconds'] / after['seconds']:.2f}x faster by wall time with "
        "`distilled` in its Geteilte Luft field; that field still seats `planner`, and the Land unter studies and the "
        "robust verdict's fields share the same two cores.",
    ]
    runs = {r["run"]: r for r in data["groups"]}
    if {"before", "after"} <= set(runs):
        b, a = runs["before"], runs["after"]
        cpu = (b["user_seconds"] + b["system_seconds"]) / (a["user_seconds"] + a["system_seconds"])
        lines += [
            "",
            f"The 5-player training run was {b['wall_seconds'] / a['wall_seconds']:.2f}x faster by wall time and "
            f"{cpu:.2f}x by CPU time with `distilled` in its field. The gain is small because the candidate it "
            "trains is the policy with rollout's gains: at each of its own decisions it plays rollout's continuations, "
            "whatever the field.",
        ]
    return lines


def report_text() -> str:
    """The report's text from the summary.json and before_after.json beside it."""
    extra = HERE / "before_after.json"
    before_after = json.loads(extra.read_text()) if extra.exists() else None
    return render(json.loads((HERE / "summary.json").read_text()) | {"before_after": before_after})


def main():
    (HERE / "before_after.json").write_text(json.dumps(collect_before_after(), indent=1) + "\n")
    (HERE / "report.md").write_text(report_text())


if __name__ == "__main__":
    main()
