"""Pig's rules, one test per rule (rules/pig.md), on both engines."""

import numpy as np
import pytest

from sim import nb
from sim.games.pig import reference
from sim.games.pig.rules import Rules, RulesError
from sim.games.pig.spec import GAME
from sim.registry import Bot, Seat


def seats(spec: str, players: int = 2):
    return GAME.registry.parse_seats(spec, players)


def both(rules, table, seed=1, n=200):
    """The compiled and the reference batch of the same games (they must agree)."""
    compiled = GAME.play_batch(rules, table, seed, 0, n)
    ref = GAME.reference_batch(rules, table, seed, 0, n)
    for field in compiled._fields:
        np.testing.assert_array_equal(getattr(compiled, field), getattr(ref, field), err_msg=field)
    return compiled


def test_rule_the_first_to_reach_the_goal_wins():
    for goal in (1, 7, 100):
        b = both(Rules(goal=goal, players=3), seats("hold:n=10", 3))
        winner = b.win60.argmax(axis=1)
        assert (b.win60.sum(axis=1) == 60).all()
        assert (b.score[np.arange(len(b.score)), winner] >= goal).all()
        others = b.score.copy()
        others[np.arange(len(b.score)), winner] = -1
        assert (others < goal).all()


def test_rule_seat0_moves_first_unless_first_is_random():
    assert (both(Rules(), seats("hold:n=20")).first == 0).all()
    first = both(Rules(players=4, first="random"), seats("hold:n=20", 4), n=400).first
    assert set(first) == {0, 1, 2, 3}


def test_rule_a_one_loses_the_turn_total_and_other_faces_add():
    """The trace of an always-roll-to-8 bot: every turn ends on a 1 with +0, or holds
    with the sum of its faces."""
    lines: list[str] = []
    reference.play_game(Rules(goal=30), seats("hold:n=8"), 3, 0, log=lines.append)
    turns = [line for line in lines if line.startswith("turn")]
    assert turns
    for line in turns:
        faces = [int(x) for x in line.split("rolls ")[1].split(" ->")[0].split()]
        gained = int(line.split("+")[1].split(" ")[0])
        if faces[-1] == 1:
            assert gained == 0 and "pig" in line
        else:
            assert 1 not in faces and gained == sum(faces)


def test_rule_a_turn_total_that_reaches_the_goal_is_banked_at_once():
    """A bot that never holds still wins: reaching the goal ends the game."""
    b = both(Rules(goal=12), seats("hold:n=1000"))
    assert (b.score.max(axis=1) >= 12).all()


def test_rule_a_bot_decides_only_after_a_roll_of_two_to_six():
    seen = []

    def spy(seat, st, params, u):
        seen.append((int(st[2]), int(st[4])))  # turn total, last face
        return 1 if st[2] < 10 else 0

    spy_seat = Seat("spy", Bot("spy", nb.engine_side(spy), (), "spy", -1), np.zeros(8))
    reference.play_game(Rules(goal=40), [spy_seat, spy_seat], 5, 0)
    assert seen and all(total >= 2 and 2 <= face <= 6 for total, face in seen)


def test_an_answer_other_than_roll_or_hold_is_refused_naming_the_bot():
    def bad(seat, st, params, u):
        return 7

    seat = Seat("bad", Bot("bad", nb.engine_side(bad), (), "bad", -1), np.zeros(8))
    with pytest.raises(reference.IllegalAction, match="'bad' at seat 0 answered 7"):
        reference.play_game(Rules(), [seat, seat], 0, 0)


@pytest.mark.parametrize("items", [{"goal": "0"}, {"players": "7"}, {"first": "last"}, {"goal": "x"}, {"colour": "red"}])
def test_a_bad_rule_is_one_error_naming_it(items):
    with pytest.raises(RulesError, match=next(iter(items))):
        Rules.from_strings(items)
