"""Rule holes counted by the engines: each on a hand-made position of the
reference engine, then the compiled engine counting the same in played games."""

from __future__ import annotations

import numpy as np

from sim.games.landunter import engine as lu_engine
from sim.games.landunter.outputs import (
    HOLE_BOTH_BONUSES,
    HOLE_CUT_CASCADE,
    HOLE_FLOOD_TIE,
    HOLE_NO_FLOOD,
    HOLE_REPEAT_FLIPPER,
    HOLE_ZERO_RINGS,
)
from sim.games.landunter.reference import DealState, score_holes
from sim.games.landunter.rules import Rules as LuRules
from sim.games.landunter.spec import reference_batch as lu_reference_batch
from sim.games.luft import engine
from sim.games.luft.outputs import (
    D_HOLES,
    HOLE_BLOCKED,
    HOLE_EMPTY_TURN_BACK,
    HOLE_SUB_TURN_BACK,
    HOLE_TIE_AT_ZERO,
)
from sim.games.luft.rules import Rules
from sim.games.luft.spec import reference_batch
from strategies.landunter import LANDUNTER_BOTS
from tests.luft.conftest import seats
from tests.luft.scripted import BACK, NOTHING, make_game, place


def turn(g, seat=0):
    g.holes = 0
    g.play_turn(g.divers[seat])
    return g.holes


def test_turning_back_in_the_submarine_is_a_hole_and_an_empty_handed_one():
    g = make_game(turn_back_needs_treasure=False, swims=[3], script={0: [BACK]})
    place(g, 0, pos=0)
    assert turn(g) == HOLE_SUB_TURN_BACK | HOLE_EMPTY_TURN_BACK and g.divers[0].back


def test_turning_back_empty_handed_on_the_path_is_only_the_empty_handed_hole():
    g = make_game(turn_back_needs_treasure=False, swims=[3], script={0: [BACK, NOTHING]})
    place(g, 0, pos=5)
    assert turn(g) == HOLE_EMPTY_TURN_BACK


def test_turning_back_with_a_treasure_is_no_hole():
    g = make_game(swims=[3], script={0: [BACK, NOTHING]})
    place(g, 0, pos=5, carried=[1])
    assert turn(g) == 0


def test_a_diver_with_no_free_field_deeper_is_blocked():
    g = make_game(swims=[4], script={0: [NOTHING]})
    place(g, 0, pos=30)
    place(g, 1, pos=31)
    place(g, 2, pos=32)
    assert turn(g) == HOLE_BLOCKED and g.divers[0].pos == 30
    g = make_game(swims=[6], script={0: [NOTHING]})
    place(g, 0, pos=28)
    place(g, 1, pos=31)
    place(g, 2, pos=32)
    assert turn(g) == 0 and g.divers[0].pos == 30  # stopped short, but it moved


def test_a_tie_for_deepest_at_the_submarine_is_a_hole():
    g = make_game(players=3)
    g.end_dive(air_out=False, stalled=True)  # nobody left the submarine, nobody returned
    assert g.record.dive_holes == [HOLE_TIE_AT_ZERO]
    g = make_game(players=3)
    place(g, 1, pos=3)
    g.end_dive(air_out=False, stalled=True)  # seat 1 is the deepest alone
    assert g.record.dive_holes == [0]


def test_the_compiled_engine_counts_the_holes_the_reference_counts():
    """Short paths, many dives, random play: every hole happens, game for game as in the reference."""
    seen = 0
    for players, cards in ((2, 1), (6, 1), (4, 2)):
        rules = Rules.from_strings({}, players=players, cards_per_level=cards, dives=4, turn_back_needs_treasure=False)
        bots = seats("random", players)
        batch = engine.play_batch(rules, bots, 3, 0, 300)
        np.testing.assert_array_equal(batch.dive[:, :, D_HOLES], reference_batch(rules, bots, 3, 0, 300).dive[:, :, D_HOLES])
        seen |= int(np.bitwise_or.reduce(batch.dive[:, :, D_HOLES], axis=None))
    assert seen == HOLE_SUB_TURN_BACK | HOLE_EMPTY_TURN_BACK | HOLE_BLOCKED | HOLE_TIE_AT_ZERO


def deal(rings, top, still_in=None):
    n = len(rings)
    return DealState([[] for _ in range(n)], list(rings), list(top), list(still_in or [True] * n))


def test_scoring_a_player_without_flood_card_next_to_a_holder_is_a_hole_d6_and_no_ring_d7():
    assert score_holes(deal([1, 2, 1], [0, 4, 3])) == HOLE_BOTH_BONUSES
    assert score_holes(deal([1, 0, 1], [2, 4, 3])) == HOLE_ZERO_RINGS
    assert score_holes(deal([1, 0, 1], [2, 4, 3], [True, False, True])) == 0  # the ringless player is out


def test_the_compiled_land_unter_engine_counts_the_holes_the_reference_counts():
    """Every hole happens in random play, game for game as in the reference; the
    flip-step holes (tests/landunter/test_rule_holes.py) also with options off.
    [D5] is rare (about one deal in 20,000): the compiled engine finds games
    that meet it and the reference replays them."""
    seen = 0
    for players, options in ((3, {}), (5, {}), (5, {"cascade_may_repeat_flipper": False, "end_before_cascade": False})):
        rules, bots = (
            LuRules(players=players, **options),
            LANDUNTER_BOTS.parse_seats(["random", "low", "high", "random", "low"][:players], players),
        )
        batch = lu_engine.play_batch(rules, bots, 3, 0, 150)
        np.testing.assert_array_equal(batch.holes, lu_reference_batch(rules, bots, 3, 0, 150).holes)
        seen |= int(np.bitwise_or.reduce(batch.holes, axis=None))
    many = lu_engine.play_batch(rules, bots, 3, 0, 20_000)
    for g in np.flatnonzero((many.holes & HOLE_NO_FLOOD).any(axis=1))[:2]:
        np.testing.assert_array_equal(many.holes[g], lu_reference_batch(rules, bots, 3, int(g), 1).holes[0])
        seen |= int(np.bitwise_or.reduce(many.holes[g]))
    assert seen == (HOLE_FLOOD_TIE | HOLE_NO_FLOOD | HOLE_BOTH_BONUSES | HOLE_ZERO_RINGS | HOLE_REPEAT_FLIPPER | HOLE_CUT_CASCADE)
