"""Fit the `policy` bot's weights to people's choices by maximum likelihood.

The policy scores each choice with a weighted sum of its features and takes
the best; a person is modelled as choosing with probability proportional to
exp(score) (a conditional logit: the policy's family with one more ounce of
noise). The log-likelihood is concave in the weights; Newton's method (scipy's
trust-region solver, exact gradient and Hessian) finds its maximum, and the
inverse Hessian gives each weight's standard error. The game's
``strategies/<game>/policy_choices.py`` turns a logged decision into feature
rows with the bot's own functions, and says which weights each decision
type scores with.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import minimize
from scipy.special import logsumexp

from sim import api
from sim.play.playlog import GameLog
from sim.play.table import HUMAN

RIDGE = 1e-6  # keeps the Hessian invertible where a feature never varies; far below any information in the data


@dataclass
class Observed:
    """People's decisions as the policy family sees them."""

    kinds: list[str] = field(default_factory=list)  # decision type of each
    rows: list[np.ndarray] = field(default_factory=list)  # feature rows, one per legal choice
    chosen: list[int] = field(default_factory=list)  # the row the person chose
    weights: dict[str, np.ndarray] = field(default_factory=dict)  # block indices each type scores with


def choices_module(game_name: str):
    """The game's ``policy_choices`` module, beside its `policy` bot."""
    fn = api.get_game(game_name).registry.get("policy").fn
    return importlib.import_module(getattr(fn, "py_func", fn).__module__ + "_choices")


def observe(logs: list[GameLog]) -> Observed:
    """Every decision made by a person (seat name ``human`` in the logs) that the
    policy family scores, with more than one legal choice."""
    obs = Observed()
    for log in logs:
        module = choices_module(log.start["game"])
        obs.weights = module.WEIGHTS
        for rec in log.decisions:
            if rec["player"] != HUMAN:
                continue
            st = np.array(rec["view"], dtype=np.int64)
            seen = module.choices(rec["phase"], rec["seat"], st, int(rec["action"]))
            if seen is None or len(seen[1]) < 2:
                continue
            obs.kinds.append(seen[0])
            obs.rows.append(seen[1])
            obs.chosen.append(seen[2])
    return obs


@dataclass
class Fit:
    weights: np.ndarray  # the whole block: fitted weights, 0 where no decision type scores
    se: np.ndarray  # standard error of each (nan where not fitted)
    fitted: np.ndarray  # the block indices fitted
    decisions: dict[str, int]  # decisions per type
    log_likelihood: float
    hessian: np.ndarray  # of the negative log-likelihood over the fitted weights (its inverse: their covariance)


def fit(obs: Observed, size: int) -> Fit:
    """The maximum-likelihood weights of a block of ``size`` weights."""
    if not obs.kinds:
        raise ValueError(
            "no decision by a person that the policy scores, with a choice to make; give logs of games people played"
        )
    kinds = sorted(set(obs.kinds))
    fitted = np.unique(np.concatenate([obs.weights[k] for k in kinds]))
    where = {k: np.searchsorted(fitted, obs.weights[k]) for k in kinds}
    p = len(fitted)

    def nll(w):
        total, grad, hess = 0.0, np.zeros(p), np.zeros((p, p))
        for kind, rows, chosen in zip(obs.kinds, obs.rows, obs.chosen):
            at = where[kind]
            scores = rows @ w[at]
            lse = logsumexp(scores)
            prob = np.exp(scores - lse)
            mean = prob @ rows
            total -= scores[chosen] - lse
            grad[at] -= rows[chosen] - mean
            centred = rows - mean
            hess[np.ix_(at, at)] += (centred * prob[:, None]).T @ centred
        return total + RIDGE * w @ w / 2, grad + RIDGE * w, hess + RIDGE * np.eye(p)

    cache = {}

    def parts(w):
        key = w.tobytes()
        if key not in cache:
            cache.clear()
            cache[key] = nll(w)
        return cache[key]

    result = minimize(
        lambda w: parts(w)[0],
        np.zeros(p),
        jac=lambda w: parts(w)[1],
        hess=lambda w: parts(w)[2],
        method="trust-exact",
        options={"gtol": 1e-8, "maxiter": 500},
    )
    value, _, hess = parts(result.x)
    cov = np.linalg.pinv(hess)
    weights, se = np.zeros(size), np.full(size, np.nan)
    weights[fitted] = result.x
    se[fitted] = np.sqrt(np.maximum(np.diag(cov), 0.0))
    counts = {k: obs.kinds.count(k) for k in kinds}
    return Fit(weights, se, fitted, counts, -float(value), hess)
