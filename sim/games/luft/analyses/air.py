"""How fast does the shared air run out?

Per bot mix and player count: mean air left after each turn of each dive with
a 95% band, the distribution of the turn in which the air runs out, P(air runs
out) and divers drowned per dive. Dives that ended early (everyone back) keep
their final air in the curves, so every game counts at every turn.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from sim import plots
from sim.games.luft.analyses.common import simulate
from sim.games.luft.outputs import A_COUNT, A_END_COUNT, A_END_SUM, A_END_SUMSQ, A_SUM, A_SUMSQ
from sim.games.luft.rules import Rules
from sim.registry import split_specs
from sim.report import Report
from sim.stats import mean_ci, proportion_ci

DEFAULT_MIXES = ("threshold:t=2", "air", "threshold:t=1,threshold:t=2,air,random")


def seat_specs(mix: str, players: int) -> list[str]:
    """A mix's specs cycled over the seats."""
    specs = split_specs(mix)
    return [specs[i % len(specs)] for i in range(players)]


def depletion_curve(air: np.ndarray, dive: int, last_turn: int):
    """Mean, lo, hi of air left after turns 0..last_turn-1 over all games."""
    carried = np.cumsum(air[[A_END_SUM, A_END_SUMSQ, A_END_COUNT], dive], axis=1)
    n = air[A_COUNT, dive] + carried[2]
    s = air[A_SUM, dive] + carried[0]
    ss = air[A_SUMSQ, dive] + carried[1]
    est = [mean_ci(int(n[t]), float(s[t]), float(ss[t])) for t in range(last_turn)]
    return (np.array([e.mean for e in est]), np.array([e.lo for e in est]), np.array([e.hi for e in est]))


def air_analysis(
    *,
    players_list=(2, 3, 4, 5, 6),
    mixes=DEFAULT_MIXES,
    games: int = 20_000,
    seed: int = 0,
    rules: dict | None = None,
    out: Path | None = None,
    progress=None,
    executor=None,
) -> dict:
    start = time.perf_counter()
    rules = dict(rules or {})
    dives = Rules.from_strings({k: str(v) for k, v in rules.items()}).dives
    report = Report("How fast does the shared air run out?", out)
    report.text(
        f"{games:,} games per bot mix and player count, seed {seed}, rules {rules or 'rulebook defaults'}. "
        "Curves: mean air left after each turn with 95% bands; a dive that ended with everyone back "
        "keeps its final air, so each point averages over all games."
    )
    rows, curves, hists = [], {}, {}
    for mix in mixes:
        for n in players_list:
            sim = simulate(rules, seat_specs(mix, n), n, games, seed, out, progress, executor)
            t = sim.totals
            for d in range(dives):
                out_turns = t.hists.get(f"dive{d}.air_out_turn", np.zeros(1))
                k = int(out_turns.sum())
                mean_turn = float((np.arange(out_turns.size) * out_turns).sum() / k) if k else float("nan")
                n_games, outs, _ = t.agg(f"dive{d}.air_out")
                p = proportion_ci(outs, int(n_games))
                dr = mean_ci(*t.agg(f"dive{d}.drowned"))
                turns = mean_ci(*t.agg(f"dive{d}.turns"))
                rows.append(
                    {
                        "mix": mix,
                        "players": n,
                        "dive": d + 1,
                        "p_air_out": p.mean,
                        "p_air_out_lo": p.lo,
                        "p_air_out_hi": p.hi,
                        "drowned": dr.mean,
                        "drowned_lo": dr.lo,
                        "drowned_hi": dr.hi,
                        "turns": turns.mean,
                        "turns_lo": turns.lo,
                        "turns_hi": turns.hi,
                        "mean_air_out_turn": mean_turn,
                        "games": int(n_games),
                    }
                )
            air = t.hists["air"]
            last = int(min(air.shape[2], max(1, np.flatnonzero(air[A_COUNT].sum(axis=0)).max(initial=0) + 2)))
            curves[(mix, n)] = [depletion_curve(air, d, last) for d in range(dives)]
            hists[(mix, n)] = (t.hists.get("dive0.air_out_turn", np.zeros(1)), t.games)
    table = pd.DataFrame(rows)
    report.table("air_by_dive", table, f"Per dive: P(air runs out), divers drowned, turns (n = {games:,} games each)")
    for mix in mixes:
        stem = report.plot_stem(f"depletion_{_slug(mix)}")
        if stem is None:
            continue
        series = {f"{n} players, dive 1": curves[(mix, n)][0] for n in players_list}
        longest = max(len(s[0]) for s in series.values())
        series = {k: tuple(np.pad(a, (0, longest - len(a)), mode="edge") for a in v) for k, v in series.items()}
        report.figure(
            plots.lines_with_band(
                np.arange(1, longest + 1),
                series,
                f"Air left after each turn of dive 1 — bots {mix} (n={games:,} games per line)",
                "turn",
                "air left",
                stem,
            ),
            f"Depletion curves, {mix}",
        )
        hstem = report.plot_stem(f"air_out_turn_{_slug(mix)}")
        lines = {f"{n} players": (np.arange(hists[(mix, n)][0].size), hists[(mix, n)][0]) for n in players_list}
        report.figure(
            plots.distribution(
                lines,
                f"Dive 1: the turn in which the air runs out, as a share of all "
                f"games (a line sums to P(air runs out)) — bots {mix}",
                "turn in which the air runs out",
                hstem,
                ylabel="share of all games",
                games={f"{n} players": hists[(mix, n)][1] for n in players_list},
            ),
            f"Air-out turn, {mix}: share of all games whose air ran out in each turn of dive 1",
        )
    summary = {
        "games": games,
        "seconds": round(time.perf_counter() - start, 3),
        "seed": seed,
        "players": list(players_list),
        "mixes": list(mixes),
        "dives": [
            {
                "mix": r["mix"],
                "players": r["players"],
                "dive": r["dive"],
                "p_air_out": {"mean": r["p_air_out"], "ci95": [r["p_air_out_lo"], r["p_air_out_hi"]]},
                "drowned": {"mean": r["drowned"], "ci95": [r["drowned_lo"], r["drowned_hi"]]},
            }
            for r in rows
        ],
    }
    report.save(summary)
    return summary


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)[:60]
