"""Cheat (or honest bug): reading past the end of the view, where the engine's
private arrays lie. In-process: caught by both engines, one line naming the
bot, the index and the game. Isolated: the bot reads only its own copy, is
caught the same way and forfeits."""

import pytest

from sim import api, botdebug
from sim.games import get_game
from tests.trust.conftest import in_process, isolated, play_isolated

CASES = [
    ("luft", "luft_out_of_bounds.py", "bad-luft-out-of-bounds,random", "index 499 is out of bounds", "game 0, dive 2"),
    ("landunter", "landunter_out_of_bounds.py", "bad-lu-out-of-bounds,random,random", "index 227 is out", "game 0, deal 1"),
]


@pytest.mark.parametrize("game_name, file, specs, index, where", CASES)
def test_an_out_of_bounds_read_stops_the_compiled_engine_with_one_line(game_name, file, specs, index, where):
    in_process(file)
    game = get_game(game_name)
    rules = game.rules_cls(players=len(specs.split(",")))
    seats = game.registry.parse_seats(specs, rules.players)
    with pytest.raises(botdebug.BotFailure) as failure:
        botdebug.play_batch(game, rules, seats, 0, 0, 50)
    line = str(failure.value)
    assert "\n" not in line
    assert f"bot {specs.split(',')[0]!r} in seat 0 raised IndexError: {index}" in line and where in line


@pytest.mark.parametrize("game_name, file, specs, index, where", CASES)
def test_the_reference_engine_stops_at_the_same_read_with_the_same_line(game_name, file, specs, index, where):
    """`trace` (the reference engine) calls the bot through its bounds-checked plug-in."""
    in_process(file)
    with pytest.raises(botdebug.BotFailure) as failure:
        api.trace(game_name, {}, specs, players=len(specs.split(",")), seed=0, game_index=0)
    assert f"raised IndexError: {index}" in str(failure.value) and where in str(failure.value)


def test_isolated_the_reader_forfeits_with_the_index_as_its_reason():
    with isolated("luft_out_of_bounds.py"):
        batch, run = play_isolated("luft", "bad-luft-out-of-bounds,random", 2, seed=0, games=10)
    assert len(batch.seat) == 10
    assert run.forfeits and all("IndexError" in f.reason and "out of bounds" in f.reason for f in run.forfeits)
