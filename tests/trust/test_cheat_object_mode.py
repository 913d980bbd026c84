"""Cheat: drop into numba's object mode and walk the Python stack to the
engine's hidden state. The compiled engine cannot compile it; the reference
engine (trace, play, hints, --debug) refuses it with the very same line, and
an isolated run refuses it at the start."""

import pytest

from sim import api
from sim.games import get_game
from sim.registry import BotError
from tests.trust.conftest import in_process, isolated, play_isolated

SPECS = "bad-luft-object-mode,random"
REASON = "bot 'bad-luft-object-mode' does not compile as an njit decide(phase, seat, st, params, u) -> int: "


def _refusal(play) -> str:
    with pytest.raises(BotError) as err:
        play()
    assert "\n" not in str(err.value)
    return str(err.value)


def test_both_engines_refuse_an_object_mode_bot_with_the_same_line():
    in_process("luft_object_mode.py")
    game = get_game("luft")
    rules, seats = game.rules_cls(players=2), game.registry.parse_seats(SPECS, 2)
    compiled = _refusal(lambda: game.play_batch(rules, seats, 0, 0, 5))
    reference = _refusal(lambda: game.reference_batch(rules, seats, 0, 0, 1))
    traced = _refusal(lambda: api.trace("luft", {}, SPECS, players=2))
    assert compiled.startswith(REASON)
    assert compiled == reference == traced


def test_isolated_an_object_mode_bot_is_refused_before_any_game():
    with isolated("luft_object_mode.py"):
        with pytest.raises(BotError, match="bad-luft-object-mode.*does not compile"):
            play_isolated("luft", SPECS, 2, seed=0, games=2)
