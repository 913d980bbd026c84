"""Cheats that were refused already, kept refused: writing the view, keeping
memory in a module-level array (refused naming the array), in both engines;
isolated, a writer is refused before any game."""

import pytest

from sim import api
from sim.games import get_game
from sim.games.landunter.reference import ViewWriteError
from sim.registry import BotError
from tests.trust.conftest import in_process, isolated, play_isolated


@pytest.mark.parametrize("kind", ["compiled", "reference"])
def test_a_view_writer_is_refused_by_both_engines_with_one_line(kind):
    in_process("luft_writer.py")
    game = get_game("luft")
    rules, seats = game.rules_cls(players=2), game.registry.parse_seats("cheat-luft-writer,random", 2)
    play = game.play_batch if kind == "compiled" else game.reference_batch
    with pytest.raises(BotError, match="bot 'cheat-luft-writer' does not compile.*writes to st or params"):
        play(rules, seats, 0, 0, 1)


@pytest.mark.parametrize("kind", ["compiled", "reference"])
def test_luft_module_memory_is_refused_naming_the_array(kind):
    in_process("luft_module_memory.py")
    game = get_game("luft")
    rules, seats = game.rules_cls(players=2), game.registry.parse_seats("bad-luft-module-memory,random", 2)
    play = game.play_batch if kind == "compiled" else game.reference_batch
    with pytest.raises(BotError, match="writes to the module-level array 'SEEN'"):
        play(rules, seats, 0, 0, 1)


@pytest.mark.parametrize("kind", ["compiled", "trace"])
def test_landunter_module_memory_is_refused_naming_the_array(kind):
    in_process("landunter_module_memory.py")
    game = get_game("landunter")
    rules, seats = game.rules_cls(players=3), game.registry.parse_seats("bad-lu-module-memory,random,random", 3)
    with pytest.raises(ViewWriteError, match="bot 'bad-lu-module-memory' writes to the module-level array 'PLAYED'"):
        if kind == "compiled":
            game.play_batch(rules, seats, 0, 0, 1)
        else:
            api.trace("landunter", {}, "bad-lu-module-memory,random,random", players=3)


def test_isolated_a_writer_is_refused_before_any_game():
    with isolated("luft_writer.py"):
        with pytest.raises(BotError, match="cheat-luft-writer.*writes to st or params"):
            play_isolated("luft", "cheat-luft-writer,random", 2, seed=0, games=2)
