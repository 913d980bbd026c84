"""Is a game's rule set fair and sound? The skeleton of every game's
``balance`` analysis.

A game hands in its facts as a `Balance` (its settings' rules, the figures it
measures besides the seat tests, its readable table, headline and plots);
the skeleton plays every setting with the field seated balanced
(`sim.sweep.field_lineups`: every group of field bots in every seat order,
each lineup on its own games), so every field bot sits in every seat, and
after every other, equally often and seat 0's win share measures the seat,
not the bot in it. Per setting it tests seat 0's win share against 1/n and
all seats against each other (`sim.seat_balance`, Bonferroni over every test
run; settings identical to another marked as duplicates), and writes the same
report, tables and summary for every game.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pandas as pd

from sim.report import Report
from sim.seat_balance import Duplicates, flag, flag_sentence, flagged_json, setting_json
from sim.sweep import Bar, field_lineups, play_lineups

#: A setting's seat figures, as every game's defaults and flagged tables show them.
SEAT_COLUMNS = ["games", "first_share", "first_lo", "first_hi", "fair", "first_p", "seat_shares", "seat_p"]
FLAGGED_COLUMNS = ["players", "setting", *SEAT_COLUMNS]


class Balance:
    """One game's facts for the balance analysis (a game subclasses it)."""

    game: str  # the game's registered name
    title: str  # the report's title
    figures: tuple[str, ...]  # the figures of a setting besides the seat tests, each with a 95% CI
    flag_what: str  # what a flag is about, in the flag sentence ("seat 0 or all seats")
    default_figures: tuple[str, ...]  # the figures the defaults table shows after the seat figures
    defaults_heading: tuple[str, ...] = ()  # paragraphs in front of the defaults table
    run_note: str = ""  # said after the run time
    relative_column: bool = False  # a first_relative column (seat 0's share × n) in the settings table

    @property
    def default_columns(self) -> list[str]:
        """The defaults table's columns: the seat figures, the game's ``default_figures``, the flag."""
        return ["players", *SEAT_COLUMNS, *self.default_figures, "flagged"]

    def rules(self, players: int, overrides: dict) -> dict:
        """The rules a setting plays."""
        raise NotImplementedError

    def measure(self, totals, players: int, overrides: dict) -> dict:
        """The seat figures (`sim.seat_balance.seat_figures`) and ``figures`` of one setting's pooled totals."""
        raise NotImplementedError

    def label(self, overrides: dict) -> str:
        """A setting's name in tables (``default`` for no overrides)."""
        raise NotImplementedError

    def setting_columns(self, overrides: dict) -> dict:
        """Columns of a settings row between its name and its figures."""
        return {}

    def table(self, rows: list[dict]) -> pd.DataFrame:
        """The settings table from its rows."""
        return pd.DataFrame(rows)

    def readable(self, table: pd.DataFrame) -> pd.DataFrame:
        """The settings table for reading: one column per figure, CIs in brackets."""
        raise NotImplementedError

    def headline(self, table: pd.DataFrame, tests: int, alpha: float, threshold: float) -> list[str]:
        """The report's findings section."""
        raise NotImplementedError

    def plots(self, report: Report, table: pd.DataFrame) -> None:
        """The report's figures (nothing without --out)."""

    def summary_head(self) -> dict:
        """Summary entries after the field's."""
        return {}

    def summary_tail(self) -> dict:
        """Summary entries after the duplicates."""
        return {}


def check_options(games: int, alpha: float) -> None:
    """The options every game's balance shares, as one-line errors."""
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    if not 0 < alpha < 1:
        raise ValueError(f"--alpha {alpha} must lie strictly between 0 and 1")


def balance(
    spec: Balance,
    plan: list[tuple[int, dict]],
    field_specs: list[str],
    *,
    players_list: list[int],
    games: int,
    seed: int,
    alpha: float,
    intro: Callable[[int, float], list[str]],
    out: Path | None,
    progress: bool | None,
    executor,
    start: float,
) -> dict:
    """Play every (players, overrides) of ``plan``, test it, report it;
    ``intro(tests, threshold)``: the report's paragraphs before the findings;
    ``start``: when the run began (`time.perf_counter`), for its run time.
    The summary."""
    rows = play_settings(spec, plan, field_specs, games, seed, out, progress, executor)
    tests, threshold = flag(rows, alpha)
    table = spec.table(rows)
    report = Report(spec.title, out)
    report.text(*intro(tests, threshold))
    headline_at = len(report.lines)
    _report_tables(spec, report, table, tests, alpha, threshold)
    spec.plots(report, table)
    summary = {
        "games": games,
        "seed": seed,
        "players": players_list,
        "field": field_specs,
        **spec.summary_head(),
        "settings": len(plan),
        "alpha": alpha,
        "threshold": threshold,
        "tests": tests,
        "duplicates": [
            {"players": r["players"], "setting": r["setting"], "duplicate_of": r["duplicate_of"]}
            for r in rows
            if r["duplicate_of"]
        ],
        **spec.summary_tail(),
        "seconds": round(time.perf_counter() - start, 3),
        "flagged": flagged_json(rows),
        "results": [setting_json(r, spec.figures) for r in rows],
    }
    report.text(f"Run time {summary['seconds']:.1f} s{spec.run_note}.")
    report.lines[headline_at:headline_at] = spec.headline(table, tests, alpha, threshold)
    report.save(summary)
    return summary


def play_settings(spec: Balance, plan, field_specs, games: int, seed: int, out, progress, executor) -> list[dict]:
    """A row per setting: its seat figures, its game's figures and the setting it duplicates, if any."""
    rows, duplicates = [], Duplicates()
    with Bar(len(plan), "balance", progress) as bar:
        for n, overrides in plan:
            lineups = field_lineups(None, field_specs, n, games, seed)
            t = play_lineups(spec.game, spec.rules(n, overrides), lineups, games, seed, out, executor)
            row = setting_row(spec, n, overrides, spec.measure(t, n, overrides))
            row["duplicate_of"] = duplicates.of(n, row["setting"], t)
            rows.append(row)
            bar.advance(f"balance {n}p {row['setting']}")
    return rows


def setting_row(spec: Balance, n: int, overrides: dict, fig: dict) -> dict:
    """One setting's row of the settings table."""
    row = {
        "players": n,
        "setting": spec.label(overrides),
        **spec.setting_columns(overrides),
        "games": fig["games"],
        "first_share": fig["first_share"].mean,
        "first_lo": fig["first_share"].lo,
        "first_hi": fig["first_share"].hi,
        "fair": 1 / n,
    }
    if spec.relative_column:
        row["first_relative"] = fig["first_relative"]
    row |= {
        "first_p": fig["first_p"],
        "seat_shares": "/".join(f"{s:.3f}" for s in fig["seat_shares"]),
        "seat_chi2": fig["seat_chi2"],
        "seat_p": fig["seat_p"],
    }
    for name in spec.figures:
        row[name], row[f"{name}_lo"], row[f"{name}_hi"] = fig[name].mean, fig[name].lo, fig[name].hi
    return row


def _report_tables(spec: Balance, report: Report, table: pd.DataFrame, tests: int, alpha: float, threshold: float) -> None:
    """The defaults, the flagged settings and every setting (readable; the numbers in settings.csv)."""
    report.text(*spec.defaults_heading)
    report.table(
        "defaults",
        table[table.setting == "default"][spec.default_columns],
        "Default rules (first_share with 95% CI; p-values before Bonferroni)",
    )
    flagged = table[table.flagged]
    report.text("## Flagged settings", flag_sentence(table, tests, alpha, threshold, spec.flag_what))
    if len(flagged):
        report.table("flagged", flagged[FLAGGED_COLUMNS], "Settings with a significant imbalance")
    report.text("## Every setting")
    report.table(
        "settings_overview",
        spec.readable(table),
        "Every setting: figures as mean [95% CI]; p-values before Bonferroni (settings.csv has every column as numbers)",
    )
    report.data("settings", table)
