"""Population play (PSRO): grow a population by best responses to its meta-game equilibrium.

Start from the built-in fast bots. Each iteration: play the population's
n-player meta-game (a `sim.tournament` with repeated entrants, every lineup
multiset) and solve its symmetric equilibrium (`sim.metagame.nplayer_equilibrium`);
train a `policy` best response to that mix with `sim.strong.train` (each
opponent seat drawn from the mix: every opponent lineup of the equilibrium's
support, weighted by its multinomial probability); the best response's win
share on fresh games minus 1/n is the equilibrium's exploitability (with its
95% CI); add the best response, repeat. A final meta-game over the grown
population names its best trained member (largest equilibrium weight, then
win share), written as ``weights.json`` for ``policy:file=``.

With ``out`` every finished iteration is kept (``population-checkpoint.npz``)
and each best response trains in ``out/br-<k>`` with its own checkpoint, so
the same call resumes and gives the same result as an uninterrupted run.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial, prod
from pathlib import Path

import numpy as np

from sim import interrupt, plots
from sim.registry import Seat
from sim.report import Report, fmt
from sim.stats import proportion_ci
from sim.strong.exploit import exploitability
from sim.strong.train import WEIGHTS, candidate, checkpoint, generation_seed, layout_of, resume, train
from sim.strong.weights import save as save_weights
from sim.tournament import RESAMPLES, play as play_tournament

CHECKPOINT = "population-checkpoint.npz"
META = 2**34  # seed streams of the meta-games and best responses, apart from train's
MEMBER = "psro-"  # a trained member's name: this and its number
SUPPORT = 1e-3  # entrants below this equilibrium weight are left out of the best response's opponents


def meta_game(
    game, rules, seats: list[Seat], games: int, seed: int, executor=None, progress=None, resamples: int = RESAMPLES
) -> dict:
    """The population's n-player meta-game: equilibrium weights with 95%
    intervals and support shares over Poisson-bootstrap resamples of the games
    (`sim.tournament.Standings.nplayer_resamples`), regret, and each entrant's
    win share (Wilson CI) in a tournament with repeated entrants."""
    standings, _, _, complete = play_tournament(
        game, rules, seats, games, seed, executor=executor, progress=progress, repeats=True, resamples=resamples
    )
    if not complete:
        raise interrupt.Interrupted()
    x, regret, redrawn = standings.nplayer_resamples()
    lo, hi = np.percentile(redrawn, [2.5, 97.5], axis=0)
    n, s, _ = standings.sums["win"].T
    return {
        "entrants": [e.spec for e in seats],
        "equilibrium": [float(w) for w in x],
        "equilibrium_ci95": [[float(a), float(b)] for a, b in zip(lo, hi)],
        "support_share": [float(v) for v in np.mean(redrawn > 1e-6, axis=0)],
        "regret": regret,
        "win_share": [float(w) for w in s / np.maximum(n, 1)],
        "win_share_ci95": [proportion_ci(si, int(ni)).to_json()["ci95"] for si, ni in zip(s, n)],
        "resamples": len(redrawn),
        "resampled": "games (Poisson bootstrap, each game weighted by a Poisson(1) draw keyed by its index)",
        "games": standings.games,
        "seed": seed,
        "_redrawn": redrawn,
    }


def best_member(final: dict, members: range) -> tuple[int, dict[str, float]]:
    """The best trained member (largest equilibrium weight, then win share) and,
    per member, the share of bootstrap resamples in which it is the best: how
    sure the pick is (a point estimate from about 15 games per lineup is not)."""
    best = max(members, key=lambda i: (final["equilibrium"][i], final["win_share"][i]))
    redrawn = final["_redrawn"][:, list(members)]
    wins = np.array([final["win_share"][i] for i in members])
    picks = [int(np.lexsort((wins, row))[-1]) for row in redrawn]  # weight first, win share on ties
    share = {final["entrants"][i]: picks.count(k) / len(picks) for k, i in enumerate(members)}
    return best, share


def member_name(k: int) -> str:
    """The name of the population's k-th trained member (k from 1)."""
    return f"{MEMBER}{k}"


def member_dir(out: Path, k: int) -> Path:
    """Where the k-th member trains as a best response; its ``weights.json``
    holds the member's weights."""
    return Path(out) / f"br-{k}"


def entrant_spec(out: Path, entrant: str) -> str:
    """The bot spec of a population entrant of the run in ``out``: a starting
    bot is its own spec; a trained member (`member_name`) is the policy of its
    weight file (`member_dir`), the same parameters the run seated it with."""
    k = entrant.removeprefix(MEMBER)
    if entrant.startswith(MEMBER) and k.isdigit():
        return f"policy:file={member_dir(out, int(k)) / WEIGHTS}"
    return entrant


def _public(meta: dict) -> dict:
    return {k: v for k, v in meta.items() if not k.startswith("_")}


def opponent_tables(seats: list[Seat], weights, players: int) -> list[tuple[float, list[Seat]]]:
    """The n − 1 opponents each drawn from ``weights``: every multiset of the
    support with its multinomial probability (the support renormalised)."""
    support = [i for i, w in enumerate(weights) if w >= SUPPORT]
    w = np.array([weights[i] for i in support]) / sum(weights[i] for i in support)
    tables = []
    for picks in combinations_with_replacement(range(len(support)), players - 1):
        counts = Counter(picks).values()
        p = factorial(players - 1) / prod(factorial(c) for c in counts) * prod(w[i] for i in picks)
        tables.append((float(p), [seats[support[i]] for i in picks]))
    return tables


def population(
    game,
    rules,
    start: list[str],
    *,
    iterations: int,
    games: int,
    generations: int,
    meta_games: int,
    seed: int,
    cma_population: int | None = None,
    out: Path | None = None,
    executor=None,
    progress: bool | None = None,
    resamples: int = RESAMPLES,
) -> dict:
    """Run ``iterations`` of population play from the ``start`` specs (module doc); the summary.
    ``resamples``: bootstrap replicates behind each equilibrium's intervals."""
    if iterations < 1 or meta_games < 1:
        raise ValueError("--iterations and --meta-games must be at least 1")
    players = rules.players
    layout = layout_of(game)
    starting = [game.registry.parse(s, players) for s in start]
    if len({s.spec for s in starting}) != len(starting):
        raise ValueError(f"a starting bot is listed twice in {', '.join(start)}; give each spec once")
    config = {
        "game": game.name,
        "rules": rules.to_dict(),
        "start": [s.spec for s in starting],
        "games": games,
        "generations": generations,
        "meta_games": meta_games,
        "seed": seed,
        "population": cma_population,
        "resamples": resamples,
    }  # not iterations: a rerun with more goes on
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    state = resume(out, config, CHECKPOINT, "population run") or {"config": config, "members": [], "iterations": []}
    for k in range(len(state["iterations"]), iterations):
        seats = starting + [candidate(game, m["weights"], m["name"]) for m in state["members"]]
        meta = meta_game(game, rules, seats, meta_games, generation_seed(seed, META + 2 * k), executor, progress, resamples)
        tables = opponent_tables(seats, meta["equilibrium"], players)
        name = member_name(k + 1)
        br = train(
            game,
            rules,
            [s.spec for s, w in zip(seats, meta["equilibrium"]) if w >= SUPPORT],
            games=games,
            generations=generations,
            seed=generation_seed(seed, META + 2 * k + 1),
            population=cma_population,
            out=None if out is None else member_dir(out, k + 1),
            executor=executor,
            progress=progress,
            label=f"iteration {k + 1}/{iterations}: best response",
            mixture=tables,
        )
        state["iterations"].append(
            {
                "iteration": k + 1,
                **_public(meta),
                "exploitability": exploitability(br),
                "best_response": name,
                "fresh": br["fresh"],
            }
        )
        state["members"].append({"name": name, "weights": br["weights"]})
        with interrupt.held():
            checkpoint(out, state, CHECKPOINT)
    seats = starting + [candidate(game, m["weights"], m["name"]) for m in state["members"]]
    final = meta_game(
        game, rules, seats, meta_games, generation_seed(seed, META + 2 * len(state["iterations"])), executor, progress, resamples
    )
    best, best_share = best_member(final, range(len(starting), len(seats)))
    final = _public(final)
    member = state["members"][best - len(starting)]
    summary = {
        "game": game.name,
        "players": players,
        "rules": rules.to_dict(),
        "start": config["start"],
        "games_per_evaluation": games,
        "generations": generations,
        "meta_games": meta_games,
        "seed": seed,
        "iterations": state["iterations"],
        "final": final,
        "best_member": member["name"],
        "best_member_share": best_share,
        "weights": member["weights"],
        "measures": {
            "exploitability": "the best response to iteration k's equilibrium: its win share on fresh games minus 1/n, 95% CI",
            "equilibrium": "symmetric n-player meta-game (each player picks an entrant, scores its pick's win share) "
            "from a tournament with repeated entrants; 95% percentile intervals over Poisson-bootstrap resamples of "
            "the games",
            "best_member_share": "per trained member, the share of the resamples in whose equilibrium it is the "
            "best member (largest weight, then win share)",
        },
        "complete": True,
    }
    if out is not None:
        training = {"population": [s.spec for s in seats], "seed": seed, "iterations": len(state["iterations"])}
        training["final_equilibrium_weight"] = final["equilibrium"][best]
        save_weights(Path(out) / WEIGHTS, layout, member["weights"], players, rules.to_dict(), training)
    _report(game, summary, out)
    return summary


def _report(game, summary: dict, out) -> None:
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    n = summary["players"]
    report = Report(f"{game.title}: population play ({n} players)", out)
    report.text(
        f"Start: {', '.join(summary['start'])}. Each iteration solves the {n}-player meta-game of the population "
        f"({summary['meta_games']:,} games with repeated entrants), trains a policy best response to its equilibrium "
        f"({summary['generations']} CMA-ES generations, {summary['games_per_evaluation']:,} games per candidate) and "
        f"adds it. Exploitability = the best response's fresh win share − 1/{n}. Equilibrium weights carry 95% "
        "intervals over Poisson-bootstrap resamples of the meta-game's games (about "
        f"{_per_lineup(summary['final'], n)} games per lineup, so the weights are uncertain). Best member of the final "
        f"population: {summary['best_member']}"
        + (f" ({Path(out) / WEIGHTS})" if out is not None else "")
        + f", the best in {summary['best_member_share'][summary['best_member']]:.0%} of the resamples ("
        + ", ".join(f"{k} {v:.0%}" for k, v in summary["best_member_share"].items() if v > 0)
        + ")."
    )
    rows = []
    for it in summary["iterations"]:
        mix = ", ".join(
            f"{e} {w:.2f} [{lo:.2f}, {hi:.2f}]"
            for e, w, (lo, hi) in zip(it["entrants"], it["equilibrium"], it["equilibrium_ci95"])
            if w >= SUPPORT or hi >= SUPPORT
        )
        rows.append(
            {
                "iteration": it["iteration"],
                "population": len(it["entrants"]),
                "equilibrium": mix,
                "regret": f"{it['regret']:.2g}",
                "exploitability": fmt(it["exploitability"]),
                "games": it["fresh"]["games"],
            }
        )
    report.table("iterations", pd.DataFrame(rows), "The equilibrium and its exploitability per iteration (mean [95% CI])")
    final = summary["final"]
    report.table(
        "final_population",
        pd.DataFrame(
            {
                "entrant": final["entrants"],
                "equilibrium weight": [_ci(w, ci) for w, ci in zip(final["equilibrium"], final["equilibrium_ci95"])],
                "in the support": [f"{v:.0%}" for v in final["support_share"]],
                "win share": [_ci(w, ci) for w, ci in zip(final["win_share"], final["win_share_ci95"])],
                "best member": [_best(summary, e) for e in final["entrants"]],
            }
        ),
        f"Final population's meta-game ({final['games']:,} games; weights: 95% bootstrap interval over "
        f"{final['resamples']} resamples of the games; win share: Wilson CI; support and best member: share of "
        "the resamples)",
    )
    stem = report.plot_stem("exploitability")
    if stem is not None:
        its = summary["iterations"]
        band = np.array([[it["exploitability"]["mean"], *it["exploitability"]["ci95"]] for it in its]).T
        report.figure(
            plots.lines_with_band(
                [it["iteration"] for it in its],
                {"exploitability": tuple(band)},
                f"{game.title}, {n} players: exploitability of the meta-game equilibrium per iteration, 95% CI "
                f"(n={_span([it['fresh']['games'] for it in its])} fresh games each)",
                "iteration",
                "best response win share − 1/n",
                stem,
            ),
            "Exploitability per iteration",
        )
    report.save(summary)


def _ci(mean: float, ci) -> str:
    return f"{mean:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


def _best(summary: dict, entrant: str) -> str:
    share = summary["best_member_share"].get(entrant)
    return "" if share is None else f"{share:.0%}"


def _per_lineup(final: dict, players: int) -> int:
    return round(final["games"] / math.comb(len(final["entrants"]) + players - 1, players))


def _span(counts: list[int]) -> str:
    lo, hi = min(counts), max(counts)
    return f"{lo:,}" if lo == hi else f"{lo:,}–{hi:,}"
