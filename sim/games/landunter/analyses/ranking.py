"""Which Land unter strategy is best, at each player count?

The bots meet in a balanced tournament (`api.tournament`: every group of
entrants in every seat order, each seating on its own games), one per player
count.
Its ranking gives each bot's win share and score with CIs; its head-to-head
matrix (share of games the row finished ahead of the column) is the payoff
matrix of the meta-game (`sim.metagame`): the equilibrium mix says what to
play against a clever opponent, the best response what beats each bot.

Search bots (sampler) cost about a thousand heuristic bots per game, so they
stay out of the main tournament; named in ``slow_bots`` they join a second,
smaller one with every other bot.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
import pandas as pd

from sim import api, plots
from sim.games.landunter.analyses.common import check_players, rules_for
from sim.metagame import best_responses, equilibrium, pair_games, payoff
from sim.report import Report
from sim.stats import Estimate
from sim.sweep import threads_for
from sim.tournament import seatings

#: Search bots: far too slow for the main tournament's game count.
SEARCH_BOTS = ("sampler",)


def default_bots(registry=None) -> list[str]:
    """Every registered bot at its defaults except the search bots."""
    registry = registry or api.get_game("landunter").registry
    return [n for n in registry.names() if n not in SEARCH_BOTS]


def ranking(
    *,
    players_list=(3, 4, 5),
    bots=None,
    games: int = 200_000,
    slow_bots=(),
    slow_games: int | None = None,
    seed: int = 0,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    """One tournament per player count of ``bots`` (``games`` games each, spread
    over the seatings); with ``slow_bots``, a second one of everybody with
    ``slow_games`` (default games // 100) games. Returns the JSON summary."""
    start = time.perf_counter()
    registry = api.get_game("landunter").registry
    players_list = check_players(players_list)
    specs = registry.parse_specs(bots) if bots else default_bots(registry)
    slow = registry.parse_specs(slow_bots) if slow_bots else []
    slow_games = slow_games or max(1, games // 100)
    if games < 1 or slow_games < 1:
        raise ValueError(f"--games {games} and --slow-games {slow_games} must be at least 1")
    if len(specs) + len(slow) < 2 or len(set(specs + slow)) < len(specs + slow):
        raise ValueError(f"--bots {', '.join(specs + slow)}: give at least two different bots, each once")
    report = Report("Which Land unter strategy is best?", out)
    report.text(
        f"Bots: {', '.join(specs)}"
        + (f"; search bots {', '.join(slow)} in a second tournament" if slow else "")
        + f". Players: {', '.join(map(str, players_list))}. Seed {seed}. {games:,} games per player count"
        + (f" ({slow_games:,} in the tournament with the search bots)" if slow else "")
        + ", spread evenly over the seatings (rounded up). Every figure carries a 95% CI and its n.",
        "**Method.** A balanced tournament per player count: every group of n entrants in every seat "
        "order (so neither the seat nor who passes to whom favours anyone), each seating on its own "
        "games, so games are independent and plain intervals hold. Win share counts a k-way shared win as 1/k; score "
        "is the game total. The head-to-head matrix (share of games the row's total beat the column's, "
        "ties 1/2, over every game both sat at the table, other players included) is the payoff matrix of "
        "a symmetric zero-sum meta-game: its equilibrium mix (linear program) and the best response to each "
        "bot (the row that beats its column most often).",
    )
    headline_at = len(report.lines)
    runs = None if out is None else Path(out) / "runs"
    tournaments = [("", specs, games)] + ([("_search", specs + slow, slow_games)] if slow else [])
    meta = [
        _tournament(report, entrants, n, total, seed, runs, progress, tag, executor)
        for tag, entrants, total in tournaments
        for n in players_list
    ]
    summary = {
        "games": games,
        "slow_games": slow_games if slow else None,
        "seed": seed,
        "players": players_list,
        "bots": specs,
        "slow_bots": slow,
        "seconds": round(time.perf_counter() - start, 3),
        "tournaments": meta,
    }
    report.text(
        f"Run time {summary['seconds']:.1f} s (results found in the store under runs/ are read, "
        "not replayed; experiments/README.md has the full run's wall time)."
    )
    report.lines[headline_at:headline_at] = _headline(meta)
    report.save(summary)
    return summary


def _tournament(
    report: Report,
    entrants: list[str],
    n: int,
    games: int,
    seed: int,
    runs: Path | None,
    progress: bool | None,
    tag: str,
    executor=None,
) -> dict:
    lineups = seatings(len(entrants), n)
    per_seating = max(1, math.ceil(games / len(lineups)))
    with threads_for(per_seating):
        summ = api.tournament(
            "landunter",
            {k: str(v) for k, v in rules_for(n).items()},
            entrants,
            players=n,
            games=per_seating * len(lineups),
            seed=seed,
            out=runs,
            progress=progress,
            executor=executor,
        ).summary
    order = [r["bot"] for r in summ["ranking"]]
    A, lo, hi = payoff(summ)
    cnt = pair_games(entrants, order, lineups, per_seating)
    mix, value = equilibrium(A)
    support = [summ["meta_game"]["support_share"][b] for b in order]
    br = best_responses(A)
    k = len(order)
    rows = [
        {
            "players": n,
            "bot": r["bot"],
            "win_share": r["win_share"]["mean"],
            "win_share_lo": r["win_share"]["ci95"][0],
            "win_share_hi": r["win_share"]["ci95"][1],
            "relative_to_fair": r["win_share"]["mean"] * n,
            "score": r["score"]["mean"],
            "score_lo": r["score"]["ci95"][0],
            "score_hi": r["score"]["ci95"][1],
            "games": r["games"],
        }
        for r in summ["ranking"]
    ]
    table = pd.DataFrame(rows)
    eq = pd.DataFrame(
        [
            {
                "players": n,
                "bot": order[i],
                "weight": mix[i],
                "in_support_share": support[i],
                "best_response": order[br[i]],
                "best_response_share": A[br[i], i],
                "best_response_lo": lo[br[i], i],
                "best_response_hi": hi[br[i], i],
                "best_response_games": int(cnt[br[i], i]),
            }
            for i in range(k)
        ]
    )
    pairs = pd.DataFrame(
        [
            {
                "players": n,
                "row": order[i],
                "column": order[j],
                "share_ahead": A[i, j],
                "lo": lo[i, j],
                "hi": hi[i, j],
                "games": int(cnt[i, j]),
            }
            for i in range(k)
            for j in range(k)
            if i != j
        ]
    )
    what = f"{n} players" + (" with the search bots" if tag else "")
    report.text(
        f"## {what}",
        f"{summ['seatings']} seatings × {per_seating:,} games (n = {summ['games']:,} games, seed {seed}). "
        f"Equilibrium value of A − 0.5: {value:.2g}. The game solved is the two-player zero-sum game "
        f'"finish ahead of one opponent" inside this {n}-player field, not the {n}-player game itself '
        "(`tournament --repeats` solves that one). "
        "in_support_share: how often the bot stays in the equilibrium support when the tournament's games "
        "are resampled 200 times (Poisson bootstrap; one game feeds several cells). A bot that "
        "is its own best response (share 0.5, 0 games) is beaten head to head by nobody.",
    )
    name = f"{n}p{tag}"
    report.table(f"ranking_{name}", table, f"Ranking, {what} (win share and score, 95% CI)")
    report.table(f"equilibrium_{name}", eq, f"Equilibrium mix and best responses, {what}")
    report.data(f"payoff_{name}", pairs)  # files only: the heat map shows it
    if report.out is not None:
        least = int(cnt[cnt > 0].min()) if (cnt > 0).any() else 0
        report.figure(
            plots.heatmap(
                A,
                order,
                order,
                f"Land unter, {what}: share of games the row "
                f"finished ahead of the column (n = {summ['games']:,} games, at least "
                f"{least:,} per cell; CIs in payoff_{name}.csv, at most "
                f"±{np.max(hi - lo) / 2:.3f})",
                report.out / f"payoff_{name}",
                cbar_label="share ahead",
                xlabel="column bot",
                ylabel="row bot",
            ),
            f"Payoff matrix, {what}",
        )
        shares = [Estimate(r["win_share"], r["win_share_lo"], r["win_share_hi"], r["games"]) for r in rows]
        report.figure(
            plots.bars_with_ci(
                order,
                shares,
                f"Land unter tournament win share, {what} (95% CI, n = {rows[0]['games']:,} games per bot)",
                "win share",
                report.out / f"ranking_{name}",
                reference_line=1 / n,
                reference_label="fair share 1/n",
                xlabel="bot",
            ),
            f"Ranking, {what}",
        )
    return {
        "players": n,
        "search": bool(tag),
        "games": summ["games"],
        "seatings": summ["seatings"],
        "value": value,
        "ranking": [
            {"bot": r["bot"], "win_share": r["win_share"], "score": r["score"], "games": r["games"]} for r in summ["ranking"]
        ],
        "payoff": A.round(6).tolist(),
        "equilibrium": {order[i]: float(mix[i]) for i in range(k)},
        "support_share": {order[i]: float(support[i]) for i in range(k)},
        "best_response": {
            order[j]: {
                "bot": order[br[j]],
                "share_ahead": {"mean": float(A[br[j], j]), "ci95": [float(lo[br[j], j]), float(hi[br[j], j])]},
                "games": int(cnt[br[j], j]),
            }
            for j in range(k)
        },
    }


def _headline(meta: list[dict]) -> list[str]:
    lines = ["## Findings", ""]
    for m in meta:
        top, second = m["ranking"][0], m["ranking"][1]
        mix = ", ".join(
            f"{b} {x:.2f} (in the support in {m['support_share'][b]:.0%} of resamples)"
            for b, x in m["equilibrium"].items()
            if x > 1e-6
        )
        lines.append(
            f"- **{m['players']} players{' with the search bots' if m['search'] else ''}:** "
            f"`{top['bot']}` wins {_fig(top['win_share'])}, then `{second['bot']}` "
            f"{_fig(second['win_share'])} (n = {top['games']:,} games each, fair {1 / m['players']:.3f}); "
            f"equilibrium mix: {mix}."
        )
    return lines + [""]


def _fig(f: dict) -> str:
    return f"{f['mean']:.3f} [{f['ci95'][0]:.3f}, {f['ci95'][1]:.3f}]"
