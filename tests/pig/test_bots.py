"""Pig's bots: the switch agrees with the registry, parameters are respected,
and optimal refuses tables it was not solved for."""

import numpy as np
import pytest

from sim.games.pig import layout
from sim.games.pig.rules import Rules
from sim.games.pig.spec import GAME
from sim.registry import BotError
from strategies.pig.dispatch import N_BUILTINS, decide_builtin


def view(own=10, other=30, total=12, goal=100):
    st = np.zeros(layout.STATE_SIZE, np.int64)
    st[layout.S_PLAYERS], st[layout.S_GOAL], st[layout.S_TURN_TOTAL] = 2, goal, total
    st[layout.S_SCORE], st[layout.S_SCORE + 1] = own, other
    return st


def test_switch_routes_every_builtin_id_to_its_bot():
    reg = GAME.registry
    builtins = [n for n in reg.names() if reg.get(n).builtin_id >= 0]  # a bot file another test loaded has none
    ids = sorted({reg.get(n).builtin_id for n in builtins})
    assert ids == list(range(N_BUILTINS))
    from sim.games.pig.solve import optimal_table

    table = optimal_table(100)
    for name in builtins:
        b = reg.get(name)
        params = reg.parse(name, 2).params
        for total in (2, 12, 19, 20, 31):
            for u in (0.1, 0.9):
                st = view(total=total)
                assert decide_builtin(b.builtin_id, 0, st, params, u, table) == b.fn(0, st, params, u), (name, total)


@pytest.mark.parametrize("n", [3, 15, 20, 35])
def test_hold_holds_at_its_parameter(n):
    seat = GAME.registry.parse(f"hold:n={n}", 2)
    assert [seat.bot.fn(0, view(total=t), seat.params, 0.5) for t in (n - 1, n, n + 1)] == [layout.ROLL, layout.HOLD, layout.HOLD]


def test_optimal_refuses_a_table_of_three():
    with pytest.raises(BotError, match="2 players only"):
        GAME.registry.parse("optimal", 3)
    with pytest.raises(BotError, match="2 players only"):
        GAME.play_batch(Rules(players=3), [GAME.registry.parse(s) for s in ("optimal", "random", "random")], 0, 0, 5)


def test_optimal_refuses_a_goal_beyond_the_solved_range():
    with pytest.raises(BotError, match="goals 1..200"):
        GAME.play_batch(Rules(goal=500), GAME.registry.parse_seats("optimal", 2), 0, 0, 5)


def test_optimal_rolls_on_when_the_other_is_about_to_win():
    seat = GAME.registry.parse("optimal", 2)
    assert seat.bot.fn(0, view(own=0, other=98, total=40), seat.params, 0.5) == layout.ROLL
    assert seat.bot.fn(0, view(own=0, other=0, total=40), seat.params, 0.5) == layout.HOLD


def test_the_policy_counts_the_end_race_in_tenths_of_the_goal():
    from strategies.pig.policy import features

    f = features(0, view(own=75, other=80, total=10))
    assert f[1:4] == pytest.approx((0.10, 0.75, 0.80))
    assert f[4] == pytest.approx(1.0) and f[5] == pytest.approx(0.5)  # 80 and 75 of 100: 1 and 0.5 tenths past 70
    assert features(0, view(own=70, other=69))[4:6] == (0.0, 0.0)


def test_an_end_race_weight_of_one_rolls_on_in_the_race_at_the_end():
    weights = GAME.registry.get("policy").options.__self__
    switch = [0.2, -1.0, 0.0, 0.0, 1.0, 1.0, 0.0]  # hold at 20, except in the race at the end
    bot = GAME.registry.get("policy").fn
    params = weights.vector(switch)
    assert bot(0, view(own=10, other=30, total=25), params, 0.5) == layout.HOLD
    assert bot(0, view(own=10, other=73, total=25), params, 0.5) == layout.ROLL
    assert bot(0, view(own=73, other=10, total=25), params, 0.5) == layout.ROLL
