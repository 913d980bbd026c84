"""Seat and passing-order effects in Land unter, and how often deals end early.

(a) Seat effect: tables of identical bots (all random, all dodge, …) and the
    balanced strong field; win share and score per seat vs 1/n, chi-square.
(b) Passing order: hands pass left, so a player plays next the hand its right
    neighbour just played. A candidate sits with a strong bot on its right and
    a weak one on its left, then with the two swapped, on the same games
    (lineup k plays games k·g … in both arrangements, the candidate in every
    seat); paired test of the per-game differences (`sim.sweep.play_paired`).
(c) Early ends: P(deal ends early), players out and the rounds-per-deal
    distribution, by deal index and player count.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from sim import api, plots
from sim.games.landunter.analyses.common import DEFAULT_FIELD, base_rules, check_players, rules_for
from sim.report import Report, ci_column
from sim.stats import Estimate, chi_square_gof, mean_ci, one_sample, paired, proportion_ci
from sim.sweep import Bar, field_lineups, play_lineups, play_paired

DEFAULT_BOTS = ["random", "high", "low", "mid", "dodge", "ring-keeper", "counter"]
MIXED = "mixed field"


def passing_lineups(candidate: str, right: str, left: str, filler: str, players: int):
    """The candidate in every seat s, ``right`` at s−1 (it passes its hand to
    the candidate), ``left`` at s+1, ``filler`` elsewhere."""
    out = []
    for s in range(players):
        specs = [filler] * players
        specs[(s - 1) % players], specs[(s + 1) % players], specs[s] = right, left, candidate
        out.append((specs, s))
    return out


def seat_rows(t, players: int, table: str) -> list[dict]:
    """Win share and score per seat of one table, with the one-sample p vs 1/n."""
    rows = []
    for s in range(players):
        win = t.agg(f"seat{s}.win")
        share, score = proportion_ci(win[1], int(win[0])), mean_ci(*t.agg(f"seat{s}.score"))
        rows.append(
            {
                "players": players,
                "table": table,
                "seat": s,
                "games": t.games,
                "win_share": share.mean,
                "win_lo": share.lo,
                "win_hi": share.hi,
                "fair": 1 / players,
                "p": one_sample(win, 1 / players).p_value,
                "score": score.mean,
                "score_lo": score.lo,
                "score_hi": score.hi,
            }
        )
    return rows


def deal_rows(t, players: int, table: str) -> list[dict]:
    rows = []
    for d in range(players):
        early, out = t.agg(f"deal{d}.early_end"), mean_ci(*t.agg(f"deal{d}.eliminated"))
        share, rounds = proportion_ci(early[1], int(early[0])), mean_ci(*t.agg(f"deal{d}.rounds"))
        before = t.agg(f"deal{d}.before_last")
        short = proportion_ci(before[1], int(before[0]))
        rows.append(
            {
                "players": players,
                "table": table,
                "deal": d + 1,
                "games": t.games,
                "p_early_end": share.mean,
                "early_lo": share.lo,
                "early_hi": share.hi,
                "p_before_round_12": short.mean,
                "before_lo": short.lo,
                "before_hi": short.hi,
                "eliminated": out.mean,
                "eliminated_lo": out.lo,
                "eliminated_hi": out.hi,
                "rounds": rounds.mean,
                "rounds_lo": rounds.lo,
                "rounds_hi": rounds.hi,
            }
        )
    return rows


def seats(
    *,
    players_list=(3, 4, 5),
    games: int = 50_000,
    seed: int = 0,
    bots=None,
    field=None,
    candidates=("dodge", "counter", "random"),
    strong: str = "dodge",
    weak: str = "random",
    filler: str = "low",
    rules: dict | None = None,
    alpha: float = 0.05,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    start = time.perf_counter()
    players_list = check_players(players_list, 3, 6)
    if games < 2:
        raise ValueError(f"--games {games} must be at least 2")
    base = base_rules(rules)
    registry = api.get_game("landunter").registry
    bots = registry.parse_specs(DEFAULT_BOTS if bots is None else bots)
    field_specs = registry.parse_specs(DEFAULT_FIELD if field is None else field)
    candidates = registry.parse_specs(candidates)
    strong, weak, filler = registry.parse_specs([strong, weak, filler])
    runs = None if out is None else Path(out) / "runs"
    seat_table, deal_table, rounds_hists, tests, passing = [], [], {}, [], []
    steps = len(players_list) * (len(bots) + 1 + len(candidates))
    with Bar(steps, "seats", progress) as bar:
        for n in players_list:
            rules = rules_for(n, base)
            for bot in bots + [MIXED]:  # (a) + (c): identical bots, then the balanced field
                t = (
                    play_lineups("landunter", rules, field_lineups(None, field_specs, n, games, seed), games, seed, out, executor)
                    if bot == MIXED
                    else api.simulate(
                        "landunter",
                        {k: str(v) for k, v in rules.items()},
                        bot,
                        games=games,
                        seed=seed,
                        out=runs,
                        progress=False,
                        executor=executor,
                    ).totals
                )
                _add(t, n, bot, seat_table, deal_table, tests)
                rounds_hists[(n, bot)] = sum(np.asarray(t.hists[f"deal{d}.rounds"]) for d in range(n))
                bar.advance(f"seats {n}p {bot}")
            for cand in candidates:  # (b) passing order, same games for both arrangements
                t = play_paired(
                    "landunter",
                    rules,
                    passing_lineups(cand, strong, weak, filler, n),
                    passing_lineups(cand, weak, strong, filler, n),
                    games,
                    seed,
                    out=out,
                    executor=executor,
                )
                bar.advance(f"passing {n}p {cand}")
                passing.append(_passing_row(n, cand, t))
    seat_df, deal_df, test_df = pd.DataFrame(seat_table), pd.DataFrame(deal_table), pd.DataFrame(tests)
    threshold = alpha / len(test_df)
    test_df["flagged"] = test_df.p < threshold
    pass_df = pd.DataFrame(passing)
    pass_threshold = alpha / (2 * len(pass_df))
    pass_df["flagged"] = (pass_df.win_p < pass_threshold) | (pass_df.score_p < pass_threshold)
    report = Report("Land unter: seat and passing-order effects, early ends", out)
    _write(
        report,
        seat_df,
        deal_df,
        test_df,
        pass_df,
        rounds_hists,
        dict(
            games=games,
            seed=seed,
            rules=base,
            bots=bots,
            field=field_specs,
            strong=strong,
            weak=weak,
            filler=filler,
            alpha=alpha,
            threshold=threshold,
            pass_threshold=pass_threshold,
        ),
    )
    summary = {
        "games": games,
        "seed": seed,
        "players": players_list,
        "bots": bots,
        "field": field_specs,
        "rules": base,
        "candidates": candidates,
        "strong": strong,
        "weak": weak,
        "filler": filler,
        "alpha": alpha,
        "threshold": threshold,
        "pass_threshold": pass_threshold,
        "seconds": round(time.perf_counter() - start, 3),
        "seat_tests": [
            {
                "players": int(r.players),
                "table": r.table,
                "games": int(r.games),
                "chi2": r.chi2,
                "p": r.p,
                "flagged": bool(r.flagged),
            }
            for r in test_df.itertuples()
        ],
        "seats": [
            {
                "players": int(r.players),
                "table": r.table,
                "seat": int(r.seat),
                "win_share": _fig(r, "win_share", "win"),
                "score": _fig(r, "score", "score"),
                "p": r.p,
            }
            for r in seat_df.itertuples()
        ],
        "passing": [
            {
                "players": int(r.players),
                "candidate": r.candidate,
                "games": int(r.games),
                "win_strong_right": _fig(r, "win_a", "win_a"),
                "win_strong_left": _fig(r, "win_b", "win_b"),
                "win_diff": _fig(r, "win_diff", "win_diff"),
                "win_p": r.win_p,
                "score_diff": _fig(r, "score_diff", "score_diff"),
                "score_p": r.score_p,
                "flagged": bool(r.flagged),
            }
            for r in pass_df.itertuples()
        ],
        "deals": [
            {
                "players": int(r.players),
                "table": r.table,
                "deal": int(r.deal),
                "p_early_end": _fig(r, "p_early_end", "early"),
                "p_before_round_12": _fig(r, "p_before_round_12", "before"),
                "eliminated": _fig(r, "eliminated", "eliminated"),
                "rounds": _fig(r, "rounds", "rounds"),
            }
            for r in deal_df.itertuples()
        ],
    }
    report.text(f"Run time {summary['seconds']:.1f} s (tables already in the store are read, not replayed).")
    report.save(summary)
    return summary


def _fig(row, name: str, prefix: str) -> dict:
    return {"mean": getattr(row, name), "ci95": [getattr(row, f"{prefix}_lo"), getattr(row, f"{prefix}_hi")]}


def _add(t, n: int, table: str, seat_table: list, deal_table: list, tests: list):
    seat_table += seat_rows(t, n, table)
    deal_table += deal_rows(t, n, table)
    chi = chi_square_gof([t.agg(f"seat{s}.win")[1] for s in range(n)], [1 / n] * n)
    tests.append({"players": n, "table": table, "games": t.games, "chi2": chi.statistic, "p": chi.p_value})


def _passing_row(n: int, cand: str, t) -> dict:
    """Strong right (a) against strong left (b) for the candidate's win share
    and score: both sides with CIs, and the paired test on the per-game
    differences (the same games under both arrangements)."""
    row = {"players": n, "candidate": cand, "games": t.games}
    for key in ("win", "score"):
        test = paired(*t.agg(f"diff.{key}"))
        ea, eb = (
            proportion_ci(t.agg(f"{side}.win")[1], t.games) if key == "win" else mean_ci(*t.agg(f"{side}.{key}"))
            for side in ("a", "b")
        )
        row.update(
            {
                f"{key}_a": ea.mean,
                f"{key}_a_lo": ea.lo,
                f"{key}_a_hi": ea.hi,
                f"{key}_b": eb.mean,
                f"{key}_b_lo": eb.lo,
                f"{key}_b_hi": eb.hi,
                f"{key}_diff": test.diff.mean,
                f"{key}_diff_lo": test.diff.lo,
                f"{key}_diff_hi": test.diff.hi,
                f"{key}_p": test.p_value,
            }
        )
    return row


def _write(report: Report, seat_df, deal_df, test_df, pass_df, rounds_hists, p: dict):
    rules = ", ".join(f"{k}={v}" for k, v in p["rules"].items()) or "rulebook rules"
    report.text(
        f"{p['games']:,} games per table, seed {p['seed']}, {rules}. (a) Identical-bot tables "
        f"({', '.join(p['bots'])}) and the mixed field {', '.join(p['field'])} seated balanced (every group "
        f"of n field bots in every seat order). Chi-square test that all seats win equally, Bonferroni "
        f"{p['alpha']:g}/{len(test_df)} = {p['threshold']:.3g}. (b) Passing order: hands pass left (seat i → i+1), "
        f"so the right-hand neighbour (seat i−1) hands each hand on to seat i. Each candidate plays with "
        f"`{p['strong']}` (strong) on its right and `{p['weak']}` (weak) on its left, then swapped, other seats "
        f"`{p['filler']}`; the candidate rotates through every seat and both arrangements play the same games. "
        f"Difference = strong right − strong left, paired t test on the per-game differences (shared luck "
        f"cancels), Bonferroni {p['alpha']:g}/{2 * len(pass_df)} = {p['pass_threshold']:.3g} over candidates × player "
        "counts × (win, score). (c) Early ends by deal index from the same tables. Shares carry Wilson 95% CIs, "
        "means t-based 95% CIs."
    )
    report.text("## Findings")
    report.lines += _headline(seat_df, deal_df, test_df, pass_df) + [""]
    report.text("## (a) Seat effect")
    report.table("seat_tests", test_df, "All seats win equally? Chi-square per table (p before Bonferroni)")
    shown = seat_df.assign(win=ci_column(seat_df, "win_share", 3, "win_lo", "win_hi"), points=ci_column(seat_df, "score", 2))
    report.table(
        "seats",
        shown[["players", "table", "seat", "games", "win", "fair", "p", "points"]],
        "Win share and score per seat, mean [95% CI]; p: seat's win share vs 1/n",
    )
    _save_numbers(report, "seats_numbers", seat_df)
    if report.out is not None:
        _seat_plots(report, seat_df)
    report.text("## (b) Passing order")
    shown = pass_df.assign(
        **{
            "win, strong right": ci_column(pass_df, "win_a", 3),
            "win, strong left": ci_column(pass_df, "win_b", 3),
            "win diff": ci_column(pass_df, "win_diff", 4),
            "score diff": ci_column(pass_df, "score_diff", 3),
        }
    )
    report.table(
        "passing",
        shown[
            [
                "players",
                "candidate",
                "games",
                "win, strong right",
                "win, strong left",
                "win diff",
                "win_p",
                "score diff",
                "score_p",
                "flagged",
            ]
        ],
        "Candidate with the strong bot on its right (it receives the strong bot's hands) vs on its left; "
        "diff = right − left, mean [95% CI]",
    )
    _save_numbers(report, "passing_numbers", pass_df)
    if report.out is not None:
        _passing_plots(report, pass_df, p["strong"])
    report.text("## (c) Early ends")
    shown = deal_df.assign(
        **{
            "P(two-or-fewer end)": ci_column(deal_df, "p_early_end", 3, "early_lo", "early_hi"),
            "P(ended before round 12)": ci_column(deal_df, "p_before_round_12", 3, "before_lo", "before_hi"),
            "players out": ci_column(deal_df, "eliminated", 3),
            "rounds": ci_column(deal_df, "rounds", 2),
        }
    )
    report.table(
        "deals",
        shown[["players", "table", "deal", "games", "P(two-or-fewer end)", "P(ended before round 12)", "players out", "rounds"]],
        "Per deal: P(ended by the two-or-fewer rule, round 12 included), P(ended before round 12), "
        "players out at its end, rounds played; mean [95% CI]",
    )
    _save_numbers(report, "deals_numbers", deal_df)
    if report.out is not None:
        _deal_plots(report, deal_df, rounds_hists)


def _seat_plots(report: Report, seat_df):
    """Per player count: win share × n and score, seat (columns) × table (rows)."""
    for n in sorted(seat_df.players.unique()):
        part = seat_df[seat_df.players == n]
        tables = list(dict.fromkeys(part.table))
        games = int(part.games.min())
        for value, lo, scale, what, fmt in (
            ("win_share", "win_lo", n, "win share × n", "{:.3f}"),
            ("score", "score_lo", 1, "score", "{:.2f}"),
        ):
            half = float((part[value] - part[lo]).max() * scale)
            matrix = [
                [float(part[(part.table == tb) & (part.seat == s)][value].iloc[0]) * scale for s in range(n)] for tb in tables
            ]
            report.figure(
                plots.heatmap(
                    matrix,
                    tables,
                    [f"seat {s}" for s in range(n)],
                    f"{n}p {what}: n = {games:,}, CI ±{half:.2g}",
                    report.plot_stem(f"seat_{value}_{n}p"),
                    fmt=fmt,
                    cbar_label=what,
                    xlabel="seat",
                    ylabel="table (bots)",
                ),
                f"{n} players: {what} per seat (columns) and table (rows); {games:,} games per table, "
                f"95% CI half-width ≤ {half:.3g}" + (" (1 = fair)" if scale > 1 else ""),
            )


def _passing_plots(report: Report, pass_df, strong: str):
    labels = [f"{r.players}p {r.candidate}" for r in pass_df.itertuples()]
    games = int(pass_df.games.min())
    for key, what in (("win", "win share"), ("score", "score")):
        diffs = [
            Estimate(getattr(r, f"{key}_diff"), getattr(r, f"{key}_diff_lo"), getattr(r, f"{key}_diff_hi"), int(r.games))
            for r in pass_df.itertuples()
        ]
        report.figure(
            plots.bars_with_ci(
                labels,
                diffs,
                f"Passing order: {what}, strong right − strong left (n = {games:,} games per arrangement, 95% CI)",
                f"{what} difference",
                report.plot_stem(f"passing_{key}"),
                reference_line=0.0,
                reference_label="no effect",
                xlabel="players and candidate",
            ),
            f"Candidate's {what} with `{strong}` on its right minus with it on its left "
            f"({games:,} games per arrangement, same games, 95% CI)",
        )


def _deal_plots(report: Report, deal_df, rounds_hists: dict):
    """P(deal ends early) by deal index; rounds-per-deal distributions."""
    for n in sorted(deal_df.players.unique()):
        part = deal_df[deal_df.players == n]
        games = int(part.games.min())
        series = {
            tb: (g.p_early_end.to_numpy(), g.early_lo.to_numpy(), g.early_hi.to_numpy())
            for tb, g in part.groupby("table", sort=False)
        }
        report.figure(
            plots.lines_with_band(
                list(range(1, n + 1)),
                series,
                f"{n} players: P(deal ends early) by deal (n = {games:,} games per table, 95% CI bands)",
                "deal",
                "P(deal ends early)",
                report.plot_stem(f"early_end_{n}p"),
            ),
            f"{n} players: P(deal ends early) by deal index, {games:,} games per table, 95% CI bands",
        )
        hists = {bot: (list(range(h.size)), h) for (m, bot), h in rounds_hists.items() if m == n}
        if hists:
            total = min(int(h.sum()) for _, h in hists.values())
            half = proportion_ci(total / n / 2, total // n).half_width  # one observation per game: conservative
            report.figure(
                plots.distribution(
                    hists,
                    f"{n} players: rounds per deal, every table (n ≥ {total:,} deals each, CI ±≤{half:.2g})",
                    "rounds played in the deal",
                    report.plot_stem(f"rounds_{n}p"),
                ),
                f"{n} players: share of deals lasting k rounds, identical-bot tables and the mixed field, "
                f"≥{total:,} deals each (all deals of ≥{total // n:,} games); every share's 95% CI "
                f"half-width ≤ {half:.2g}, counting each game once",
            )


def _save_numbers(report: Report, name: str, df: pd.DataFrame):
    """The numeric twin of a report table (CSV + Parquet), not shown in the report."""
    report.tables[name] = df
    if report.out is not None:
        df.to_csv(report.out / f"{name}.csv", index=False)
        df.to_parquet(report.out / f"{name}.parquet", index=False)


def _headline(seat_df, deal_df, test_df, pass_df) -> list[str]:
    lines = []
    for n in sorted(seat_df.players.unique()):
        mixed = seat_df[(seat_df.players == n) & (seat_df.table == MIXED)]
        t = test_df[(test_df.players == n)]
        flagged = ", ".join(t[t.flagged].table) or "none"
        worst = seat_df[seat_df.players == n].assign(dev=lambda d: (d.win_share * n - 1).abs()).nlargest(1, "dev")
        w = worst.iloc[0]
        lines.append(
            f"- **{n} players (a):** mixed field seat win shares "
            + ", ".join(f"{r.win_share:.3f} [{r.win_lo:.3f}, {r.win_hi:.3f}]" for r in mixed.itertuples())
            + f" (fair {1 / n:.3f}, n = {int(mixed.games.iloc[0]):,}); tables with unequal seats: {flagged}; "
            f"largest seat deviation: {w.table} seat {w.seat} {w.win_share:.3f} [{w.win_lo:.3f}, "
            f"{w.win_hi:.3f}]."
        )
    for r in pass_df.itertuples():
        lines.append(
            f"- **{r.players} players (b), {r.candidate}:** strong right − strong left: win share "
            f"{r.win_diff:+.4f} [{r.win_diff_lo:+.4f}, {r.win_diff_hi:+.4f}] (p = {r.win_p:.2g}), score "
            f"{r.score_diff:+.3f} [{r.score_diff_lo:+.3f}, {r.score_diff_hi:+.3f}] (p = {r.score_p:.2g})"
            f"{', flagged' if r.flagged else ''}; n = {r.games:,} games per arrangement."
        )
    for n in sorted(deal_df.players.unique()):
        part = deal_df[(deal_df.players == n) & (deal_df.table == MIXED)]
        lines.append(
            f"- **{n} players (c), mixed field:** P(deal ended by the two-or-fewer rule) by deal "
            + ", ".join(f"{r.p_early_end:.3f} [{r.early_lo:.3f}, {r.early_hi:.3f}]" for r in part.itertuples())
            + "; of these, ended before round 12: "
            + ", ".join(f"{r.p_before_round_12:.3f} [{r.before_lo:.3f}, {r.before_hi:.3f}]" for r in part.itertuples())
            + f"; {part.rounds.mean():.2f} rounds and {part.eliminated.mean():.2f} players out per deal "
            f"(n = {int(part.games.iloc[0]):,} games)."
        )
    return lines
