"""Distil a strong bot into the `distilled` policy: log the teacher's decisions
on its own games, fit the policy's weights to them, fine-tune with CMA-ES.

1. `log_decisions`: the teacher plays every seat of ``games`` games on the
   reference engine (the same games the compiled engine plays); at each of its
   decisions the game's `choices` gives the options the distilled policy
   weighs there, as rows of features (its score of an option is the weights
   times the row), and which option the teacher took.
2. `fit`: a conditional logit over those options (the teacher's choice has
   probability softmax of the scores), L2-penalised, by L-BFGS; the fitted
   weights are the distilled policy that agrees with the teacher most often.
   Its agreement is measured on the held-out last fifth of the decisions.
3. `sim.strong.train.train` with ``bot="distilled"`` starting from the fit:
   the weights that win most against the field (the search weights stay 0).

A game takes part by registering its `choices` function (`register_choices`).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

import numpy as np

from sim import nb
from sim.registry import Seat

CHOICES: dict[str, Callable] = {}
HELD_OUT = 0.2  # share of the logged decisions the fit does not see: its agreement is measured there
PENALTY = 1e-5  # L2 penalty per weight, per decision: keeps separable data finite, barely biases the fit


def register_choices(game_name: str):
    """Decorator: ``fn(*args, action)`` gives, for a bot call's arguments
    before its parameter row and uniform and the action taken, (options x weights feature matrix, index of the option taken),
    or None when the distilled policy has no such choice there."""

    def deco(fn):
        CHOICES[game_name] = fn
        return fn

    return deco


def choices_of(game) -> Callable:
    game.registry.names()  # loads the game's bots, which register their choices
    if game.name not in CHOICES:
        raise ValueError(f"{game.title} has no distilled bot to fit: its bots register no distilled policy")
    return CHOICES[game.name]


def log_decisions(game, rules, teacher: Seat, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The teacher's decisions in ``games`` games of self-play: features
    (decisions x options x weights, padded with rows of 0), a mask of the real
    options, the index of the option taken."""
    choices = choices_of(game)
    rows: list[np.ndarray] = []
    taken: list[int] = []

    def recorded(*args):
        action = teacher.bot.fn(*args)
        got = choices(*args[:-2], int(action))  # the call's args without its parameters and uniform
        if got is not None:
            rows.append(got[0])
            taken.append(got[1])
        return action

    # the recorder is the engine's own wrapper (`sim.nb.engine_side`): the reference engine calls it as it is
    seat = Seat(teacher.spec, replace(teacher.bot, fn=nb.engine_side(recorded)), teacher.params)
    game.reference_batch(rules, [seat] * rules.players, seed, 0, games)
    if not rows:
        raise ValueError(f"{teacher.spec} made no decision the distilled policy weighs in {games} games; play more")
    width = max(len(r) for r in rows)
    X = np.zeros((len(rows), width, rows[0].shape[1]))
    mask = np.zeros((len(rows), width), bool)
    for i, r in enumerate(rows):
        X[i, : len(r)] = r
        mask[i, : len(r)] = True
    return X, mask, np.array(taken)


def _scores(w, X, mask):
    s = X @ w
    return np.where(mask, s, -np.inf)


def agreement(w, X, mask, taken) -> float:
    """Share of decisions where the policy with weights ``w`` takes the
    teacher's option (the first best on ties, as the bots do)."""
    if len(taken) == 0:
        return float("nan")
    return float(np.mean(np.argmax(_scores(w, X, mask), axis=1) == taken))


def fit(X, mask, taken, free: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The weights of the conditional logit of the teacher's choices (only the
    ``free`` ones move; the others stay as in ``start``)."""
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from scipy.optimize import minimize
    from scipy.special import logsumexp

    n = len(taken)
    Xf = X[:, :, free]
    base = X @ start - Xf @ start[free]  # the fixed weights' part of each score

    def loss(v):
        s = np.where(mask, Xf @ v + base, -np.inf)
        lse = logsumexp(s, axis=1)
        p = np.exp(s - lse[:, None])
        chosen = s[np.arange(n), taken]
        onehot = np.zeros_like(p)
        onehot[np.arange(n), taken] = 1.0
        grad = np.einsum("no,nof->f", p - onehot, Xf) / n + 2 * PENALTY * v
        return float(np.mean(lse - chosen) + PENALTY * v @ v), grad

    res = minimize(loss, start[free].astype(float), jac=True, method="L-BFGS-B")
    w = start.astype(float).copy()
    w[free] = res.x
    return w


def distill(
    game,
    rules,
    teacher_spec: str,
    field: list[str],
    *,
    decision_games: int,
    games: int,
    generations: int,
    seed: int,
    population: int | None = None,
    sigma: float = 0.2,
    mixture=None,
    draw: bool = False,
    out=None,
    executor=None,
    progress: bool | None = None,
) -> dict:
    """Fit the distilled policy to ``teacher_spec``'s decisions and fine-tune it
    against ``field`` (no fine-tuning with ``generations`` 0); the summary
    (JSON-ready), the weights written to ``out``/weights.json."""
    # deferred: loads scipy, slow to import (python -X importtime), for this path only
    from pathlib import Path

    from sim.strong.train import WEIGHTS, layout_of, train
    from sim.strong.weights import save

    choices_of(game)  # a game without a distilled bot: one error line before any game
    layout = layout_of(game, "distilled")
    players = rules.players
    teacher = game.registry.parse(teacher_spec, players)
    start = time.perf_counter()
    X, mask, taken = log_decisions(game, rules, teacher, decision_games, seed)
    logged = time.perf_counter() - start
    cut = max(1, int(len(taken) * (1 - HELD_OUT)))
    w0 = layout.held(layout.default)
    weights = fit(X[:cut], mask[:cut], taken[:cut], layout.free(), w0)
    fitted = {
        "teacher": teacher_spec,
        "games": decision_games,
        "decisions": int(len(taken)),
        "held_out": int(len(taken) - cut),
        "agreement_held_out": agreement(weights, X[cut:], mask[cut:], taken[cut:]),
        "agreement_start": agreement(w0, X[cut:], mask[cut:], taken[cut:]),
        "log_seconds": round(logged, 1),
        "weights": [float(x) for x in weights],
    }
    summary = {"game": game.name, "players": players, "rules": rules.to_dict(), "seed": seed, "fit": fitted}
    if generations > 0:
        trained = train(
            game,
            rules,
            field,
            games=games,
            generations=generations,
            seed=seed,
            population=population,
            sigma=sigma,
            start=weights,
            out=out,
            executor=executor,
            progress=progress,
            label="distil",
            mixture=mixture,
            draw=draw,
            bot="distilled",
        )
        summary["fine_tune"] = trained
        weights = np.array(trained["weights"])
    summary["weights"] = [float(x) for x in layout.held(weights)]
    summary["complete"] = True
    if out is not None:
        training = {"distilled_from": {k: v for k, v in fitted.items() if k != "weights"}}
        if generations > 0:
            t = summary["fine_tune"]
            training.update(
                {
                    k: t[k]
                    for k in (
                        "field",
                        "mixture",
                        "games_per_evaluation",
                        "generations",
                        "population",
                        "seed",
                        "sigma",
                        "best_generation",
                    )
                    if k in t
                }
            )
            training["fresh_win_share"] = t["fresh"]["win_share"]
        save(Path(out) / WEIGHTS, layout, summary["weights"], players, rules.to_dict(), training)
    return summary
