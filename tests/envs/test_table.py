"""sim.envs.table: the reference engine played step by step is the same game."""

import importlib

import numpy as np
import pytest

from sim import rng
from sim.envs.faces import face, rules_of
from sim.envs.table import ChanceStream, IllegalStep, Table, shuffle_draws
from sim.games import get_game

BOTS = {"luft": "threshold", "landunter": "dodge"}  # deterministic bots: their uniforms do not matter


def test_chance_stream_shuffles_like_the_game_stream():
    deck = np.arange(1, 61, dtype=np.int64)
    own = rng.Stream(5, 3).shuffle(deck.copy())
    other = rng.Stream(5, 3)
    ours = ChanceStream(other.randbelow).shuffle(deck.copy())
    assert list(ours) == list(own)


def test_shuffle_draws_turn_a_start_into_the_order_asked_for():
    start = [1, 1, 2, 2, 3, 4, 4, 5]
    order = [4, 2, 1, 5, 4, 1, 3, 2]
    draws = iter(shuffle_draws(start, order))
    assert list(ChanceStream(lambda n: next(draws)).shuffle(np.array(start))) == order


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_a_table_deals_the_game_the_reference_engine_plays(game):
    spec, f = get_game(game), face(game)
    rules = rules_of(f, players=3)
    seats = spec.registry.parse_seats(BOTS[game], 3)
    for index in range(3):
        ref_lines, lines = [], []
        record = importlib.import_module(f"sim.games.{game}.reference").play_game(rules, seats, 11, index, ref_lines.append)
        table = Table(f, rules, 11, index, trace=True)
        while not table.over:
            point = table.request
            table.apply(f.call_bot(seats[point.seat].bot.fn, point, seats[point.seat].params))
        assert table.record.win60 == record.win60 and table.record.score == record.score
        lines = [line for line in table.lines if " env" not in line]  # the header names the seats' bots
        assert lines == [line for line in ref_lines if BOTS[game] not in line]


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_a_replayed_history_is_the_same_table(game):
    f = face(game)
    table = Table(f, rules_of(f, players=4), explicit_chance=True)
    rand = np.random.default_rng(0)
    for _ in range(150):
        table.apply(table.legal()[rand.integers(len(table.legal()))])
    copy = table.clone()
    assert copy.history == table.history and copy.legal() == table.legal()
    assert [p.view.tolist() for p in copy.points] == [p.view.tolist() for p in table.points]


def test_an_illegal_action_or_a_step_after_the_end_is_refused():
    f = face("landunter")
    table = Table(f, rules_of(f, players=3), 1, 0)
    with pytest.raises(IllegalStep, match="not legal for seat 0; legal: \\["):
        table.apply(0)
    while not table.over:
        table.apply(table.legal()[0])
    with pytest.raises(IllegalStep, match="the game is over"):
        table.apply(1)


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_a_playout_plays_the_game_stepping_with_the_same_choices_plays(game):
    """`Table.play_out` (the search's rollouts, inside the engine) takes the
    same steps, views and outcome as the driver applying each choice."""
    f = face(game)
    start = Table(f, rules_of(f, players=3), explicit_chance=True)
    rand = np.random.default_rng(1)
    for _ in range(40):
        start.apply(start.legal()[rand.integers(len(start.legal()))])
    stepped, played = start.clone(), start.clone()
    a, b = np.random.RandomState(7), np.random.RandomState(7)
    while not stepped.over:
        legal = stepped.legal()
        stepped.apply(legal[a.randint(len(legal))])
    played.play_out(lambda legal: legal[b.randint(len(legal))])
    assert played.over and len(played.history) > len(start.history)
    assert played.history == stepped.history and played.record.score == stepped.record.score
    assert [p.view.tolist() for p in played.points] == [p.view.tolist() for p in stepped.points]
