"""Which turn-back heuristic is best?

Two stages per player count:

1. **Sweep.** Each bot family's parameters are tuned against a fixed mixed
   field: the defaults of every *other* family with parameters. The candidate
   sits in every seat against every group of field bots, in every seat order
   (`sim.sweep.field_lineups`), and every
   candidate of a family plays the same games lineup by lineup (common random
   numbers), so parameter values are compared on the same deals. Parameters
   are tuned one at a time (coordinate ascent, one pass in Param order): a
   small grid for the first parameter with the others at their defaults, the
   best value kept, then the next parameter, and so on. The final point is the
   best of all points evaluated.
2. **Meta-game.** The best parameters of each family meet in a balanced
   tournament (``api.tournament``) on fresh game seeds, so the winner's curse
   of stage 1 does not carry over. Its head-to-head matrix A (share of games
   the row finished ahead of the column) is the payoff matrix of the families;
   A − 0.5 is a symmetric zero-sum game whose equilibrium mix comes from a
   linear program, and the best response to each family is the argmax of its
   column.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np
import pandas as pd

from sim import api, plots
from sim.games.luft.reference import IllegalAction
from sim.metagame import best_responses, equilibrium, pair_games as _pair_games, payoff
from sim.report import Report
from sim.runner import Totals, run
from sim.stats import Estimate, proportion_ci
from sim.sweep import Bar, field_lineups, param_grid, play_lineups, spec_of, threads_for
from sim.tournament import seatings

# ---------------------------------------------------------------- families and grids


def families(registry=None) -> list[str]:
    """Every registered family with parameters, plus ``random`` when registered."""
    registry = registry or api.get_game("luft").registry
    names = [n for n in registry.names() if registry.get(n).params]
    if "random" in registry.names():
        names.append("random")
    return names


#: A family whose defaults cost more than this many times the median family's
#: time per game is "slow" (a search bot): left out of the default families
#: and of the field. The ratio, unlike a time, hardly depends on the machine.
SLOW_FACTOR = 4


def smoke_test(
    names: list[str], players_list, registry=None, games: int = 20, repeats: int = 3
) -> tuple[dict[str, str], dict[str, float]]:
    """Play a few all-same games of each family's defaults at every player count.

    Returns the families that made an illegal move (with the engine's one-line
    message) and every other family's seconds per game: the fastest of
    ``repeats`` timings at the smallest player count (compile excluded), so a
    busy machine pausing the process once does not make a cheap bot look slow."""
    game = api.get_game("luft")
    registry = registry or game.registry
    failed, cost = {}, {}
    smallest = min(players_list)
    with threads_for(games):
        for f in names:
            times = []
            try:
                for n in sorted(players_list):
                    rules, seats = api.make_rules(game, None, n), registry.parse_seats(f, n)
                    for _ in range(repeats if n == smallest else 1):
                        res = run(game, rules, seats, games, 0, progress=False)
                        if n == smallest:
                            times.append(res.seconds / games)
            except IllegalAction as exc:
                failed[f] = str(exc).splitlines()[0]
                continue
            cost[f] = min(times)
    return failed, cost


def slow_families(cost: dict[str, float], registry=None, named: list[str] | None = None) -> dict[str, float]:
    """Families with parameters whose cost exceeds SLOW_FACTOR × the median,
    or exactly the ``named`` ones (timings on a busy machine move the line;
    naming them makes a run repeatable), with their ratio to the median."""
    registry = registry or api.get_game("luft").registry
    tuned = [c for f, c in cost.items() if registry.get(f).params]
    if not tuned:
        return {f: float("nan") for f in named or []}
    median = float(np.median(tuned))
    if named is not None:
        return {f: cost[f] / median if f in cost else float("nan") for f in named}
    return {f: c / median for f, c in cost.items() if registry.get(f).params and c > SLOW_FACTOR * median}


def default_field(family: str | None, names: list[str], registry=None) -> list[str]:
    """Defaults of every family with parameters other than ``family``; random if none."""
    registry = registry or api.get_game("luft").registry
    field = [n for n in names if n != family and registry.get(n).params]
    return field or ["random"]


# ---------------------------------------------------------------- the analysis


def compare_turnback(
    *,
    players_list=(2, 3, 4, 5, 6),
    families_list: list[str] | None = None,
    games: int = 2000,
    pair_games: int | None = None,
    grid_points: int = 4,
    seed: int = 0,
    field: str | list[str] | None = None,
    slow_games: int | None = None,
    slow_list: list[str] | None = None,
    out: Path | None = None,
    progress: bool | None = None,
    executor=None,
) -> dict:
    """Sweep, pick the best parameters per family and player count, tournament,
    meta-game. ``games`` per sweep configuration (``slow_games``, default
    games // 10, for slow search bots); ``pair_games`` (default ``games``):
    tournament games behind each cell of the payoff matrix (games in which
    both families sat at the table), per player count.
    Default families: every family with parameters that is not slow, plus
    random; default field: the not-slow families other than the candidate's."""
    start = time.perf_counter()
    game = api.get_game("luft")
    registry = game.registry
    players_list = [int(n) for n in players_list]
    for n in players_list:
        if not 2 <= n <= 6:
            raise ValueError(f"--players {n} is out of range; Geteilte Luft has 2..6 players")
    if games < 1:
        raise ValueError(f"--games {games} must be at least 1")
    for f in [*(families_list or []), *(slow_list or [])]:
        registry.get(f)  # unknown names raise with the list of choices
    field_specs = None
    if field is not None:
        field_specs = registry.parse_specs(field)
    pair_games = pair_games or games
    slow_games = slow_games or max(1, games // 10)
    registered = families(registry)
    failed, cost = smoke_test(sorted(set(registered) | set(families_list or [])), players_list, registry)
    slow = slow_families(cost, registry, slow_list)
    fast = [f for f in registered if f not in failed and f not in slow]
    fams = [f for f in (families_list or fast) if f not in failed]
    report = Report("Which turn-back heuristic is best?", out)
    report.text(
        f"Families: {', '.join(fams)}. Players: {', '.join(map(str, players_list))}. Seed {seed}. "
        f"{games:,} games per sweep configuration (rounded up to a whole number per lineup"
        + (
            f"; {slow_games:,} for the slow families {', '.join(f for f in fams if f in slow)}"
            if any(f in slow for f in fams)
            else ""
        )
        + f"), {pair_games:,} tournament games behind each payoff cell (both families at the table), grid of "
        f"up to {grid_points} values per "
        f"parameter. Every share carries a 95% Wilson CI and its number of games n.",
        "**Method.** Stage 1 tunes each family against a fixed mixed field"
        + (
            f" ({', '.join(field_specs)})"
            if field_specs
            else ": the defaults of every other family with parameters that is not slow"
        )
        + ", every group of them with the candidate in every seat order, on the same games for every "
        "candidate (common random numbers). "
        "Parameters are tuned one at a time in their declared order (coordinate ascent, one pass); a grid "
        "holds values near the default inside the Param's range. Stage 2 plays the best of each family "
        "against each other in a tournament of every seat order on fresh seeds (seed + 1), so the selection noise "
        "of stage 1 does not inflate the result. Its head-to-head matrix is the families' payoff matrix.",
    )
    if slow:
        report.text(
            "**Slow families** ("
            + (
                f"defaults cost more than {SLOW_FACTOR}× the median family's time per game"
                if slow_list is None
                else "named by --slow; their time per game relative to the median family as measured here"
            )
            + "; never in the field, and left out unless named in --families): "
            + ", ".join(f"`{f}` ({r:.0f}×, {cost.get(f, math.nan) * 1e3:.2f} ms per game)" for f, r in slow.items())
        )
    headline_at = len(report.lines)
    plan = {f: [(p, param_grid(p, grid_points)) for p in registry.get(f).params] for f in fams}
    total = sum(max(1, sum(len(g) + 1 for _, g in plan[f])) for f in fams) * len(players_list) + len(players_list)
    rows, best_rows = [], []
    best: dict[tuple[str, int], dict] = {}
    with Bar(total, "sweep", progress) as bar:
        for n in players_list:
            for f in fams:
                opponents = field_specs or default_field(f, fast, registry)
                budget = slow_games if f in slow else games
                params = registry.get(f).params
                current = {p.name: float(p.default) for p in params}
                seen: dict[tuple, tuple[Estimate, Totals]] = {}

                def evaluate(values):
                    key = tuple(values[p.name] for p in params)
                    if key not in seen:
                        spec = spec_of(f, values, registry)
                        t = play_lineups(
                            "luft", {"players": n}, field_lineups(spec, opponents, n, budget, seed), budget, seed, out, executor
                        )
                        cn, cs, _ = t.agg("cand.win")
                        seen[key] = (proportion_ci(cs, int(cn)), t)
                    return seen[key]

                try:
                    sweeps = plan[f] or [(None, [None])]
                    for p, grid in sweeps:
                        values = grid if p is None else sorted(set(grid) | {current[p.name]})
                        scores = []
                        for v in values:
                            trial = dict(current) if p is None else {**current, p.name: v}
                            est, t = evaluate(trial)
                            scores.append(est.mean)
                            sn, ss, sss = t.agg("cand.score")
                            rows.append(
                                {
                                    "family": f,
                                    "players": n,
                                    "param": "" if p is None else p.name,
                                    "value": math.nan if p is None else v,
                                    "spec": spec_of(f, trial, registry),
                                    "win_share": est.mean,
                                    "win_share_lo": est.lo,
                                    "win_share_hi": est.hi,
                                    "relative_to_fair": est.mean * n,
                                    "score": ss / sn,
                                    "games": est.n,
                                }
                            )
                            bar.advance(f"sweep {n}p {f}")
                        if p is not None:  # exact ties (same games played) keep the current value
                            keep = current[p.name]
                            current[p.name] = max(zip(scores, values), key=lambda sv: (sv[0], sv[1] == keep))[1]
                except IllegalAction as exc:  # names the bot; keep the other families
                    failed[f] = str(exc).splitlines()[0]
                    bar.advance()
                    continue
                est, _ = evaluate(current)
                spec = spec_of(f, current, registry)
                best[(f, n)] = {"spec": spec, "win_share": est}
                best_rows.append(
                    {
                        "family": f,
                        "players": n,
                        "best": spec,
                        "win_share": est.mean,
                        "win_share_lo": est.lo,
                        "win_share_hi": est.hi,
                        "relative_to_fair": est.mean * n,
                        "games": est.n,
                        "field": ", ".join(opponents),
                    }
                )
        sweep = pd.DataFrame(rows)
        best_table = pd.DataFrame(best_rows)
        if failed:
            report.text(
                "**Families left out** (an illegal move at defaults or during the sweep; fix the bot "
                "and rerun): " + "; ".join(f"`{f}`: {msg}" for f, msg in failed.items())
            )
        report.text(
            "## Stage 1 (selection): parameter sweeps against the mixed field",
            "Every grid point's win share against the field (with CI and games) is in `sweep.csv`; "
            "relative_to_fair = win share × players (1 is a fair share). These pick the parameters: "
            "a best point's win share is measured on the games that chose it, so it is biased upward "
            "(winner's curse) and a best point at the edge of the grid within the CIs of its neighbours "
            "says nothing about values beyond. The findings are the stage-2 figures on fresh seeds.",
        )
        report.tables["sweep"] = sweep
        if report.out is not None:
            sweep.to_csv(report.out / "sweep.csv", index=False)
            sweep.to_parquet(report.out / "sweep.parquet", index=False)
        report.table(
            "best_parameters",
            best_table,
            "Selected parameters per family and player count (win shares on the selecting games: selection, not findings)",
        )
        _sweep_plots(report, sweep, fams, players_list, registry)
        meta = []
        report.text("## Stage 2 (findings): the selected parameters of each family against each other, fresh seeds")
        for n in players_list:
            bar.advance(f"tournament {n}p")
            entrants = [best[(f, n)]["spec"] for f in fams if (f, n) in best]
            if len(entrants) < 2:
                continue
            meta.append(_meta_game(report, entrants, n, pair_games, seed, out, executor))
    summary = {
        "games": games,
        "pair_games": pair_games,
        "seed": seed,
        "players": players_list,
        "families": fams,
        "grid_points": grid_points,
        "failed": failed,
        "slow_games": slow_games,
        "slow": {f: {"ratio_to_median": r, "seconds_per_game": cost.get(f, math.nan)} for f, r in slow.items()},
        "slow_named": slow_list is not None,
        "seconds": round(time.perf_counter() - start, 3),
        "best": [
            {
                "family": r["family"],
                "players": r["players"],
                "spec": r["best"],
                "games": r["games"],
                "win_share": {"mean": r["win_share"], "ci95": [r["win_share_lo"], r["win_share_hi"]]},
            }
            for r in best_rows
        ],
        "meta": meta,
    }
    report.text(f"Run time {summary['seconds']:.1f} s.")
    report.lines[headline_at:headline_at] = _headline(meta)
    report.save(summary)
    return summary


def _headline(meta: list[dict]) -> list[str]:
    lines = ["## Findings", ""]
    for m in meta:
        top = m["ranking"][0]
        w = top["win_share"]
        mix = ", ".join(
            f"{f} {x:.2f} (in the support in {m['support_share'][f]:.0%} of resamples)"
            for f, x in m["equilibrium"].items()
            if x > 1e-6
        )
        lines.append(
            f"- **{m['players']} players:** tournament winner `{top['spec']}`, win share "
            f"{w['mean']:.3f} [{w['ci95'][0]:.3f}, {w['ci95'][1]:.3f}] (n = {top['games']:,} games, "
            f"fair {1 / m['players']:.3f}); equilibrium mix: {mix}."
        )
    return lines + [""]


def _family(spec: str) -> str:
    return spec.partition(":")[0]


def _sweep_plots(report: Report, sweep: pd.DataFrame, fams, players_list, registry):
    for f in fams:
        for p in registry.get(f).params:
            stem = report.plot_stem(f"sweep_{_slug(f)}_{_slug(p.name)}")
            if stem is None:
                continue
            part = sweep[(sweep.family == f) & (sweep.param == p.name)]
            if part.empty:
                continue
            xs = sorted(part.value.unique())
            series = {}
            for n in players_list:
                pn = part[part.players == n].set_index("value").reindex(xs)
                if pn.win_share.isna().all():
                    continue
                ng = int(pn.games.max())
                series[f"{n} players (n={ng:,} per point, fair {1 / n:.3f})"] = (
                    pn.win_share.to_numpy(),
                    pn.win_share_lo.to_numpy(),
                    pn.win_share_hi.to_numpy(),
                )
            paths = plots.lines_with_band(
                xs,
                series,
                f"{f}: win share against the mixed field vs {p.name} "
                f"(other parameters at their best so far; range {p.low:g}..{p.high:g})",
                p.name,
                "win share",
                stem,
            )
            report.figure(paths, f"Win share vs {f}.{p.name}, one line per player count")


def _meta_game(report: Report, entrants: list[str], n: int, pair_games: int, seed: int, out: Path | None, executor=None) -> dict:
    lineups = seatings(len(entrants), n)
    # Seatings that hold a given pair (the same for every pair in these designs).
    holding = min(
        sum(1 for lu in lineups if i in lu and j in lu) for i in range(len(entrants)) for j in range(i + 1, len(entrants))
    )
    per_seating = max(1, math.ceil(pair_games / max(holding, 1)))
    with threads_for(per_seating):
        sim = api.tournament(
            "luft",
            None,
            entrants,
            players=n,
            games=per_seating * len(lineups),
            seed=seed + 1,
            out=None if out is None else Path(out) / "runs",
            progress=False,
            executor=executor,
        )
    summ = sim.summary
    order = [r["bot"] for r in summ["ranking"]]
    names = [_family(s) for s in order]
    k = len(order)
    A, lo, hi = payoff(summ)
    cnt = _pair_games(entrants, order, lineups, per_seating)
    mix, value = equilibrium(A)
    support = np.array([summ["meta_game"]["support_share"][s] for s in order])
    br = best_responses(A)
    ranking = pd.DataFrame(
        [
            {
                "players": n,
                "family": _family(r["bot"]),
                "spec": r["bot"],
                "win_share": r["win_share"]["mean"],
                "win_share_lo": r["win_share"]["ci95"][0],
                "win_share_hi": r["win_share"]["ci95"][1],
                "relative_to_fair": r["win_share"]["mean"] * n,
                "games": r["games"],
            }
            for r in summ["ranking"]
        ]
    )
    payoff_table = pd.DataFrame(
        [
            {
                "players": n,
                "row": names[i],
                "column": names[j],
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
    eq = pd.DataFrame(
        [
            {
                "players": n,
                "family": names[i],
                "spec": order[i],
                "weight": mix[i],
                "in_support_share": support[i],
                "payoff_of_mix_against": float(mix @ (A[:, i] - 0.5)),
                "best_response": names[br[i]],
                "best_response_share": A[br[i], i],
                "best_response_lo": lo[br[i], i],
                "best_response_hi": hi[br[i], i],
                "best_response_games": int(cnt[br[i], i]),
            }
            for i in range(k)
        ]
    )
    report.text(
        f"### {n} players",
        f"{summ['seatings']} seatings × {per_seating:,} games (n = {summ['games']:,} games; "
        f"seed {seed + 1}). Equilibrium value of A − 0.5: {value:.2g} (0 for a complementary matrix). "
        'The game solved is the two-player zero-sum game "finish ahead of one opponent" played inside this '
        f"{n}-player field, not the {n}-player game itself (`tournament --repeats` solves that one). "
        "in_support_share: how often the family stays in the equilibrium support when the tournament's "
        "games are resampled 200 times (Poisson bootstrap; one game feeds several cells). best_response: the "
        "family that finishes ahead of "
        "this one most often; a family that is its own best response (share 0.5, 0 games) is beaten "
        "head to head by nobody. Head-to-head shares count every game both sat at the table, other "
        "players included, so the equilibrium can differ from the tournament's win-share ranking.",
    )
    report.table(f"ranking_{n}p", ranking, f"Tournament ranking, {n} players (win share, 95% CI)")
    report.table(f"equilibrium_{n}p", eq, f"Equilibrium mix and best responses, {n} players")
    report.tables[f"payoff_{n}p"] = payoff_table  # files only: the heat map shows it in the report
    if report.out is not None:
        payoff_table.to_csv(report.out / f"payoff_{n}p.csv", index=False)
        payoff_table.to_parquet(report.out / f"payoff_{n}p.parquet", index=False)
    stem = report.plot_stem(f"payoff_{n}p")
    if stem is not None:
        report.figure(
            plots.heatmap(
                A,
                names,
                names,
                f"Payoff matrix, {n} players: share of games the row "
                f"finished ahead of the column (best parameters per family; "
                f"{summ['games']:,} tournament games, at least "
                f"{int(cnt[cnt > 0].min()) if (cnt > 0).any() else 0:,} per cell)",
                stem,
                cbar_label="share ahead",
                xlabel="column family",
                ylabel="row family",
            ),
            f"Payoff matrix, {n} players (payoff_{n}p.csv has the CIs)",
        )
        shares = [Estimate(r.win_share, r.win_share_lo, r.win_share_hi, r.games) for r in ranking.itertuples()]
        report.figure(
            plots.bars_with_ci(
                list(ranking.family),
                shares,
                f"Tournament win share, {n} players, best parameters per family (n={summ['games']:,} games)",
                "win share",
                report.plot_stem(f"ranking_{n}p"),
                reference_line=1 / n,
                reference_label="fair share 1/n",
                xlabel="bot family",
            ),
            f"Tournament ranking, {n} players",
        )
    return {
        "players": n,
        "games": summ["games"],
        "seatings": summ["seatings"],
        "value": value,
        "ranking": [
            {"family": _family(r["bot"]), "spec": r["bot"], "win_share": r["win_share"], "games": r["games"]}
            for r in summ["ranking"]
        ],
        "families": names,
        "payoff": A.round(6).tolist(),
        "equilibrium": {names[i]: float(mix[i]) for i in range(k)},
        "support_share": {names[i]: float(support[i]) for i in range(k)},
        "best_response": {
            names[j]: {
                "family": names[br[j]],
                "share_ahead": {"mean": float(A[br[j], j]), "ci95": [float(lo[br[j], j]), float(hi[br[j], j])]},
                "games": int(cnt[br[j], j]),
            }
            for j in range(k)
        },
    }


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)[:60]
