"""Cheat: from one uniform of a seat's first decision, find (seed, game) by
search among small seeds, then every card of the game.

In-process this is OUT OF SCOPE by the trust model ("guessable seed":
docs/concepts/trust-model.md): the default seed is 0, SplitMix64 is no
secret, and the test below shows the search succeeds. Isolated, the streams
are keyed with the run secret (`rng.KeyedSeed`): the same search finds no
candidate at all, so the uniforms say nothing about the deck."""

import numpy as np

from sim import rng
from tests.trust.conftest import SECRET

SEEDS, GAMES = range(4), range(150)


def first_uniforms(seed_of) -> dict[float, list[tuple[int, int]]]:
    """Seat 0's first uniform of every (seed, game) candidate."""
    table: dict[float, list] = {}
    for seed in SEEDS:
        for game in GAMES:
            table.setdefault(rng.Stream.for_bot(seed_of(seed), game, 0).uniform(), []).append((seed, game))
    return table


def test_in_process_a_guessable_seed_gives_the_game_away_out_of_scope():
    table = first_uniforms(lambda s: s)
    for game in (0, 7, 149):
        seen = rng.Stream.for_bot(0, game, 0).uniform()  # what the bot sees with the default seed
        assert table[seen] == [(0, game)]


def test_isolated_the_keyed_uniforms_match_no_candidate():
    table = first_uniforms(lambda s: s)
    keyed = rng.KeyedSeed(0, bytes.fromhex(SECRET))
    seen = [rng.Stream.for_bot(keyed, game, 0).uniform() for game in GAMES]
    assert not any(u in table for u in seen)
    assert len(set(seen)) == len(seen)


def test_keyed_uniforms_are_uniform_and_the_secret_decides_them():
    keyed = rng.KeyedSeed(0, bytes.fromhex(SECRET))
    other = rng.KeyedSeed(0, bytes(16))
    u = np.array([rng.Stream.for_bot(keyed, g, s).uniform() for g in range(500) for s in range(4)])
    se = np.sqrt(1 / 12 / len(u))
    assert abs(u.mean() - 0.5) < 4 * se
    assert rng.Stream.for_bot(keyed, 3, 0).uniform() != rng.Stream.for_bot(other, 3, 0).uniform()
    assert rng.Stream(keyed, 3).state == rng.Stream(rng.KeyedSeed(0, bytes.fromhex(SECRET)), 3).state
