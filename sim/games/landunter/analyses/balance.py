"""Are Land unter's rules and their [D] options fair and sound?

Each [D] option of rules/land-unter.md is flipped one at a time around the
defaults, at 3, 4, 5 and (with allow_six) 6 players, with a strong mixed field
seated balanced (`sim.sweep.field_lineups`: every group of field bots in every
seat order), so every field bot sits in every seat, and after every other,
equally often and the seat-0 win share measures the seat, not the
bot in it.

Per setting: seat 0's win share against 1/n (one-sample t test on per-game
win values, a shared win counting 1/k), a chi-square test that all seats win
equally, P(deal ends early), eliminations and rounds per deal, and the SD of
game totals. A setting is flagged when either test passes a Bonferroni
threshold over all tests run (settings identical to another marked as duplicates).
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import pandas as pd

from sim import api, plots
from sim.balance import Balance, balance as run_balance, check_options
from sim.games.landunter.analyses.common import DEFAULT_FIELD, base_rules, check_players, rules_for
from sim.games.landunter.rules import Rules
from sim.report import Report, ci_column
from sim.seat_balance import flag_sentence, seat_figures
from sim.stats import Estimate, bounded_sum

#: The [D] options flipped one at a time (2-player-only options left out).
OPTIONS = ("cascade_may_repeat_flipper", "tie_simultaneous", "end_before_cascade", "no_flood_counts_as_lowest")
PLAYERS = (3, 4, 5, 6)
FIGURES = ("early_end", "before_last", "eliminated", "rounds", "score_sd")


def settings(players_list, flips: dict) -> list[tuple[int, dict]]:
    """(players, overrides): the base rules, then each option flipped alone."""
    return [(n, o) for n in players_list for o in [{}] + [{k: v} for k, v in flips.items()]]


def label(overrides: dict) -> str:
    return ", ".join(f"{k}={'on' if v else 'off'}" for k, v in overrides.items()) or "default"


SHARES = ("early_end", "before_last")  # per-deal shares, their intervals kept inside [0, 1]


def measure(t, n: int) -> dict:
    """The figures of one setting from its pooled totals: the seat figures
    (`sim.seat_balance`), then P(deal ends early), players out and rounds per
    deal, averaged over the game's n deals."""
    deal_mean = [1 / n] * n
    return {
        **seat_figures(t, n),
        **{
            f: bounded_sum([t.agg(f"deal{d}.{f}") for d in range(n)], deal_mean, (0, 1) if f in SHARES else None)
            for f in FIGURES[:4]
        },
    }


class LandUnterBalance(Balance):
    """Land unter's facts for the balance skeleton (`sim.balance`)."""

    game = "landunter"
    title = "Land unter: are the rules and their [D] options fair and sound?"
    figures = FIGURES
    flag_what = "seat 0 or all seats"
    default_figures = FIGURES
    run_note = " (settings already in the store are read, not replayed)"

    def __init__(self, players_list, flips: dict, base: dict):
        self.players_list, self.flips, self.base = players_list, flips, base

    def rules(self, players, overrides):
        return rules_for(players, {**self.base, **overrides})

    def measure(self, totals, players, overrides):
        return measure(totals, players)

    def label(self, overrides):
        return label(overrides)

    def readable(self, table):
        return _readable(table)

    def headline(self, table, tests, alpha, threshold):
        return _headline(table, tests, alpha, threshold)

    def plots(self, report, table):
        if report.out is not None:
            _plots(report, table, self.players_list, self.flips)

    def summary_head(self):
        return {"rules": self.base}


def balance(
    *,
    players_list=PLAYERS,
    games: int = 50_000,
    seed: int = 0,
    field=None,
    options=None,
    rules: dict | None = None,
    alpha: float = 0.05,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    start = time.perf_counter()
    players_list = check_players(players_list)
    options = list(OPTIONS) if options is None else list(options)
    for k in options:
        if k not in OPTIONS:
            raise ValueError(f"unknown option {k!r}; options are: {', '.join(OPTIONS)}")
    base = base_rules(rules)
    start_from = Rules.from_strings(base)
    flips = {k: not getattr(start_from, k) for k in options}
    check_options(games, alpha)
    field_specs = api.get_game("landunter").registry.parse_specs(DEFAULT_FIELD if field is None else field)
    plan = settings(players_list, flips)
    return run_balance(
        LandUnterBalance(players_list, flips, base),
        plan,
        field_specs,
        players_list=players_list,
        games=games,
        seed=seed,
        alpha=alpha,
        intro=lambda tests, threshold: _intro(field_specs, games, seed, len(plan), base, alpha, tests, threshold),
        out=out,
        progress=progress,
        executor=executor,
        start=start,
    )


def _intro(field_specs: list[str], games: int, seed: int, m: int, base: dict, alpha: float, tests: int, threshold: float):
    """The report's paragraphs before its findings: the field and the tests."""
    return [
        f"Field: {', '.join(field_specs)} — seated balanced (every group of n field bots in every seat "
        f"order, each lineup on its own games). {games:,} games per setting (rounded up to a "
        f"whole number per lineup), seed {seed}; {m} settings (each [D] option flipped alone × player counts; "
        '6 players with allow_six). "default" is '
        + (", ".join(f"{k}={v}" for k, v in base.items()) + " (--rules)" if base else "the rulebook defaults")
        + ".",
        f"**Tests.** Seat 0 (the first player) wins a share tested against 1/n (one-sample t test on per-game "
        f"win values, a shared win counting 1/k); a chi-square test asks whether all seats win equally often. "
        f"Bonferroni over every test run: {alpha:g}/{tests} = {threshold:.3g} (two tests per setting; a setting "
        "whose games and results are identical to another's is marked as its duplicate and neither tested nor "
        "counted); a setting is flagged when either p is below the threshold. "
        "Per-deal figures (P(deal ends early), players eliminated, rounds) average over the game's deals; their "
        "CI counts each game once with a conservative variance bound. The score SD is over all seats' game "
        "totals, its CI likewise one observation per game.",
    ]


def _headline(table: pd.DataFrame, tests: int, alpha: float, threshold: float) -> list[str]:
    lines = ["## Findings", ""]
    for r in table[table.setting == "default"].itertuples():
        lines.append(
            f"- **{r.players} players, defaults:** seat 0 wins {r.first_share:.3f} [{r.first_lo:.3f}, "
            f"{r.first_hi:.3f}] of {r.games:,} games (fair {r.fair:.3f}, p = {r.first_p:.2g}"
            f"{', flagged' if r.flagged else ''}); seats {r.seat_shares} (χ² p = {r.seat_p:.2g}); "
            f"P(deal ended by the two-or-fewer rule, round 12 included) {r.early_end:.3f} "
            f"[{r.early_end_lo:.3f}, {r.early_end_hi:.3f}], P(deal ended before round 12) "
            f"{r.before_last:.3f} [{r.before_last_lo:.3f}, {r.before_last_hi:.3f}]; "
            f"{r.eliminated:.2f} players out and {r.rounds:.2f} rounds per deal; score SD "
            f"{r.score_sd:.2f} [{r.score_sd_lo:.2f}, {r.score_sd_hi:.2f}]."
        )
    lines.append("- " + flag_sentence(table, tests, alpha, threshold, "seat 0 or all seats"))
    base = table[table.setting == "default"].set_index("players")
    moved = []
    for r in table[table.setting != "default"].itertuples():
        d = base.loc[r.players]
        if r.early_end_lo > d.early_end_hi or r.early_end_hi < d.early_end_lo:
            moved.append(f"{r.players}p {r.setting}: {r.early_end:.3f} vs {d.early_end:.3f}")
    lines.append(
        "- P(deal ends early) with the option flipped, where its CI does not overlap the default's: "
        + ("; ".join(moved) if moved else "none")
        + "."
    )
    return lines + [""]


def _readable(table: pd.DataFrame) -> pd.DataFrame:
    """The settings table for reading: one column per figure, CIs in brackets."""
    return pd.DataFrame(
        {
            "players": table.players,
            "setting": table.setting,
            "games": table.games,
            "seat 0 win share": ci_column(table, "first_share", 3, "first_lo", "first_hi"),
            "fair": table.fair.round(3),
            "p (seat 0)": table.first_p.map(lambda p: f"{p:.2g}"),
            "seat shares": table.seat_shares,
            "p (all seats)": table.seat_p.map(lambda p: f"{p:.2g}"),
            "P(two-or-fewer end)": ci_column(table, "early_end", 3),
            "P(ended before round 12)": ci_column(table, "before_last", 3),
            "out per deal": ci_column(table, "eliminated", 3),
            "rounds per deal": ci_column(table, "rounds", 2),
            "score SD": ci_column(table, "score_sd", 2),
            "flag": table.flagged.map(lambda f: "**IMBALANCE**" if f else ""),
            "duplicate of": table.duplicate_of,
        }
    )


def _plots(report: Report, table: pd.DataFrame, players_list, flips: dict):
    """Heat maps setting × players (widest CI in each caption) and seat 0's
    share × n as bars with CIs."""
    rows = ["default"] + [label({k: v}) for k, v in flips.items()]
    cols = [f"{n}p" for n in players_list]
    games = int(table.games.min())

    def cell(setting, n, column):
        hit = table[(table.players == n) & (table.setting == setting)]
        return float(hit[column].iloc[0]) if len(hit) else math.nan

    maps = {
        "first_relative": ("seat 0 win share × n (1 = fair)", "seat 0 share × n", "{:.3f}"),
        "early_end": ("P(deal ended by the two-or-fewer rule)", "P(two-or-fewer end)", "{:.3f}"),
        "before_last": ("P(deal ended before round 12)", "P(ended before round 12)", "{:.3f}"),
        "eliminated": ("players out per deal", "out per deal", "{:.2f}"),
        "rounds": ("rounds per deal", "rounds per deal", "{:.2f}"),
        "score_sd": ("SD of game totals", "score SD", "{:.2f}"),
    }
    table = table.assign(
        first_relative=table.first_share * table.players,
        first_relative_lo=table.first_lo * table.players,
        first_relative_hi=table.first_hi * table.players,
    )
    for column, (what, short, number) in maps.items():
        half = float(((table[f"{column}_hi"] - table[f"{column}_lo"]) / 2).max())
        matrix = [[cell(s, n, column) for n in players_list] for s in rows]
        caption = f"{what}: setting (rows) × players (columns); ≥{games:,} games per cell, 95% CI half-width ≤ {half:.3g}"
        report.figure(
            plots.heatmap(
                matrix,
                rows,
                cols,
                f"{short}: n ≥ {games:,}, CI ±{half:.2g}",
                report.plot_stem(f"{column}_x_players"),
                fmt=number,
                cbar_label=what,
                xlabel="players",
                ylabel="setting",
            ),
            caption,
        )
    labels = [f"{r.players}p {r.setting}" for r in table.itertuples()]
    edge = [Estimate(r.first_relative - 1, r.first_relative_lo - 1, r.first_relative_hi - 1, r.games) for r in table.itertuples()]
    report.figure(
        plots.bars_with_ci(
            labels,
            edge,
            f"Seat 0 edge: win share × n − 1, 95% CI (n ≥ {games:,} games per setting)",
            "seat 0 win share × players − 1",
            report.plot_stem("first_bars"),
            reference_line=0.0,
            reference_label="fair",
            xlabel="players and setting",
        ),
        f"Seat 0's relative edge (win share × n − 1; 0 = fair) per setting with 95% CI (≥{games:,} games each)",
    )
