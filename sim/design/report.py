"""The design study's report: the re-evaluated front as a table, Parquet
tables of every trial and of the front, the front scatter and knob effects."""

from __future__ import annotations

import pandas as pd

from sim.design import plots
from sim.design.degenerate import Budget
from sim.design.metrics import trained_caveat
from sim.design.robust_report import diff_text, section as robust_section
from sim.report import Report, ci_column, fmt


def write(
    summary: dict, trials: pd.DataFrame, front: pd.DataFrame, evaluated: pd.DataFrame, spaces, objs, cons, defs, out
) -> Report:
    cfg = summary["config"]
    report = Report(f"Design study of {cfg['game']}: {', '.join(o.metric for o in objs)}", out)
    report.text(
        f"Study `{summary['study']}` ({summary['storage'] or 'in memory: give --out to keep it'}): "
        f"{summary['trials']} finished trials, sampler {cfg['sampler']}, knobs {'; '.join(cfg['knobs'])}, "
        f"objectives {', '.join(cfg['objectives'])}"
        + (f", constraints {', '.join(cfg['constraints'])}" if cons else "")
        + f"; players {', '.join(map(str, cfg['players']))}; field {', '.join(cfg['field'])}; skill: "
        f"{cfg['strong']} against {cfg['weak']}. **Selection:** every trial played {cfg['games']:,} field and "
        f"{cfg['games']:,} skill games per player count on seed {summary['selection_seed']} (the same games for "
        f"every candidate). **Results:** {summary['evaluated']} of the {summary['front_size']} front members "
        f"(spread along the first objective) and the rulebook defaults re-evaluated on "
        f"{summary['evaluation_games']:,} games of each kind per player count on the fresh seed "
        f"{summary['evaluation_seed']}; an objective over several player counts is their mean (CI: normal "
        "approximation from the counts' CIs)."
        + (f" {Budget(**cfg['exploit']).describe()}." if "exploit" in cfg else "")
        + trained_caveat([*cfg["field"], cfg["strong"], cfg["weak"]])
    )
    if cons and summary["trials"] and not summary["feasible_trials"]:
        report.text(
            "**No trial meets the constraints.** The front below is that of the trials nearest to "
            "meeting them (smallest total violation); more trials or wider knob ranges may find feasible "
            "rule sets."
        )
    knob_names = [s.knob.name for s in spaces]
    shown = pd.DataFrame({"candidate": evaluated.candidate, **{k: evaluated[k] for k in knob_names}})
    for m in [o.metric for o in objs] + [c.metric for c in cons if c.metric not in {o.metric for o in objs}]:
        shown[m] = ci_column(evaluated, m, 3)
    shown["n"] = evaluated[f"{objs[0].metric}_n"]
    shown["feasible"] = evaluated.feasible
    report.table(
        "front",
        shown,
        f"**Selection:** the Pareto front re-evaluated on the selection seed {summary['evaluation_seed']}, mean [95% CI] "
        "(front.parquet: every metric, per player count too); the pick is made here, its figures are the confirmation's below",
    )
    confirmation_section(report, summary.get("recommendation"), [f"{o.direction}:{o.metric}" for o in objs])
    holes = [m.name for m in defs if m.name.startswith("hole_")]
    if holes and len(evaluated):
        per_count = [
            pd.DataFrame(
                {
                    "candidate": evaluated.candidate,
                    "players": n,
                    **{m: ci_column(evaluated, f"{m}@{n}", 3) for m in holes},
                }
            )
            for n in cfg["players"]
        ]
        report.table(
            "holes",
            pd.concat(per_count, ignore_index=True),
            "Rule holes of every candidate above, per player count: share of dives or deals that meet each, "
            "mean [95% CI] on the same fresh games (definitions below)",
        )
    report.tables["front_all"] = evaluated
    report.tables["trials"] = trials
    if report.out is not None:
        evaluated.to_parquet(report.out / "front.parquet", index=False)
        trials.to_parquet(report.out / "trials.parquet", index=False)
        names = [o.metric for o in objs]
        # The first objective against each other one (against upset_rate with one objective).
        pairs = [(names[0], y) for y in names[1:]] or [(names[0], "upset_rate" if names[0] != "upset_rate" else "seat_gap")]
        n = int(evaluated[f"{names[0]}_n"].iloc[0]) if len(evaluated) else 0
        for x, y in pairs:
            report.figure(
                plots.front_scatter(
                    evaluated,
                    x,
                    y,
                    f"Pareto front on fresh seeds: {y} against {x} (n={n:,} games per candidate)",
                    report.plot_stem(f"front_{x}_{y}"),
                ),
                f"Front members and the rulebook defaults (red square) re-evaluated, 95% CIs; n={n:,} games per candidate",
            )
        searched = [s.knob.name for s in spaces if not s.fixed]
        if len(trials):
            for k in searched:
                report.figure(
                    plots.knob_effect(
                        trials,
                        k,
                        names,
                        f"Effect of {k}: every trial (selection seed, n={cfg['games']:,} games each)",
                        report.plot_stem(f"knob_{k}"),
                    ),
                    f"Objective values of every trial against {k} (selection seed; "
                    f"{cfg['games']:,} field and skill games per player count each)",
                )
    report.text("**Definitions.** " + " ".join(f"`{m.name}`: {m.definition}." for m in defs))
    report.save(summary)
    return report


def confirmation_section(report: Report, rec: dict | None, objectives: list[str]) -> None:
    """The pick, how many candidates it was chosen from, and its figures on the
    confirmation games: against the defaults, and knob by knob."""
    if rec is None:
        return
    report.text("## Recommendation: selection apart from confirmation", rec["reason"] + ".")
    if rec["pick"] == "rulebook defaults":
        robust_section(report, rec)
        return
    report.text(
        f"**Selection:** {rec['pick']} ({_knobs(rec['pick_knobs'])}) picked from {rec['compared']} front members on the "
        f"selection games, each compared with the defaults on {len(objectives)} objectives: {rec['tests']} tests, "
        f"Bonferroni (|z| > {rec['z']:.2f}). **Confirmation:** the pick, the defaults and the defaults with only one of "
        f"the pick's knobs changed on {rec['confirmation_games']:,} fresh games of each kind per player count (seed "
        f'{rec["confirmation_seed"]}), {len(objectives)} tests (|z| > {rec["confirmation_z"]:.2f}); "not shown worse" '
        "means the difference's interval reaches 0, not that the two are equal."
    )
    metrics = [o.partition(":")[2] for o in objectives]
    rows = []
    for row in rec["confirmation"]:
        rows.append(
            {
                "rule set": row["candidate"],
                **{m: fmt(row["metrics"][m], 3) for m in metrics},
                "n": row["metrics"][metrics[0]]["n"],
            }
        )
    report.table(
        "confirmation", pd.DataFrame(rows), "Confirmation games: the pick, the defaults and each knob alone, mean [95% CI]"
    )
    gains = [
        {
            "change from the defaults": g["candidate"] if g["candidate"].startswith("only ") else f"all of {g['candidate']}",
            **{o.partition(":")[2]: diff_text(d) for o, d in g["differences"].items()},
        }
        for g in rec["knob_gains"]
    ]
    report.table(
        "knob_gains",
        pd.DataFrame(gains),
        f"Gain over the defaults on the confirmation games: the whole pick and each knob alone, difference "
        f"[interval ± {rec['confirmation_z']:.2f} SE]",
    )
    if rec["edges"]:
        report.text(
            "**Flag — picks at the edge of the searched range** (the best value may lie beyond): " + edge_text(rec["edges"]) + "."
        )
    robust_section(report, rec)


def edge_text(edges: list[dict]) -> str:
    return "; ".join(
        f"{e['knob']}={e['value']:g} at the {e['end']} end of {e['range'][0]:g}..{e['range'][1]:g}"
        + (
            f" (the rules allow {e['allowed'][0]:g}..{e['allowed'][1]:g}: widen it)"
            if e["widenable"]
            else " (the end of what the rules allow)"
        )
        for e in edges
    )


def _knobs(knobs: dict) -> str:
    return ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else f"{k}={v}" for k, v in knobs.items())
