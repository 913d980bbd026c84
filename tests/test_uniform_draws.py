"""The kernels draw a bot's uniform only for seats whose bot reads it
(`sim.nb.reads_argument`, `uniform_draws`); every game stays the same."""

import numpy as np
import pytest

from sim import nb
from sim.games import get_game


def _reads_u(phase, seat, st, params, u):
    return 1 if u < 0.5 else 0


def _ignores_u(phase, seat, st, params, u):
    return seat + phase


def _passes_u_on(phase, seat, st, params, u):
    return _reads_u(phase, seat, st, params, u)


def _reads_u_in_a_closure(phase, seat, st, params, u):
    def inner():
        return u

    return inner()


def _overwrites_u_then_reads(phase, seat, st, params, u):
    u = 0.25  # the new value, not the argument: still counted as a read (conservative)
    return u


@pytest.mark.parametrize(
    "fn, reads",
    [
        (_reads_u, True),
        (_ignores_u, False),
        (_passes_u_on, True),
        (_reads_u_in_a_closure, True),
        (_overwrites_u_then_reads, True),
    ],
)
def test_reads_argument_sees_whether_a_function_loads_its_argument(fn, reads):
    assert nb.reads_argument(fn, 4) is reads


def test_reads_argument_counts_code_it_cannot_inspect_as_reading():
    assert nb.reads_argument(len, 0) is True
    assert nb.reads_argument(_ignores_u, 7) is True  # no such argument


@pytest.mark.parametrize("game_name, u_index", [("luft", 4), ("landunter", 3)])
def test_the_builtin_bots_that_read_u_are_the_ones_that_draw(game_name, u_index):
    """`random` reads its uniform and keeps its draw; the deterministic
    one-liners read none (the njit bots' own bytecode, not a list)."""
    registry = get_game(game_name).registry
    assert nb.reads_argument(registry.get("random").fn, u_index)
    for name in ("threshold",) if game_name == "luft" else ("high", "low", "mid"):
        assert not nb.reads_argument(registry.get(name).fn, u_index)


@pytest.mark.parametrize(
    "game_name, bots",
    [("luft", "threshold:t=2,random,threshold:t=3,random"), ("landunter", "high,low,mid,random")],
)
def test_skipping_the_draws_of_seats_that_ignore_u_plays_the_same_games(game_name, bots, monkeypatch):
    """Each seat has its own stream of uniforms, so a seat that skips its
    draws changes no other seat's: the games equal those where every seat draws."""
    game = get_game(game_name)
    rules = game.rules_cls.from_strings({}, players=4)
    seats = game.registry.parse_seats(bots, 4)
    assert 0 < nb.uniform_draws(seats, 4 if game_name == "luft" else 3, 8).sum() < 4
    skipped = game.play_batch(rules, seats, 11, 0, 300)
    monkeypatch.setattr(nb, "uniform_draws", lambda seats, u_index, size: np.ones(size, np.int64))
    drawn = game.play_batch(rules, seats, 11, 0, 300)
    for a, b in zip([*skipped, skipped.sums], [*drawn, drawn.sums]):  # every per-game array and the chunk sums
        assert np.array_equal(a, b)
