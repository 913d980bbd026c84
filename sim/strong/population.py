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

from collections import Counter
from itertools import combinations_with_replacement
from math import factorial, prod
from pathlib import Path

import numpy as np

from sim import interrupt, plots
from sim.metagame import nplayer_equilibrium
from sim.registry import Seat
from sim.report import Report, fmt
from sim.strong.exploit import exploitability
from sim.strong.train import WEIGHTS, candidate, checkpoint, generation_seed, layout_of, resume, train
from sim.strong.weights import save as save_weights
from sim.tournament import play as play_tournament

CHECKPOINT = "population-checkpoint.npz"
META = 2**34  # seed streams of the meta-games and best responses, apart from train's
SUPPORT = 1e-3  # entrants below this equilibrium weight are left out of the best response's opponents


def meta_game(game, rules, seats: list[Seat], games: int, seed: int, executor=None, progress=None) -> dict:
    """The population's n-player meta-game: equilibrium weights, regret and
    each entrant's win share in a tournament with repeated entrants."""
    standings, _, _, complete = play_tournament(
        game, rules, seats, games, seed, executor=executor, progress=progress, repeats=True
    )
    if not complete:
        raise interrupt.Interrupted()
    x, regret = nplayer_equilibrium(standings.lineup_shares(), len(seats), rules.players)
    n, s, _ = standings.sums["win"].T
    return {
        "entrants": [e.spec for e in seats],
        "equilibrium": [float(w) for w in x],
        "regret": regret,
        "win_share": [float(w) for w in s / np.maximum(n, 1)],
        "games": standings.games,
        "seed": seed,
    }


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
) -> dict:
    """Run ``iterations`` of population play from the ``start`` specs (module doc); the summary."""
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
    }  # not iterations: a rerun with more goes on
    if out is not None:
        Path(out).mkdir(parents=True, exist_ok=True)
    state = resume(out, config, CHECKPOINT, "population run") or {"config": config, "members": [], "iterations": []}
    for k in range(len(state["iterations"]), iterations):
        seats = starting + [candidate(game, m["weights"], m["name"]) for m in state["members"]]
        meta = meta_game(game, rules, seats, meta_games, generation_seed(seed, META + 2 * k), executor, progress)
        tables = opponent_tables(seats, meta["equilibrium"], players)
        name = f"psro-{k + 1}"
        br = train(
            game,
            rules,
            [s.spec for s, w in zip(seats, meta["equilibrium"]) if w >= SUPPORT],
            games=games,
            generations=generations,
            seed=generation_seed(seed, META + 2 * k + 1),
            population=cma_population,
            out=None if out is None else Path(out) / f"br-{k + 1}",
            executor=executor,
            progress=progress,
            label=f"iteration {k + 1}/{iterations}: best response",
            mixture=tables,
        )
        state["iterations"].append(
            {"iteration": k + 1, **meta, "exploitability": exploitability(br), "best_response": name, "fresh": br["fresh"]}
        )
        state["members"].append({"name": name, "weights": br["weights"]})
        with interrupt.held():
            checkpoint(out, state, CHECKPOINT)
    seats = starting + [candidate(game, m["weights"], m["name"]) for m in state["members"]]
    final = meta_game(
        game, rules, seats, meta_games, generation_seed(seed, META + 2 * len(state["iterations"])), executor, progress
    )
    trained = range(len(starting), len(seats))
    best = max(trained, key=lambda i: (final["equilibrium"][i], final["win_share"][i]))
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
        "weights": member["weights"],
        "measures": {
            "exploitability": "the best response to iteration k's equilibrium: its win share on fresh games minus 1/n, 95% CI",
            "equilibrium": "symmetric n-player meta-game (each player picks an entrant, scores its pick's win share) "
            "from a tournament with repeated entrants",
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
    import pandas as pd

    n = summary["players"]
    report = Report(f"{game.title}: population play ({n} players)", out)
    report.text(
        f"Start: {', '.join(summary['start'])}. Each iteration solves the {n}-player meta-game of the population "
        f"({summary['meta_games']:,} games with repeated entrants), trains a policy best response to its equilibrium "
        f"({summary['generations']} CMA-ES generations, {summary['games_per_evaluation']:,} games per candidate) and "
        f"adds it. Exploitability = the best response's fresh win share − 1/{n}. Best member of the final population: "
        f"{summary['best_member']}" + (f" ({Path(out) / WEIGHTS})." if out is not None else ".")
    )
    rows = []
    for it in summary["iterations"]:
        mix = ", ".join(f"{e} {w:.2f}" for e, w in zip(it["entrants"], it["equilibrium"]) if w >= SUPPORT)
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
            {"entrant": final["entrants"], "equilibrium weight": final["equilibrium"], "win share": final["win_share"]}
        ).round(4),
        f"Final population's meta-game ({final['games']:,} games)",
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


def _span(counts: list[int]) -> str:
    lo, hi = min(counts), max(counts)
    return f"{lo:,}" if lo == hi else f"{lo:,}–{hi:,}"
