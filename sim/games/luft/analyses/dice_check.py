"""Does the 9-card swim deck really give the odds of two 1–3 dice?

(a) exact distributions, as fractions, by enumeration; (b) chi-square tests on
millions of compiled draws of each source; (c) game-level equivalence of deck
and dice on the same seeds, with the smallest difference the sample could
detect; (d) what drawing without reshuffling changes, and what a
card-counting bot gains from it.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd

from sim import plots
from sim.games.luft import swim
from sim.games.luft.analyses.common import compare, outcome_metrics, simulate
from sim.registry import split_specs
from sim.report import Report
from sim.stats import chi_square_gof, proportion_ci, two_sample

SOURCES = ("deck", "d3", "d6-mapped", "deck-no-reshuffle")


def exact_table() -> tuple[pd.DataFrame, bool]:
    pmfs = {s: swim.exact_pmf(s) for s in SOURCES}
    rows = [{"value": v, **{s: str(pmfs[s][v]) for s in SOURCES}} for v in swim.VALUES]
    equal = all(pmfs[s] == pmfs["d3"] for s in SOURCES)
    return pd.DataFrame(rows), equal


def chi_square_table(draws: int, seed: int) -> tuple[pd.DataFrame, dict]:
    probs = [float(p) for p in swim.exact_pmf("d3").values()]
    rows, observed = [], {}
    for s in SOURCES:
        counts = swim.count_draws(s, draws, seed)
        test = chi_square_gof(counts, probs)
        observed[s] = counts
        rows.append(
            {
                "source": s,
                "draws": int(counts.sum()),
                **{f"n{v}": int(c) for v, c in zip(swim.VALUES, counts)},
                "chi2": test.statistic,
                "dof": test.dof,
                "p_value": test.p_value,
            }
        )
    return pd.DataFrame(rows), observed


def dice_check(
    *,
    players: int = 4,
    bots: str = "threshold:t=2",
    games: int = 200_000,
    seed: int = 0,
    draws: int = 10_000_000,
    counter_bot: str = "counter",
    baseline_bot: str = "air",
    out: Path | None = None,
    progress=None,
    executor=None,
) -> dict:
    start = time.perf_counter()
    report = Report("Swim deck vs dice", out)
    report.text(
        f"Configuration: {players} players, bots {bots}, {games:,} games per configuration, "
        f"seed {seed}, {draws:,} draws per source for the chi-square tests."
    )
    # (a) exact distributions
    exact, equal = exact_table()
    report.text(
        "## (a) Exact distributions",
        "Enumerating every outcome: the deck's 9 cards, the 9 equally likely pairs of two d3, and "
        "the 36 pairs of two d6 mapped 1–2→1, 3–4→2, 5–6→3. Without reshuffling, every card is "
        "equally likely to be any given draw, so the marginal distribution is the deck's.",
        f"**All four distributions are {'identical' if equal else 'NOT identical'}.**",
    )
    report.table("exact", exact, "P(swim value) as exact fractions")
    # (b) chi-square on compiled draws
    chi, observed = chi_square_table(draws, seed)
    report.text(
        "## (b) Chi-square goodness of fit",
        "Each source drawn through the same compiled code the engine uses, against the exact "
        "distribution (4 degrees of freedom). Two mapped d6 give exactly the values of two d3 "
        "from the same stream (⌊⌊6u⌋/2⌋ = ⌊3u⌋ for the multiply-shift draw), so their counts "
        "coincide. Without reshuffling, every block of nine draws is the whole deck: the counts "
        "are nearly exact, so the statistic is far below its expectation (p close to 1).",
    )
    report.table("chi_square", chi, "Chi-square tests against 1,2,3,2,1 / 9")
    freq = {}
    for s, counts in observed.items():
        n = int(counts.sum())
        est = [proportion_ci(int(c), n) for c in counts]
        freq[f"{s} (n={n:,})"] = ([e.mean for e in est], [e.lo for e in est], [e.hi for e in est])
    exact_p = [float(p) for p in swim.exact_pmf("d3").values()]
    freq["exact"] = (exact_p, exact_p, exact_p)
    stem = report.plot_stem("swim_frequencies")
    if stem:
        report.figure(
            plots.lines_with_band(
                list(swim.VALUES),
                freq,
                f"Observed swim value frequencies with 95% CI vs exact ({draws:,} draws per source)",
                "swim value",
                "frequency",
                stem,
            ),
            "Swim value frequencies",
        )
    # (c) game-level equivalence, same seeds
    runs = {s: simulate({"swim": s}, bots, players, games, seed, out, progress, executor) for s in SOURCES}
    dives = 3
    metrics = outcome_metrics(players, dives)
    eq = compare(runs["deck"], runs["d3"], metrics, "deck", "d3")
    report.text(
        "## (c) Game-level equivalence: deck vs two d3",
        f"{games:,} games each on the same seeds; Welch tests per outcome; 'significant' uses a "
        f"Bonferroni threshold of 0.05/{len(metrics)}; 'detectable' is the smallest true "
        f"difference that test (at the Bonferroni α) would have found with 80% power.",
        f"Significant differences: {int(eq.significant.sum())} of {len(eq)}.",
    )
    report.table("equivalence_deck_d3", eq, f"Deck vs d3 (n = {games:,} games each)")
    identical = all(np.array_equal(runs["d3"].totals.sums[m], runs["d6-mapped"].totals.sums[m]) for m in metrics)
    report.text(f"Two mapped d6 vs two d3: game outcomes {'identical game for game' if identical else 'differ'}.")
    # (d) no reshuffle
    nr = compare(runs["deck"], runs["deck-no-reshuffle"], metrics, "deck", "no_reshuffle")
    report.text(
        "## (d) Drawing without reshuffling",
        f"Significant differences from the reshuffled deck: {int(nr.significant.sum())} of {len(nr)}.",
    )
    report.table("no_reshuffle", nr, f"Deck vs deck-no-reshuffle (n = {games:,} games each)")
    counting = counter_gain(players, counter_bot, baseline_bot, games, seed, out, progress, report, executor)
    summary = {
        "games": games,
        "seconds": round(time.perf_counter() - start, 3),
        "players": players,
        "seed": seed,
        "draws": draws,
        "bots": bots,
        "exact_equal": equal,
        "chi_square": chi[["source", "draws", "chi2", "dof", "p_value"]].to_dict("records"),
        "deck_vs_d3": {"significant": int(eq.significant.sum()), "tested": len(eq), "max_detectable": float(eq.detectable.max())},
        "d6_identical_to_d3": identical,
        "no_reshuffle": {"significant": int(nr.significant.sum()), "tested": len(nr)},
        "counter_gain": counting,
    }
    report.save(summary)
    return summary


def counter_gain(players, counter_bot, baseline_bot, games, seed, out, progress, report, executor=None) -> dict:
    """Win share of a card counter in seat 0 among baseline bots, minus the
    baseline's own seat-0 share, under deck-no-reshuffle and under deck."""
    field = ",".join([counter_bot] + [baseline_bot] * (players - 1))
    rows, result = [], {}
    for source in ("deck-no-reshuffle", "deck"):
        with_counter = simulate({"swim": source}, field, players, games, seed, out, progress, executor)
        without = simulate({"swim": source}, split_specs(baseline_bot)[0], players, games, seed, out, progress, executor)
        cmp = two_sample(with_counter.totals.agg("seat0.win"), without.totals.agg("seat0.win"))
        rows.append(
            {
                "swim": source,
                "counter_seat0_win": with_counter.totals.agg("seat0.win")[1] / games,
                "baseline_seat0_win": without.totals.agg("seat0.win")[1] / games,
                "gain": cmp.diff.mean,
                "ci95_lo": cmp.diff.lo,
                "ci95_hi": cmp.diff.hi,
                "p_value": cmp.p_value,
                "n_each": games,
            }
        )
        result[source] = cmp.diff.to_json()
    report.text(
        "### What counting cards gains",
        f"Seat 0 plays `{counter_bot}` against {players - 1} × `{baseline_bot}`; its win share minus "
        f"that of `{baseline_bot}` in seat 0 of an all-`{baseline_bot}` table, on the same seeds.",
    )
    report.table("counter_gain", pd.DataFrame(rows), f"Card-counting gain (n = {games:,} games each)")
    return result
