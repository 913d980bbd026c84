"""The strong-play tools on Pig, where the truth is known: nothing trained
against `optimal` wins significantly more than half its games, and a trained
best response to hold:n=20 stays at or below the exact best response (small
budgets here; docs/findings/pig.md has the full runs)."""

import pytest

from sim.games.pig.analyses.exact import exact_answers
from sim.games.pig.rules import Rules
from sim.games.pig.spec import GAME
from sim.strong.train import train

GAMES = 4_000  # per evaluation: 2,000 per seat order


@pytest.fixture(scope="module")
def against_optimal():
    return train(GAME, Rules(), ["optimal"], games=GAMES, generations=2, seed=5, progress=False)


@pytest.fixture(scope="module")
def against_hold():
    return train(GAME, Rules(), ["hold:n=20"], games=GAMES, generations=2, seed=6, progress=False)


def test_training_against_optimal_never_wins_significantly_more_than_half(against_optimal):
    assert against_optimal["fresh"]["win_share"]["ci95"][0] <= 0.5


def test_a_trained_best_response_stays_at_or_below_the_exact_one(against_hold):
    exact = exact_answers(100, "hold:n=20")["against"]["best_response_win_mean"]
    assert against_hold["fresh"]["win_share"]["ci95"][0] <= exact
