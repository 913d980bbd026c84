"""Hand fairness: does a hand's ring count make up for weak cards?

Every Land unter hand carries a ring count fixed by its cards. The engine
counts, per hand played, its rings r, its strength (sum of its 12 card values,
in bins of 10) and the points p it scored in that deal: the histogram
``hand.rings_strength_points[r, b, p + 1]``. From those counts alone this
module gives the mean points per deal by ring count, by strength and by both
(each cell's mean and variance from its counts, t interval), and a linear
regression of points on strength and rings (frequency-weighted least squares
with standard errors clustered by game, from the per-game moments
``hand.game_moments``): what one ring is worth in strength points, and how
far apart the expected points of good and bad hands lie. Hands of one game
share the flood cards and the deals; the regression's intervals allow for
that, the per-cell means' t intervals do not (they treat hands as
independent and are somewhat too narrow). The rings-strength
correlation is 0 by symmetry and stated as such (`rings_strength_correlation`).

Every player plays every hand once per game (hands pass on each deal), so an
unfair hand costs nobody the game; it decides how one deal feels.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from sim import api, plots
from sim.games.landunter.analyses.common import check_players, rules_for
from sim.games.landunter.analyses.ranking import SEARCH_BOTS, default_bots
from sim.games.landunter.reference import ring_halves
from sim.games.landunter.summary import POINTS_MAX, POINTS_MIN, STRENGTH_BIN, UPPER
from sim.report import Report
from sim.stats import Estimate, mean_ci
from sim.sweep import Bar, field_lineups, play_lineups

HIST = "hand.rings_strength_points"
MOMENTS = "hand.game_moments"
POINTS = np.arange(POINTS_MIN, POINTS_MAX + 1)
#: Verdict threshold: expected points of the 90th- and 10th-percentile hand
#: closer than a quarter point per deal count as "flat".
FLAT = 0.25
GROUP = 3  # histogram strength bins per bin of the tables by rings × strength (30 points)
MIN_HANDS = 100  # cells with fewer hands stay blank in the plots
Z = float(stats.norm.ppf(0.975))


# ---------------------------------------------------------------- statistics of one histogram


def _moments(h: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(hands, Σ points, Σ points²) over the points axis (the last)."""
    h = np.asarray(h, dtype=float)
    return h.sum(-1), h @ POINTS, h @ POINTS**2


def _rows(h: np.ndarray, keys: list[dict]) -> list[dict]:
    n, s, ss = _moments(h)
    rows = []
    for key, ni, si, ssi in zip(keys, n, s, ss):
        if ni > 0:
            e = mean_ci(int(ni), si, ssi)
            rows.append({**key, "points": e.mean, "points_lo": e.lo, "points_hi": e.hi, "hands": int(ni)})
    return rows


def by_rings(H: np.ndarray) -> pd.DataFrame:
    """Mean points per deal for each ring count."""
    return pd.DataFrame(_rows(H.sum(1), [{"rings": r} for r in range(H.shape[0])]))


def _strength_keys(bins: int, width: int) -> list[dict]:
    return [{"strength_lo": b * width, "strength_hi": (b + 1) * width - 1} for b in range(bins)]


def by_strength(H: np.ndarray, group: int = 1) -> pd.DataFrame:
    """Mean points per deal for each strength bin of ``group`` × 10 points."""
    h = _group(H.sum(0), group)
    return pd.DataFrame(_rows(h, _strength_keys(h.shape[0], group * STRENGTH_BIN)))


def cells(H: np.ndarray, group: int = GROUP) -> pd.DataFrame:
    """Mean points per deal for each (ring count, strength bin of ``group`` × 10 points)."""
    h = _group(H, group)
    keys = _strength_keys(h.shape[1], group * STRENGTH_BIN)
    return pd.DataFrame([row for r in range(h.shape[0]) for row in _rows(h[r], [{"rings": r, **k} for k in keys])])


def _group(h: np.ndarray, group: int) -> np.ndarray:
    """Sum runs of ``group`` strength bins (the second-last axis)."""
    pad = (-h.shape[-2]) % group
    h = np.concatenate([h, np.zeros(h.shape[:-2] + (pad, h.shape[-1]), h.dtype)], axis=-2)
    return h.reshape(h.shape[:-2] + (h.shape[-2] // group, group, h.shape[-1])).sum(-2)


def regression(H: np.ndarray, moments: np.ndarray | None = None) -> dict:
    """points = a + b·(strength / 10) + c·rings over every hand, from the counts.

    Coefficients by least squares with each (rings, strength bin) cell weighted
    by its hands (strength at the bin's lower end; the slopes do not depend on
    where in the bin). Covariance clustered by game from ``moments`` (the
    engine's ``hand.game_moments``: hands of one game share flood cards and
    deals), else hands taken as independent (HC0). Returns Estimates:
    ``per_10_strength`` (b), ``per_ring`` (c), ``ring_worth`` (10c/b strength
    points, delta method), ``spread`` (expected points of the 90th-percentile
    hand minus the 10th, hands ranked by the fit), ``points`` (mean per deal);
    plus r2 and, with ``moments``, ``cluster_se_ratio`` (clustered over
    independent SE of c). (Rings and strength are uncorrelated by
    construction: see `rings_strength_correlation`.)"""
    n, s, ss = (m.ravel() for m in _moments(H))
    rings, bins = np.meshgrid(np.arange(H.shape[0]), np.arange(H.shape[1]), indexing="ij")
    X = np.column_stack([np.ones(n.size), bins.ravel(), rings.ravel()])
    keep = n > 0
    X, n, s, ss = X[keep], n[keep], s[keep], ss[keep]
    N = int(n.sum())
    if N < 4 or np.linalg.matrix_rank(X) < 3:
        raise ValueError(f"the regression needs hands with at least 3 ring counts or strengths; got {N} hands")
    bread = np.linalg.inv(X.T @ (X * n[:, None]))
    beta = bread @ (X.T @ s)
    fit = X @ beta
    rss = ss - 2 * fit * s + fit**2 * n  # Σ (y − ŷ)² within each cell
    cov = bread @ (X.T @ (X * rss[:, None])) @ bread
    extra = {}
    if moments is not None:
        independent = cov
        cov = clustered_cov(moments, beta, bread)
        extra["cluster_se_ratio"] = float(math.sqrt(cov[2, 2] / independent[2, 2]))
    mean = s.sum() / N
    tss = ss.sum() - N * mean**2
    r2 = 1 - rss.sum() / tss if tss > 0 else math.nan  # constant points: nothing to explain

    def est(value, grad):
        half = Z * math.sqrt(max(float(grad @ cov @ grad), 0.0))
        return Estimate(float(value), float(value - half), float(value + half), N)

    worth = 10 * beta[2] / beta[1]
    order = np.argsort(fit)
    cum = np.cumsum(n[order]) / N
    x10, x90 = X[order[np.searchsorted(cum, 0.1)]], X[order[np.searchsorted(cum, 0.9)]]
    return {
        "per_10_strength": est(beta[1], np.array([0, 1, 0])),
        "per_ring": est(beta[2], np.array([0, 0, 1])),
        "ring_worth": est(worth, np.array([0, -worth / beta[1], 10 / beta[1]])),
        "spread": est((x90 - x10) @ beta, x90 - x10),
        "points": mean_ci(N, s.sum(), ss.sum()),
        "r2": float(r2),
        **extra,
    }


def clustered_cov(moments: np.ndarray, beta: np.ndarray, bread: np.ndarray) -> np.ndarray:
    """Covariance of β clustered by game: bread · Σ_g w_g w_gᵀ · bread (CR0,
    the clustered analogue of HC0; with ~10⁶ games no small-sample factor matters).

    A game's score w_g = Σ x·y − (Σ x·xᵀ)·β = L·z_g is linear in its moments z_g
    (`summary.game_moments`), so Σ_g w_g w_gᵀ = L · (Σ_g z_g z_gᵀ) · Lᵀ."""
    L = np.zeros((3, len(UPPER) + 3))
    L[:, :3] = np.eye(3)
    for t, (j, k) in enumerate(UPPER):
        L[j, 3 + t] -= beta[k]
        if j != k:
            L[k, 3 + t] -= beta[j]
    meat = L @ np.asarray(moments, dtype=float) @ L.T
    return bread @ meat @ bread


def rings_strength_correlation(n_cards: int) -> float:
    """Correlation of a hand's rings with its strength: 0 by symmetry, checked.

    Card c and card n_cards + 1 − c carry the same ring symbol, so mirroring
    every card maps a hand to an equally likely hand with the same rings and
    strength 12·(n_cards + 1) − strength: Cov(rings, strength) equals its own
    negative. An engine check, not a finding; raises if the deck breaks the
    symmetry (then the correlation would have to be measured)."""
    broken = [c for c in range(1, n_cards + 1) if ring_halves(c, n_cards) != ring_halves(n_cards + 1 - c, n_cards)]
    if broken:
        raise ValueError(f"ring symbols are not mirror-symmetric in a {n_cards}-card deck (cards {broken[:4]})")
    return 0.0


def verdict(reg: dict, flat: float = FLAT) -> str:
    """Flat (the ring count compensates), not flat (and what wins), or undecided.

    The spread is never negative: hands are ranked by the fit itself."""
    spread = reg["spread"]
    if spread.hi < flat:
        return "flat"
    if spread.lo < flat:
        return "undecided"
    who = [
        ("more " if e.lo > 0 else "fewer ") + what
        for e, what in ((reg["per_ring"], "rings"), (reg["per_10_strength"], "high cards"))
        if e.lo > 0 or e.hi < 0
    ]
    return "not flat: " + " and ".join(who) + " win"


# ---------------------------------------------------------------- the analysis


def mixes(bots: list[str], players: int, games: int | None = None, seed: int = 0) -> list[tuple[str, list]]:
    """(label, lineups): each bot on its own at every seat, then all of them
    seated balanced (`field_lineups`) as the mixed field."""
    out = [(b, [([b] * players, -1)]) for b in bots]
    if len(bots) > 1:
        out.append(("mixed", field_lineups(None, bots, players, games, seed)))
    return out


def fairness(
    *,
    players_list=(3, 4, 5),
    bots=None,
    games: int = 50_000,
    slow_games: int | None = None,
    seed: int = 0,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    """Hand statistics per player count and bot mix (``games`` games each;
    ``slow_games``, default games // 100, for a mix with a search bot)."""
    start = time.perf_counter()
    registry = api.get_game("landunter").registry
    players_list = check_players(players_list)
    specs = registry.parse_specs(bots) if bots else default_bots(registry)
    slow_games = slow_games or max(1, games // 100)
    if games < 1 or slow_games < 1:
        raise ValueError(f"--games {games} and --slow-games {slow_games} must be at least 1")
    report = Report("Does the ring count make up for a weak hand?", out)
    report.text(
        f"Bots: {', '.join(specs)}, each alone at every seat and all together seated balanced "
        f"(every group of n of them in every seat order) "
        f'("mixed"). Players: {", ".join(map(str, players_list))}. Seed {seed}. {games:,} games per player '
        f"count and mix"
        + (f" ({slow_games:,} with a search bot)" if any(_slow(b) for b in specs) else "")
        + ". Every figure carries a 95% CI and its n (hands; one hand per player and deal).",
        "**Method.** Every hand played is counted by its rings, its strength (sum of its 12 card values, in "
        "bins of 10) and the points it scored in that deal (−1 out, else +1 per ring kept, +1 for the lowest "
        "flood card). Means and t intervals per ring count, strength bin and cell come from the counts. A "
        "least-squares fit of points on strength and rings over all hands (standard errors clustered by game: "
        "hands of one game share the flood cards and deals; cluster_se_ratio is that SE of per_ring over the "
        "one treating hands as independent) says "
        "what a ring is worth in strength points; *spread* is the expected points of the 90th-percentile "
        f"hand minus the 10th (hands ranked by the fit). Verdict **flat** (the ring count compensates) when "
        f"the spread's CI lies within ±{FLAT} points per deal, **not flat** when it lies beyond, else "
        "**undecided**. The t intervals of the per-cell means treat hands as independent (somewhat too narrow). "
        "Every player plays every hand once per game, so an unfair hand never decides a game by itself.",
    )
    headline_at = len(report.lines)
    results = play_mixes(specs, players_list, games, slow_games, seed, out, progress, executor)
    tables = hand_tables(results)
    reg = regression_table(results)
    report.text(
        "## Regression and verdict per player count and mix",
        "per_10_strength: points per deal for 10 more strength points; per_ring: for one more ring; "
        "ring_worth: strength points one ring is worth; spread: expected points of the 90th-percentile "
        "hand minus the 10th. corr_rings_strength is 0 by symmetry, not estimated: cards c and "
        "61 − c (73 − c with 72 cards) carry the same ring symbol, so mirroring a hand keeps its rings "
        "and mirrors its strength (an engine check: the deck's symbols are checked to be symmetric).",
    )
    report.table("regression", reg, "Points per deal on strength and rings (95% CI)")
    for name, caption in (
        ("by_rings", "Mean points per deal by ring count"),
        ("by_strength", f"Mean points per deal by strength ({GROUP * STRENGTH_BIN}-point bins)"),
        ("cells", "Mean points per deal by rings × strength"),
    ):
        report.data(name, tables[name])  # files only: the plots show them
    report.text("Tables by_rings.csv, by_strength.csv and cells.csv hold every mean with its CI and hands.")
    for n in players_list:
        _plots(report, n, [(label, played, H, r) for m, label, played, H, r in results if m == n])
    summary = {
        "games": games,
        "slow_games": slow_games,
        "seed": seed,
        "players": players_list,
        "bots": specs,
        "flat": FLAT,
        "seconds": round(time.perf_counter() - start, 3),
        "results": [_result_json(n, label, played, H, r) for n, label, played, H, r in results],
    }
    report.text(
        f"Run time {summary['seconds']:.1f} s (results found in the store under runs/ are read, "
        "not replayed; experiments/README.md has the full run's wall time)."
    )
    report.lines[headline_at:headline_at] = _headline(summary["results"])
    report.save(summary)
    return summary


def play_mixes(specs, players_list, games: int, slow_games: int, seed: int, out, progress, executor) -> list[tuple]:
    """Every mix at every player count played: (players, mix, games, hand histogram, regression)."""
    plan = [(n, label, lineups) for n in players_list for label, lineups in mixes(specs, n, games, seed)]
    results = []
    with Bar(len(plan), "fairness", progress) as bar:
        for n, label, lineups in plan:
            budget = slow_games if any(_slow(b) for specs_, _ in lineups for b in specs_) else games
            t = play_lineups("landunter", rules_for(n), lineups, budget, seed, out, executor)
            reg = regression(t.hists[HIST], t.hists[MOMENTS])
            corr = rings_strength_correlation(api.make_rules(api.get_game("landunter"), None, n).n_cards)
            reg["corr_rings_strength"] = Estimate(corr, corr, corr, reg["points"].n)
            results.append((n, label, t.games, t.hists[HIST], reg))
            bar.advance(f"fairness {n}p {label}")
    return results


def hand_tables(results) -> dict[str, pd.DataFrame]:
    """Mean points per deal by ring count, by strength and by both, every player count and mix."""
    return {
        name: pd.concat(
            [pd.DataFrame([{"players": n, "mix": label}] * len(t)).join(t) for n, label, _, H, _ in results for t in [fn(H)]],
            ignore_index=True,
        )
        for name, fn in (("by_rings", by_rings), ("by_strength", lambda H: by_strength(H, GROUP)), ("cells", cells))
    }


def regression_table(results) -> pd.DataFrame:
    """The regression and its verdict per player count and mix."""
    return pd.DataFrame(
        [
            {
                "players": n,
                "mix": label,
                "games": played,
                "verdict": verdict(r),
                "r2": r["r2"],
                "cluster_se_ratio": r["cluster_se_ratio"],
                **{
                    f"{k}{sfx}": v
                    for k, e in r.items()
                    if isinstance(e, Estimate)
                    for sfx, v in (("", e.mean), ("_lo", e.lo), ("_hi", e.hi))
                },
                "hands": r["points"].n,
            }
            for n, label, played, _, r in results
        ]
    )


def _result_json(n: int, label: str, played: int, H, r: dict) -> dict:
    """One player count and mix in the summary."""
    return {
        "players": n,
        "mix": label,
        "games": played,
        "hands": r["points"].n,
        "verdict": verdict(r),
        "r2": round(r["r2"], 6) if math.isfinite(r["r2"]) else None,
        "cluster_se_ratio": round(r["cluster_se_ratio"], 4),
        **{k: e.to_json() for k, e in r.items() if isinstance(e, Estimate)},
        "by_rings": [
            {
                "rings": int(row.rings),
                "points": Estimate(row.points, row.points_lo, row.points_hi, int(row.hands)).to_json(),
                "hands": int(row.hands),
            }
            for row in by_rings(H).itertuples()
        ],
    }


def _slow(spec: str) -> bool:
    return spec.partition(":")[0] in SEARCH_BOTS


def _plots(report: Report, n: int, results: list):
    """Heat map and lines for the mixed field (or the only mix); spread and by-rings over all mixes."""
    if report.out is None:
        return
    label, played, H, reg = next((r for r in results if r[0] == "mixed"), results[0])
    slug = "".join(c if c.isalnum() else "_" for c in label)
    c = cells(H)
    least = MIN_HANDS if (c.hands >= MIN_HANDS).any() else 1  # a tiny run shows every cell
    c = c[c.hands >= least]
    rings = sorted(c.rings.unique())
    cols = sorted(c.strength_lo.unique())
    grid = c.pivot(index="rings", columns="strength_lo", values="points").reindex(index=rings, columns=cols)
    width = GROUP * STRENGTH_BIN
    what = f"{n} players, {label} (n = {played:,} games, {reg['points'].n:,} hands)"
    report.figure(
        plots.heatmap(
            grid.to_numpy(),
            [str(r) for r in rings],
            [str(s) for s in cols],
            f"Mean points per deal by rings × strength, {what}; strength in bins of {width} "
            f"points, labelled by their lower end; cells with < {least} hands blank; CIs in "
            "cells.csv "
            f"(widest ±{(c.points_hi - c.points_lo).max() / 2:.2f})",
            report.out / f"cells_{slug}_{n}p",
            fmt="{:.2f}",
            cbar_label="points per deal",
            xlabel="hand strength (lower end of the bin)",
            ylabel="rings of the hand",
        ),
        f"Mean points per deal by rings × strength, {n} players, {label}",
    )
    x = np.array(cols) + (width - 1) / 2
    series = {}
    for r in rings:
        part = c[c.rings == r].set_index("strength_lo").reindex(cols)
        if part.hands.sum() >= 0.01 * reg["points"].n:
            series[f"{r} rings (n = {int(part.hands.sum()):,} hands)"] = (part.points, part.points_lo, part.points_hi)
    report.figure(
        plots.lines_with_band(
            x,
            series,
            f"Mean points per deal vs hand strength per ring count, {what}",
            "hand strength (sum of the 12 card values)",
            "points per deal",
            report.out / f"strength_{slug}_{n}p",
        ),
        f"Points vs strength per ring count, {n} players, {label}",
    )
    spreads = [r[3]["spread"] for r in results]
    report.figure(
        plots.bars_with_ci(
            [r[0] for r in results],
            spreads,
            f"Expected points per deal, 90th- minus 10th-percentile hand, {n} players "
            f"(95% CI; n = {min(e.n for e in spreads):,}+ hands per mix)",
            "points per deal",
            report.out / f"spread_{n}p",
            reference_line=FLAT,
            reference_label=f"flat threshold {FLAT}",
            xlabel="bot mix",
        ),
        f"Spread of expected points over hands, {n} players",
    )
    ring_axis = list(range(H.shape[0]))
    series = {}
    for label_, _, H_, reg_ in results:
        t = by_rings(H_).set_index("rings").reindex(ring_axis)
        series[f"{label_} (n = {reg_['points'].n:,} hands)"] = (t.points, t.points_lo, t.points_hi)
    report.figure(
        plots.lines_with_band(
            ring_axis,
            series,
            f"Mean points per deal by the hand's ring count, {n} players, per mix",
            "rings of the hand",
            "points per deal",
            report.out / f"rings_{n}p",
        ),
        f"Points by ring count, {n} players",
    )


def _headline(results: list[dict]) -> list[str]:
    lines = ["## Findings", ""]
    for r in results:
        if r["mix"] != "mixed" and any(o["mix"] == "mixed" and o["players"] == r["players"] for o in results):
            continue
        lines.append(
            f"- **{r['players']} players, {r['mix']}** (n = {r['hands']:,} hands, {r['games']:,} games): "
            f"{r['verdict']}. Spread {_fig(r['spread'])} points per deal; a ring adds "
            f"{_fig(r['per_ring'])} points, 10 strength points {_fig(r['per_10_strength'])}, so a ring "
            f"is worth {_worth(r['ring_worth'])}; mean {_fig(r['points'])} points per deal."
        )
    others = [f"{r['players']}p {r['mix']}: {r['verdict']} (spread {_fig(r['spread'])})" for r in results if r["mix"] != "mixed"]
    if others:
        lines.append("- Each bot alone at every seat: " + "; ".join(others) + ".")
    return lines + [""]


def _worth(f: dict) -> str:
    """A ring's worth in strength points, as a distance: more or fewer of them."""
    sign, (lo, hi) = (1, f["ci95"]) if f["mean"] >= 0 else (-1, [-f["ci95"][1], -f["ci95"][0]])
    return (
        f"{sign * f['mean']:.0f} [{lo:.0f}, {hi:.0f}] {'more' if sign > 0 else 'fewer'} strength points "
        "(the same expected points)"
    )


def _fig(f: dict, digits: int = 3) -> str:
    return f"{f['mean']:.{digits}f} [{f['ci95'][0]:.{digits}f}, {f['ci95'][1]:.{digits}f}]"
