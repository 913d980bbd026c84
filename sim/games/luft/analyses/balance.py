"""Is the untested rule set fair and sound?

Every rule knob is swept one at a time around the rulebook defaults (and a few
knob pairs together), at every player count, with a strong mixed field seated balanced: every group of ``players`` field
bots in every seat order, each lineup on its own games (`sim.sweep.field_lineups`).
Each field bot therefore sits in every seat, and after every other, equally
often whatever the list's order, so the seat-0 win
share measures the advantage of moving first (seat 0 starts dive 1), not the
strength of whichever bot sits there.

Per setting: seat 0's win share against the fair share 1/n (one-sample t test
on the per-game win values, so shared wins count 1/k; Bonferroni over all
tests run; settings identical to another marked as duplicates), a chi-square test that all seats win equally often, game length,
drown rate, air-outs, stalled dives, the spread of final scores, and how often
the last dive decides the winner.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import pandas as pd

from sim import api, plots
from sim.balance import Balance, balance as run_balance, check_options
from sim.games.luft.analyses.compare_turnback import SLOW_FACTOR, default_field, families, slow_families, smoke_test
from sim.games.luft.rules import SINK_ORDERS, START_RULES, Rules
from sim.report import Report, ci_column
from sim.seat_balance import flag_sentence, seat_figures
from sim.stats import bounded_sum, proportion_ci

KNOBS: dict[str, list] = {
    "air": [15, 20, 25, 30, 35],
    "stack_size": [1, 2, 3, 4, 5],
    "turn_back_needs_treasure": [True, False],
    "start_when_nobody_returned": list(START_RULES),
    "dives": [2, 3, 4],
    "sink_order": list(SINK_ORDERS),
}
DEFAULT_PAIRS = (("air", "stack_size"), ("air", "dives"))
LAST_DIVE = "last_dive_decided"
#: The figures of a setting besides the seat tests (each with a 95% CI).
FIGURES = ("turns", "drowned", "air_out", "stalled", "score_sd", LAST_DIVE)


def settings(players_list, knobs, pairs) -> list[tuple[int, dict]]:
    """(players, rule overrides) for the defaults, each knob alone and each
    pair together; duplicates (e.g. a value equal to the default) once."""
    defaults = Rules().to_dict()
    seen, out = set(), []

    def add(n, overrides):
        overrides = {k: v for k, v in overrides.items() if defaults[k] != v}
        key = (n, tuple(sorted(overrides.items())))
        if key not in seen:
            seen.add(key)
            out.append((n, overrides))

    for n in players_list:
        add(n, {})
        for k in knobs:
            for v in KNOBS[k]:
                add(n, {k: v})
        for a, b in pairs:
            for va in KNOBS[a]:
                for vb in KNOBS[b]:
                    add(n, {a: va, b: vb})
    return out


def label(overrides: dict) -> str:
    """``air=15, stack_size=2`` (knobs in KNOBS order), or ``default``."""
    keys = sorted(overrides, key=lambda k: list(KNOBS).index(k) if k in KNOBS else len(KNOBS))
    return ", ".join(f"{k}={_show(overrides[k])}" for k in keys) or "default"


def _show(v) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def measure(t, n: int, dives: int) -> dict:
    """The figures of one setting from its pooled totals: the seat figures
    (`sim.seat_balance`), game length, drown rate, air-outs, stalls and how
    often the last dive decides the winner."""
    dive_share = [1 / dives] * dives
    nl, sl, _ = t.agg(LAST_DIVE)
    return {
        **seat_figures(t, n),
        "turns": bounded_sum([t.agg(f"dive{d}.turns") for d in range(dives)], [1.0] * dives),
        "drowned": bounded_sum([t.agg(f"seat{s}.drowned") for s in range(n)], [1 / (n * dives)] * n, (0, 1)),
        "air_out": bounded_sum([t.agg(f"dive{d}.air_out") for d in range(dives)], dive_share, (0, 1)),
        "stalled": bounded_sum([t.agg(f"dive{d}.stalled") for d in range(dives)], dive_share, (0, 1)),
        LAST_DIVE: proportion_ci(sl, int(nl)),
    }


class LuftBalance(Balance):
    """Geteilte Luft's facts for the balance skeleton (`sim.balance`)."""

    game = "luft"
    title = "Is the rule set fair and sound?"
    figures = FIGURES
    flag_what = "first player or seats"
    default_figures = ("turns", "drowned", "score_sd", LAST_DIVE)
    defaults_heading = ("## Default rules", "Seat 0's win share against the fair share, per player count:")
    relative_column = True

    def __init__(self, players_list, knobs, pairs, left_out: dict):
        self.players_list, self.knobs, self.pairs, self.left_out = players_list, knobs, pairs, left_out

    def rules(self, players, overrides):
        return {"players": players, **overrides}

    def measure(self, totals, players, overrides):
        return measure(totals, players, int(overrides.get("dives", Rules().dives)))

    def label(self, overrides):
        return label(overrides)

    def setting_columns(self, overrides):
        return {k: overrides.get(k, "") for k in KNOBS}

    def table(self, rows):
        table = pd.DataFrame(rows)
        for k in KNOBS:  # mixed bools/strings/ints and "" for "default": store as text
            table[k] = table[k].map(lambda v: "" if v == "" else _show(v))
        return table

    def readable(self, table):
        return _readable(table)

    def headline(self, table, tests, alpha, threshold):
        return _headline(table, tests, alpha, threshold)

    def plots(self, report, table):
        _heatmaps(report, table, self.players_list, self.knobs, self.pairs, int(table.games.min()))

    def summary_tail(self):
        return {"left_out": self.left_out}


def balance(
    *,
    players_list=(2, 3, 4, 5, 6),
    games: int = 2000,
    seed: int = 0,
    field: str | list[str] | None = None,
    knobs: list[str] | None = None,
    pairs=None,
    alpha: float = 0.05,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    start = time.perf_counter()
    players_list = sorted({int(n) for n in players_list})
    for n in players_list:
        if not 2 <= n <= 6:
            raise ValueError(f"--players {n} is out of range; Geteilte Luft has 2..6 players")
    knobs = list(KNOBS) if knobs is None else list(knobs)
    pairs = list(DEFAULT_PAIRS) if pairs is None else [tuple(p) for p in pairs]
    for k in knobs + [k for p in pairs for k in p]:
        if k not in KNOBS:
            raise ValueError(f"unknown knob {k!r}; knobs are: {', '.join(KNOBS)}")
    check_options(games, alpha)
    registry = api.get_game("luft").registry
    left_out, slow = {}, {}
    if field is None:
        fams = families(registry)
        left_out, cost = smoke_test(fams, players_list, registry)
        slow = slow_families(cost, registry)
        field_specs = default_field(None, [f for f in fams if f not in left_out and f not in slow], registry)
    else:
        field_specs = registry.parse_specs(field)
    plan = settings(players_list, knobs, pairs)
    return run_balance(
        LuftBalance(players_list, knobs, pairs, left_out),
        plan,
        field_specs,
        players_list=players_list,
        games=games,
        seed=seed,
        alpha=alpha,
        intro=lambda tests, threshold: _intro(field_specs, games, seed, len(plan), left_out, slow),
        out=out,
        progress=progress,
        executor=executor,
        start=start,
    )


def _intro(field_specs: list[str], games: int, seed: int, m: int, left_out: dict, slow: dict) -> list[str]:
    """The report's paragraphs before its findings: the field, the tests, the families left out."""
    paragraphs = [
        f"Field: {', '.join(field_specs)} — seated balanced (every group of n field bots in every seat order, "
        f"each lineup on its own games). {games:,} games per setting (rounded up to a whole "
        f"number per lineup), seed {seed}; {m} settings (rule overrides × player counts).",
        "**Tests.** First player = seat 0, who starts dive 1. Its win share is tested against 1/n with a "
        "one-sample t test on the per-game win values (a shared win counts 1/k); a chi-square test asks whether "
        "all seats win equally often. Both are corrected by Bonferroni over every test run (two per setting; "
        "a setting whose games and results are identical to another's is marked as its duplicate and neither "
        "tested nor counted), and a setting is flagged when either p is below the threshold. Game length, drown rate, "
        "air-outs and "
        "stalls average over dives/seats with a conservative CI (per-game SD bounded by the sum of the parts' "
        "SDs); the score SD's CI is the delta method with one observation per game.",
    ]
    if left_out:
        paragraphs.append(
            "**Families left out of the field** (an illegal move at defaults): "
            + "; ".join(f"`{f}`: {msg}" for f, msg in left_out.items())
        )
    if slow:
        paragraphs.append(
            f"**Slow families left out of the field** (search bots costing more than {SLOW_FACTOR}× the median "
            "family's time per game): " + ", ".join(f"`{f}`" for f in slow)
        )
    return paragraphs


def _headline(table: pd.DataFrame, tests: int, alpha: float, threshold: float) -> list[str]:
    lines = ["## Findings", ""]
    for r in table[table.setting == "default"].itertuples():
        lines.append(
            f"- **{r.players} players, rulebook defaults:** seat 0 wins {r.first_share:.3f} "
            f"[{r.first_lo:.3f}, {r.first_hi:.3f}] of {r.games:,} games (fair {r.fair:.3f}, p = "
            f"{r.first_p:.2g}{', flagged' if r.flagged else ''}); {r.turns:.1f} turns per game; "
            f"drown rate {r.drowned:.3f} per diver and dive; the last dive decides the winner in "
            f"{r.last_dive_decided:.3f} [{r.last_dive_decided_lo:.3f}, {r.last_dive_decided_hi:.3f}] of games."
        )
    flagged = table[table.flagged]
    lines.append("- " + flag_sentence(table, tests, alpha, threshold, "first player or seats"))
    if len(flagged):
        order = table.assign(dev=table.first_relative - 1).sort_values("dev")

        def show(rows):
            return "; ".join(
                f"{r.players} players {r.setting}: {r.first_share:.3f} [{r.first_lo:.3f}, {r.first_hi:.3f}] vs {r.fair:.3f}"
                for r in rows.itertuples()
            )

        lines.append(f"- Largest first-player advantages (seat 0 win share, 95% CI, vs 1/n): {show(order.tail(3)[::-1])}.")
        lines.append(f"- Largest first-player disadvantages: {show(order.head(3))}.")
    calm = table[~table.flagged & (table.duplicate_of == "")]
    if 0 < len(calm) <= 20:
        lines.append("- Not flagged: " + "; ".join(f"{r.players} players {r.setting}" for r in calm.itertuples()) + ".")
    return lines + [""]


def _readable(table: pd.DataFrame) -> pd.DataFrame:
    """The settings table for reading: one column per figure, CIs in brackets."""
    shown = pd.DataFrame(
        {
            "players": table.players,
            "setting": table.setting,
            "games": table.games,
            "seat 0 win share": ci_column(table, "first_share", 3, "first_lo", "first_hi"),
            "fair": table.fair.round(3),
            "p (seat 0)": table.first_p.map(lambda p: f"{p:.2g}"),
            "p (all seats)": table.seat_p.map(lambda p: f"{p:.2g}"),
            "turns": ci_column(table, "turns", 1),
            "drown rate": ci_column(table, "drowned", 3),
            "P(air out)": ci_column(table, "air_out", 3),
            "score SD": ci_column(table, "score_sd", 2),
        }
    )
    shown["last dive decides"] = ci_column(table, LAST_DIVE, 3)
    shown["duplicate of"] = table.duplicate_of
    if table.stalled.max() > 0:
        shown["stalled"] = ci_column(table, "stalled", 4)
    shown["flag"] = table.flagged.map(lambda f: "**IMBALANCE**" if f else "")
    return shown


def _cell(table: pd.DataFrame, n: int, overrides: dict, column: str) -> float:
    hit = table[(table.players == n) & (table.setting == label(overrides))]
    return float(hit[column].iloc[0]) if len(hit) else math.nan


def _heatmaps(report: Report, table: pd.DataFrame, players_list, knobs, pairs, games: int):
    """Heat maps over (knob, players) and over knob pairs; short titles (the
    figures are narrow), the sample size in each caption."""
    if report.out is None:
        return
    defaults = Rules().to_dict()
    cols = [str(n) for n in players_list]
    per_cell = f"≥{games:,} games per cell"

    def knob_map(k, column, title, cbar, stem, caption, fmt="{:.3f}"):
        matrix = [[_cell(table, n, {} if v == defaults[k] else {k: v}, column) for n in players_list] for v in KNOBS[k]]
        report.figure(
            plots.heatmap(
                matrix,
                [_show(v) for v in KNOBS[k]],
                cols,
                title,
                report.plot_stem(stem),
                fmt=fmt,
                cbar_label=cbar,
                xlabel="players",
                ylabel=k,
            ),
            f"{caption} ({per_cell})",
        )

    for k in knobs:
        knob_map(
            k,
            "first_relative",
            f"{k} × players: seat 0 share × n",
            "seat 0 win share × players",
            f"first_{k}_x_players",
            f"First-player advantage, seat 0 win share × n (1 = fair): {k} (rows) × players (columns)",
            "{:.2f}",
        )
    if "air" in knobs:
        knob_map(
            "air",
            "drowned",
            "air × players: drown rate",
            "P(drown) per diver and dive",
            "drowned_air_x_players",
            "Drown rate per diver and dive: air (rows) × players (columns)",
        )
        knob_map(
            "air",
            "turns",
            "air × players: turns per game",
            "turns",
            "turns_air_x_players",
            "Game length in turns: air (rows) × players (columns)",
            "{:.0f}",
        )
        knob_map(
            "air",
            LAST_DIVE,
            "air × players: last dive decides",
            "share of games",
            "last_dive_air_x_players",
            "Share of games the last dive decides the winner: air (rows) × players (columns)",
        )
    for a, b in pairs:
        for n in players_list:
            matrix = [
                [
                    _cell(table, n, {kk: vv for kk, vv in ((a, va), (b, vb)) if defaults[kk] != vv}, "first_relative")
                    for vb in KNOBS[b]
                ]
                for va in KNOBS[a]
            ]
            report.figure(
                plots.heatmap(
                    matrix,
                    [_show(v) for v in KNOBS[a]],
                    [_show(v) for v in KNOBS[b]],
                    f"{n} players, {a} × {b}: seat 0 share × n",
                    report.plot_stem(f"first_{a}_x_{b}_{n}p"),
                    fmt="{:.2f}",
                    cbar_label="seat 0 share × n",
                    xlabel=b,
                    ylabel=a,
                ),
                f"First-player advantage at {n} players, seat 0 win share × n (1 = fair): {a} (rows) × "
                f"{b} (columns) ({per_cell})",
            )
