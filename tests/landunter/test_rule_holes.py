"""The rule holes of one flip step (outputs.HOLE_* bits), on hand-made
positions with both engines: each hole where it must be counted, whatever
its [D] option answers, and on a near-identical position where it must not."""

import pytest

from sim.games.landunter.outputs import HOLE_CUT_CASCADE, HOLE_FLOOD_TIE, HOLE_NO_FLOOD, HOLE_REPEAT_FLIPPER
from sim.games.landunter.rules import Rules
from tests.landunter.conftest import position

BOTH = (True, False)


def holes(steps, tops, rings, **options) -> int:
    return steps.flip_step(position(tops, rings), Rules(players=len(tops), **options))[1]


def test_a_tie_for_the_highest_flood_card_with_a_ringless_player_is_hole_d2(steps):
    for simultaneous in BOTH:
        # seats 0 and 1 tie at 9 without rings: both out (at once or one after another), seat 2 flips
        assert holes(steps, [9, 9, 3, 0, 0], [0, 0, 1, 1, 1], tie_simultaneous=simultaneous) == HOLE_FLOOD_TIE
    assert holes(steps, [9, 8, 3, 0, 0], [0, 0, 1, 1, 1]) == 0  # no tie: out one by one in the cascade
    assert holes(steps, [9, 9, 3, 0, 0], [1, 2, 1, 1, 1]) == 0  # a tie, but both can flip


def test_a_cascade_reaching_a_player_who_already_flipped_is_hole_d1(steps):
    for repeat in BOTH:
        # seats 0 and 1 tie at 9, seat 0 goes out: the now highest is seat 1, who just flipped
        # (flips again, or is passed over for seat 2: either way the situation is met)
        got = holes(steps, [9, 9, 3, 0, 0], [0, 2, 1, 1, 1], cascade_may_repeat_flipper=repeat)
        assert got == HOLE_REPEAT_FLIPPER | HOLE_FLOOD_TIE
    assert holes(steps, [9, 8, 3, 0, 0], [0, 2, 1, 1, 1]) == 0  # the now highest (seat 1) has not flipped


def test_an_elimination_leaving_two_while_a_flip_is_due_is_hole_d3(steps):
    for end_first in BOTH:
        # seat 0 goes out, two remain and seat 1 holds a flood card: the deal ends before or after its flip
        assert holes(steps, [9, 5, 0], [0, 1, 1], end_before_cascade=end_first) & HOLE_CUT_CASCADE
    assert holes(steps, [9, 0, 0], [0, 1, 1]) == 0  # nobody left holds a flood card: nothing is cut


def test_a_later_tied_flipper_cut_by_the_early_end_is_hole_d3(steps):
    # one after another: seats 0 and 1 go out, two remain while seat 2 (tied at 9) has not flipped yet
    assert holes(steps, [9, 9, 9, 0], [0, 0, 1, 1], tie_simultaneous=False) == HOLE_FLOOD_TIE | HOLE_CUT_CASCADE
    # at once, without repeated flippers: seat 2 flipped with them and nobody else holds a flood card
    assert holes(steps, [9, 9, 9, 0], [0, 0, 1, 1], cascade_may_repeat_flipper=False) == HOLE_FLOOD_TIE


def test_a_cascade_with_nobody_holding_a_flood_card_is_hole_d5(steps):
    assert holes(steps, [9, 0, 0, 0, 0], [0, 1, 1, 1, 1]) == HOLE_NO_FLOOD  # seat 0 out, nobody else holds one
    assert holes(steps, [9, 0, 0, 0, 0], [1, 1, 1, 1, 1]) == 0  # seat 0 flips: no cascade
    assert holes(steps, [9, 0, 3, 0, 0], [0, 1, 1, 1, 1]) == 0  # the cascade goes to seat 2


@pytest.mark.parametrize("end_first, expected", [(True, HOLE_CUT_CASCADE), (False, HOLE_CUT_CASCADE | HOLE_NO_FLOOD)])
def test_a_cascade_resolved_after_the_early_end_can_meet_hole_d5(steps, end_first, expected):
    # 3 -> 2 with seat 1 left to flip: by default the deal ends at once; else ringless seat 1 goes out
    # too and the cascade after it finds no flood card
    assert holes(steps, [9, 5, 0], [0, 0, 1], end_before_cascade=end_first) == expected
