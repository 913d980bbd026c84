"""One test per rule and per [D] decision of rules/geteilte-luft.md.

Every test builds a hand-made position on the reference engine (tests/luft/
scripted.py: scripted swim draws, scripted bot answers), plays a turn, a dive
or a game, and checks the outcome against values worked out by hand from the
rules text (quoted in a comment). Field f of the default path holds a card of
level (f - 1) // 8 + 1. Under the COUNTING value lists a score spells out the
cards brought home in base 9: 1 per level-1 card, 9 per level 2, 81 per 3, 729 per 4.
"""

from collections import defaultdict
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from sim.games.luft import layout
from sim.games.luft.reference import Game, IllegalAction
from sim.games.luft.rules import Rules, RulesError
from tests.luft.scripted import (
    BACK,
    COUNTING,
    NOTHING,
    PICK,
    STAY,
    TB,
    TR,
    done,
    drop,
    logged,
    make_game,
    place,
    seat_of,
    stk,
    trace,
)

DEFAULT_PATH = [1] * 8 + [2] * 8 + [3] * 8 + [4] * 8
SWIM_DECK = [2, 3, 3, 4, 4, 4, 5, 5, 6]  # "Swim deck: 2,3,3,4,4,4,5,5,6"
TWO_D3 = {2: Fraction(1, 9), 3: Fraction(2, 9), 4: Fraction(3, 9), 5: Fraction(2, 9), 6: Fraction(1, 9)}


def asked(g, phase):
    """Seats asked at ``phase`` so far, in order."""
    return [seat for seat, ph, _ in g.bot.calls if ph == phase]


# ---------------------------------------------------------------- Material


def test_players_are_2_to_6():
    # "Players: 2–6"
    for bad in (1, 7):
        with pytest.raises(RulesError, match="players"):
            Rules(players=bad)
    assert Rules(players=2).players == 2 and Rules(players=6).players == 6


def test_default_material_is_the_rulebook():
    # "Air: 25 chips ... Dives: 3 ... 8 per level ... [D: stack size 3] ... swim = deck (default)"
    r = Rules()
    assert (r.air, r.dives, r.cards_per_level, r.stack_size) == (25, 3, 8, 3)
    assert r.swim == "deck"
    assert r.turn_back_needs_treasure is True  # "default on, as in the rulebook"
    assert r.sink_order == "nearest-first"  # "(default, as the rulebook says)"
    assert r.start_when_nobody_returned == "deepest"
    # "level 1: 0,0,1,1,2,2,3,3 · level 2: 4,4,5,5,6,6,7,7 · level 3: 8,8,..,11,11 · level 4: 12,..,15,15"
    assert r.values(1) == (0, 0, 1, 1, 2, 2, 3, 3)
    assert r.values(2) == (4, 4, 5, 5, 6, 6, 7, 7)
    assert r.values(3) == (8, 8, 9, 9, 10, 10, 11, 11)
    assert r.values(4) == (12, 12, 13, 13, 14, 14, 15, 15)


def test_path_is_32_cards_level_1_nearest_the_submarine():
    # "Path: 32 treasure cards, 8 per level, laid level 1 nearest the submarine, then 2, 3, 4"
    g = Game(Rules(), [seat_of(None)] * 4, 3, 0)
    assert g.path == DEFAULT_PATH
    # "The submarine is position 0": every diver starts there
    assert [d.pos for d in g.divers] == [0, 0, 0, 0]


def test_value_decks_shuffled_once_at_game_start():
    # "Value decks, one per level, 8 cards each, shuffled once at game start"
    orders = set()
    for seed in range(6):
        g = Game(Rules(), [seat_of(None)] * 4, seed, 0)
        for level in (1, 2, 3, 4):
            assert sorted(g.value_decks[level - 1]) == list(Rules().values(level))
        orders.add(tuple(g.value_decks[3]))
    assert len(orders) > 1  # shuffled: not the same order for every seed


def test_cards_per_level_and_value_lists_are_knobs():
    # "Balance knobs: air per dive, number of dives, cards per level and their value lists"
    r = Rules(cards_per_level=3, values_l1=(0, 1, 2), values_l2=(5, 5, 5), values_l3=(9, 9, 9), values_l4=(20, 30, 40))
    g = Game(r, [seat_of(None)] * 4, 1, 0)
    assert g.path == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert sorted(g.value_decks[3]) == [20, 30, 40]
    with pytest.raises(RulesError, match="values_l2"):
        Rules(cards_per_level=3, values_l1=(0, 1, 2))  # level 2 still has 8 values


# ------------------------------------------------------------- Swim source


class _Branch(Exception):
    def __init__(self, n):
        self.n = n


class _EnumStream:
    """Replays a chosen outcome for each randbelow call; an unseen call raises
    _Branch(n) so the caller can walk every outcome of every call exactly."""

    def __init__(self, prefix):
        self.prefix, self.ns = list(prefix), []

    def randbelow(self, n):
        if len(self.ns) == len(self.prefix):
            raise _Branch(n)
        k = self.prefix[len(self.ns)]
        assert 0 <= k < n
        self.ns.append(n)
        return k


def exact_swim_distribution(swim, draws):
    """P(sequence of `draws` swim values) under the engine's own draw_swim,
    exactly, by enumerating every outcome of the random stream."""
    g = make_game(swim=swim)
    del g.draw_swim  # the real draw, not the scripted one
    dist = defaultdict(Fraction)
    todo = [()]
    while todo:
        prefix = todo.pop()
        g.stream = _EnumStream(prefix)
        try:
            values = tuple(g.draw_swim() for _ in range(draws))
        except _Branch as b:
            todo.extend(prefix + (k,) for k in range(b.n))
            continue
        p = Fraction(1)
        for n in g.stream.ns:
            p /= n
        dist[values] += p
    return dist


def test_swim_deck_distribution_is_two_d3():
    # "each draw is independent with P(2..6) = 1,2,3,2,1 / 9, exactly the sum of two
    # three-sided dice"; "swim = d3 ... d6-mapped: 1–2→1, 3–4→2, 5–6→3. Same distribution"
    oracle_deck = defaultdict(Fraction)
    for card in SWIM_DECK:
        oracle_deck[card] += Fraction(1, 9)
    oracle_d3 = defaultdict(Fraction)
    for a, b in product((1, 2, 3), repeat=2):
        oracle_d3[a + b] += Fraction(1, 9)
    oracle_d6 = defaultdict(Fraction)
    mapped = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    for a, b in product(range(1, 7), repeat=2):
        oracle_d6[mapped[a] + mapped[b]] += Fraction(1, 36)
    assert dict(oracle_deck) == dict(oracle_d3) == dict(oracle_d6) == TWO_D3
    for swim in ("deck", "d3", "d6-mapped"):
        one = exact_swim_distribution(swim, 1)
        assert {k[0]: p for k, p in one.items()} == TWO_D3, swim


def test_swim_deck_is_put_back_so_draws_are_independent():
    # "drawn, then put back and reshuffled, so each draw is independent"
    for swim in ("deck", "d3", "d6-mapped"):
        two = exact_swim_distribution(swim, 2)
        assert dict(two) == {(a, b): TWO_D3[a] * TWO_D3[b] for a in TWO_D3 for b in TWO_D3}, swim
        assert two[(6, 6)] == Fraction(1, 81)  # a 6 can follow a 6


def test_deck_no_reshuffle_uses_all_nine_before_reshuffling():
    # "swim = deck-no-reshuffle: draw without putting back; reshuffle only when the 9 cards are used up"
    for seed in range(4):
        g = make_game(swim="deck-no-reshuffle", seed=seed)
        del g.draw_swim
        shuffles = []
        g.stream.shuffle = logged(g.stream.shuffle, shuffles, key=lambda args, out: sorted(out.tolist()))
        drawn = []
        for i in range(27):
            drawn.append(g.draw_swim())
            assert len(shuffles) == i // 9 + 1  # a new shuffle only at draws 1, 10, 19
        assert shuffles == [SWIM_DECK] * 3  # always the full deck of 9
        for block in range(3):
            assert sorted(drawn[9 * block : 9 * block + 9]) == SWIM_DECK


def test_deck_no_reshuffle_persists_across_turns_players_and_dives():
    # "The deck persists across turns, players and dives."
    for seed in range(5):
        # Empty path: each diver draws once per turn and stays in the submarine, so each
        # dive stalls after one round of 2 turns; 9 dives = 18 draws = exactly two decks.
        g = make_game(players=2, dives=9, swim="deck-no-reshuffle", path=[], seed=seed)
        del g.draw_swim
        drawn = []
        g.draw_swim = logged(g.draw_swim, drawn)
        rec = g.play()
        assert rec.dive_turns == [2] * 9 and rec.dive_stalled == [1] * 9
        assert sorted(drawn[:9]) == SWIM_DECK and sorted(drawn[9:]) == SWIM_DECK


def test_bot_sees_swim_cards_left_only_in_no_reshuffle():
    # "the draws so far in the no-reshuffle variant" are public; never "the next swim draw"
    g = make_game(swim="deck-no-reshuffle", seed=4)
    del g.draw_swim
    first = [g.draw_swim() for _ in range(3)]
    left = [SWIM_DECK.count(x) - first.count(x) for x in range(2, 7)]
    st = g.public_view()
    assert list(st[layout.SWIM_LEFT : layout.SWIM_LEFT + 5]) == left
    g.swim_deck = g.swim_deck[::-1]  # another order of the same cards
    assert np.array_equal(g.public_view(), st)  # the order is not visible
    d = make_game(swim="deck")
    del d.draw_swim
    d.draw_swim(), d.draw_swim()
    assert list(d.public_view()[layout.SWIM_LEFT : layout.SWIM_LEFT + 5]) == [1, 2, 3, 2, 1]


# ------------------------------------------------------------ Turn order


def test_first_dive_starts_with_seat_0():
    # "The first dive starts with seat 0"
    g = make_game(players=3, dives=1, path=[], swims=[2, 2, 2])
    log = trace(g)
    rec = g.play()
    assert [t["seat"] for t in log] == [0, 1, 2]
    assert rec.dive_start == [0]
    done(g)


def test_play_proceeds_clockwise_by_increasing_seat():
    # "play proceeds clockwise = increasing seat index"
    g = make_game(players=4, path=[], start=2, swims=[2, 2, 2, 2])
    log = trace(g)
    g.play_dive()
    assert [t["seat"] for t in log] == [2, 3, 0, 1]
    done(g)


def test_back_divers_skip_turns_and_never_block():
    # "A player already back in the submarine skips every turn until the dive ends."
    g = make_game(
        players=2, path=[1, 1, 1], swims=[2, 2, 4, 2, 5], script={0: [PICK, BACK], 1: [NOTHING, PICK, BACK]}, **COUNTING
    )
    log = trace(g)
    g.play_dive()
    # 0: 0->2 picks; 1: 0->1, skips occupied 2 ->3; 0 breathes (24), turns, 3 up: 1, sub;
    # 1: stays on 3, picks; 0 is back: skipped, does not breathe; 1 breathes (23), turns, up 2,1,sub
    assert [(t["seat"], t["after"]) for t in log] == [(0, 2), (1, 3), (0, 0), (1, 3), (1, 0)]
    assert g.record.air_after_turn == [[25, 25, 24, 24, 23]]
    assert g.record.dive_turns == [5]
    assert g.score == [1, 1]
    done(g)
    # "Divers back in the submarine never block anyone."
    g = make_game(swims=[2, 2], script={0: [NOTHING], 2: []})
    place(g, 0, pos=3)
    place(g, 1, pos=4, back=True)  # back: its marker position must not matter
    place(g, 2, pos=1, up=True, carried=[1])
    place(g, 3, pos=0, back=True)
    g.play_turn(g.divers[0])
    assert g.divers[0].pos == 5  # 4 and 5: field 4 counts, nobody in the water is on it
    g.play_turn(g.divers[2])  # 1 step up: the submarine holds back divers, still free
    assert g.divers[2].back and g.divers[2].pos == 0
    done(g)


# ----------------------------------------------------------------- Breathe


def test_carrying_nothing_costs_no_air():
    # "Carrying nothing costs nothing."
    g = make_game(swims=[2], script={0: [NOTHING]})
    place(g, 0, pos=5)
    place(g, 1, pos=12, carried=[1, 2])  # others' loads are not breathed on my turn
    assert g.play_turn(g.divers[0]) == (False, False)
    assert g.air == 25 and g.divers[0].pos == 7
    done(g)


def test_breathe_one_chip_per_treasure_carried():
    # "Air -= number of treasures carried"
    g = make_game(air=20, swims=[5], script={0: [STAY, NOTHING]})
    place(g, 0, pos=5, carried=[1, 1, 2])
    g.play_turn(g.divers[0])
    assert g.air == 17
    assert g.divers[0].pos == 7  # 5 - 3 = 2 steps
    done(g)


def test_taking_the_last_chip_makes_it_the_last_turn():
    # "If this takes the last chip ... this turn is the last turn of the dive"
    g = make_game(air=3, swims=[6, 6], script={0: [STAY, NOTHING, STAY, NOTHING]})
    place(g, 0, pos=5, carried=[1, 2])
    assert g.play_turn(g.divers[0])[0] is False and g.air == 1  # 3 - 2 = 1: not out
    g.air = 2
    assert g.play_turn(g.divers[0])[0] is True and g.air == 0  # 2 - 2 = 0: last chip
    done(g)


def test_air_clamped_at_zero():
    # "or more chips are needed than are left (air is clamped at 0)" -- and the turn is finished
    g = make_game(air=2, swims=[6], script={0: [BACK, NOTHING]})
    place(g, 0, pos=10, carried=[1, 2, 2])
    air_out, _ = g.play_turn(g.divers[0])
    assert air_out is True and g.air == 0
    assert g.divers[0].heading_up and g.divers[0].pos == 7  # 6 - 3 = 3 fields up
    done(g)


def test_air_running_out_finishes_the_turn_then_ends_the_dive():
    # "this turn is the last turn of the dive: finish it, then the dive ends"
    g = make_game(
        Rules(players=2, air=1, **COUNTING), path=[1] * 6, swims=[2, 2, 3], script={0: [PICK, STAY, PICK], 1: [NOTHING]}
    )
    g.play_dive()
    # 0: 0->2 picks; 1: 1, skip 2, 3; 0 breathes the last chip, still swims 2 steps
    # (skip 3: 4, 5) and picks up on 5; then the dive ends, 1 gets no further turn.
    assert g.divers[0].pos == 5 and g.divers[0].carried == [1, 1]
    rec = g.record
    assert rec.dive_turns == [3] and rec.dive_air_out == [1] and rec.dive_air_left == [0]
    assert rec.dive_stalled == [0] and rec.dive_drowned == [2] and rec.dive_last_back == [-1]
    # both picked cards sank: fields 1,3,4,6 remain, one stack of the two level-1 cards
    assert g.path == [1, 1, 1, 1, stk(1, 1)]
    done(g)


def test_reaching_submarine_on_last_turn_is_safe():
    # "Up: ... reaching the submarine ends the player's dive with their treasures safe"
    g = make_game(
        Rules(players=2, air=2, **COUNTING),
        path=[1, 1, 1, 1],
        swims=[2, 3, 2, 6],
        script={0: [PICK, BACK, NOTHING], 1: [PICK, BACK]},
    )
    g.play_dive()
    # 0: ->2 picks; 1: 1, skip 2, 3, 4 picks; 0: air 1, turns, 1 up to field 1;
    # 1: air 0 (last turn), turns, 5 up: 3, 2, skip 1 (occupied), submarine.
    rec = g.record
    assert rec.dive_air_out == [1] and rec.dive_turns == [4]
    assert g.divers[1].back and g.score == [0, 1] and g.home[1] == [1, 0, 0, 0]
    assert rec.dive_drowned == [1] and g.drowned == [1, 0]
    assert g.path == [1, 1, stk(1)]  # 0's card sank; fields 2 and 4 were blanks
    assert rec.dive_last_back == [1] and g.start == 1
    done(g)


# --------------------------------------------------------------- Turn back


def test_every_dive_starts_heading_down():
    # "Every dive starts heading down."
    g = make_game(players=2, path=[1, 1, 1], swims=[2, 2, 6, 2], script={0: [PICK, BACK], 1: [NOTHING, NOTHING]})
    for s in (0, 1):
        place(g, s, pos=0, up=True, back=True, carried=[3])  # as left by a previous dive
    log = trace(g)
    g.play_dive()
    assert log[0]["divers"] == [(0, False, False, []), (0, False, False, [])]
    assert [(t["seat"], t["before"], t["after"]) for t in log][:2] == [(0, 0, 2), (1, 0, 3)]
    # turning back was possible again in this dive (asked of seat 0 on its 2nd turn)
    assert asked(g, TB) == [0]
    done(g)


def test_turn_back_requires_treasure():
    # "only if carrying at least one treasure" [D: turning back requires a treasure, default on]
    g = make_game(swims=[2], script={0: [NOTHING]})
    place(g, 0, pos=5)
    g.play_turn(g.divers[0])  # never asked: the script holds no turn-back answer
    assert asked(g, TB) == [] and not g.divers[0].heading_up and g.divers[0].pos == 7
    g = make_game(swims=[3], script={0: [BACK, NOTHING]})
    place(g, 0, pos=5, carried=[1])
    g.play_turn(g.divers[0])
    assert g.divers[0].heading_up and g.divers[0].pos == 3  # 3 - 1 = 2 fields up
    done(g)


def test_turn_back_without_treasure_when_option_off():
    # "[D: turning back requires a treasure — option]" off: an empty-handed diver may turn
    g = make_game(turn_back_needs_treasure=False, swims=[3], script={0: [BACK, NOTHING]})
    place(g, 0, pos=5)
    g.play_turn(g.divers[0])
    assert g.divers[0].heading_up and g.divers[0].pos == 2 and g.air == 25
    done(g)


def test_turn_back_only_once_per_dive():
    # "only once per dive. From then on the player moves only up."
    g = make_game(swims=[3, 3], script={0: [NOTHING, NOTHING]})
    place(g, 0, pos=8, up=True, carried=[1])
    g.play_turn(g.divers[0])
    g.play_turn(g.divers[0])
    assert asked(g, TB) == []  # never asked again
    assert g.divers[0].pos == 4  # two moves of 2 fields, both up
    done(g)


# -------------------------------------------------------------------- Swim


def test_steps_are_the_draw_minus_treasures_carried():
    # "steps = v − treasures carried"
    g = make_game(swims=[5], script={0: [STAY, NOTHING]})
    place(g, 0, pos=5, carried=[1, 2])
    g.play_turn(g.divers[0])
    assert g.divers[0].pos == 8
    done(g)


def test_steps_le_zero_stay():
    # "steps ≤ 0: stay."
    g = make_game(swims=[3, 2, 4], script={0: [STAY, NOTHING, STAY, NOTHING], 1: [NOTHING]})
    place(g, 0, pos=5, carried=[1, 1, 1])
    g.play_turn(g.divers[0])  # 3 - 3 = 0
    assert g.divers[0].pos == 5 and g.air == 22
    g.play_turn(g.divers[0])  # 2 - 3 = -1: no backwards move
    assert g.divers[0].pos == 5 and g.air == 19
    place(g, 1, pos=9, up=True, carried=[1, 1, 2, 2])
    g.play_turn(g.divers[1])  # 4 - 4 = 0, heading up
    assert g.divers[1].pos == 9 and g.air == 15
    done(g)


def test_occupied_fields_are_skipped_not_counted():
    # "each step goes to the next field in that direction that no other diver occupies
    # (occupied fields are skipped, not counted)"
    g = make_game(swims=[3], script={0: [NOTHING]})
    place(g, 0, pos=3)
    place(g, 1, pos=4)
    place(g, 2, pos=6)
    assert g.play_turn(g.divers[0]) == (False, False)
    assert g.divers[0].pos == 8  # 5, 7, 8
    done(g)


def test_upward_move_skips_occupied_fields_bens_example():
    # Rulebook example: Ben has turned back with two treasures, air 14 -> 12; he draws a 5:
    # 3 fields; Anna stands on the second field towards the submarine; he lands 4 fields up.
    g = make_game(air=14, swims=[5], script={1: [NOTHING]})
    place(g, 0, pos=8)  # Anna
    place(g, 1, pos=10, up=True, carried=[2, 3])  # Ben
    g.play_turn(g.divers[1])
    assert g.air == 12 and g.divers[1].pos == 6
    done(g)


def test_down_move_stops_on_deepest_free_field():
    # "Down: if fewer than `steps` free fields lie deeper, stop on the deepest free field reachable"
    g = make_game(swims=[6], script={0: [NOTHING]})
    place(g, 0, pos=28)
    place(g, 1, pos=31)
    place(g, 2, pos=32)
    g.play_turn(g.divers[0])
    assert g.divers[0].pos == 30
    done(g)


def test_down_move_stays_when_no_deeper_field_is_free():
    # "(which may be the current field: then stay)"
    g = make_game(swims=[4], script={0: [NOTHING]})
    place(g, 0, pos=30)
    place(g, 1, pos=31)
    place(g, 2, pos=32)
    assert g.play_turn(g.divers[0]) == (False, True)  # idle: carried nothing, no move, no action
    assert g.divers[0].pos == 30
    done(g)


def test_upward_move_needs_no_exact_count():
    # "Up: no exact count needed; reaching the submarine ends the player's dive with their
    # treasures safe, and they take no further action this dive."
    g = make_game(swims=[6], script={0: []})
    place(g, 0, pos=2, up=True, carried=[1])
    assert g.play_turn(g.divers[0]) == (False, False)
    d = g.divers[0]
    assert d.back and d.pos == 0 and d.carried == [1] and g.air == 24
    assert g.returned == [0] and asked(g, TR) == []  # no treasure step in the submarine
    done(g)


# ---------------------------------------------------------------- Treasure


def test_pick_up_leaves_blank():
    # "pick up the treasure ... a blank is left in its place. Any number may be carried"
    g = make_game(swims=[6], script={0: [STAY, PICK]})
    place(g, 0, pos=10, carried=[1, 1, 2, 2, 2])
    g.play_turn(g.divers[0])  # 6 - 5 = 1 step: field 11 (level 2)
    assert g.divers[0].carried == [1, 1, 2, 2, 2, 2]
    expected = DEFAULT_PATH.copy()
    expected[10] = 0
    assert g.path == expected
    assert asked(g, TR) == [0]  # exactly one treasure action per turn
    done(g)


def test_drop_only_on_blank_replaces_it():
    # "drop one carried treasure if standing on a blank; it replaces the blank.
    # Which one is the player's choice."
    path = DEFAULT_PATH.copy()
    path[6] = 0  # field 7 is a blank
    g = make_game(path=path, swims=[5], script={0: [STAY, drop(1)]})
    place(g, 0, pos=5, carried=[1, 4, 3])
    g.play_turn(g.divers[0])  # 5 - 3 = 2 steps: the blank on field 7
    assert g.divers[0].carried == [1, 3]
    assert g.path[6] == 4 and g.path[:6] == DEFAULT_PATH[:6] and g.path[7:] == DEFAULT_PATH[7:]
    assert g.air == 22  # the drop lightens only from the next turn
    # not on a treasure: dropping there is illegal
    g = make_game(swims=[3], script={0: [STAY, drop(0)]})
    place(g, 0, pos=5, carried=[4])
    with pytest.raises(IllegalAction):
        g.play_turn(g.divers[0])  # field 7 holds a level-1 card


def test_nothing_to_decide_on_a_blank_with_empty_hands():
    # "Treasure ... exactly one of: nothing; pick up ...; drop ..." -- on a blank with
    # nothing carried only "nothing" is possible
    path = DEFAULT_PATH.copy()
    path[6] = 0
    g = make_game(path=path, swims=[2], script={0: []})
    place(g, 0, pos=5)
    assert g.play_turn(g.divers[0]) == (False, False)
    assert g.divers[0].pos == 7 and g.path == path
    done(g)


def test_bot_sees_levels_never_values():
    # "Everyone sees the LEVEL of every carried or lying treasure, never its value."
    views = []
    for seed in (1, 2):  # two different value-deck orders
        path = DEFAULT_PATH.copy()
        path[3] = 0
        path.append(stk(2, 4, 4))
        g = make_game(path=path, seed=seed)
        place(g, 0, pos=4, carried=[1, stk(3, 3)])
        place(g, 1, pos=20, up=True, carried=[3])
        place(g, 2, back=True, carried=[2])
        g.score[2] = 7
        views.append(g.public_view())
    assert not np.array_equal(*[np.array(g.value_decks) for g in (make_game(seed=1), make_game(seed=2))])
    st = views[0]
    assert np.array_equal(views[0], views[1])  # values never leak into the view
    assert list(st[layout.PATH : layout.PATH + 33]) == path and st[layout.PATH_LEN] == 33
    assert list(st[layout.CARRIED : layout.CARRIED + 2]) == [1, stk(3, 3)] and st[layout.N_CARRIED] == 2
    assert st[layout.CARRIED + layout.MAX_PATH] == 3 and st[layout.HEADING_UP + 1] == 1 and st[layout.POS + 1] == 20
    assert st[layout.BACK + 2] == 1 and st[layout.SCORE + 2] == 7 and st[layout.AIR] == 25


def test_illegal_action_raises_naming_bot_seat_seed_turn():
    # Bad input: "a bot returning an illegal action: one clear line naming the culprit"
    g = make_game(seed=12345, game=7, swims=[3], script={2: [STAY, PICK]})
    g.seats[2] = seat_of(g.bot, "cheater:x=1")
    g.turn = 4
    path = DEFAULT_PATH.copy()
    path[7] = 0
    g.path = path
    place(g, 2, pos=6, carried=[4])  # 3 - 1 = 2 steps: the blank on field 8
    with pytest.raises(IllegalAction) as err:
        g.play_turn(g.divers[2])  # picking up a blank
    msg = str(err.value)
    assert "\n" not in msg
    for part in ("cheater:x=1", "seat 2", "seed 12345", "game 7", "dive 1", "turn 5"):
        assert part in msg, (part, msg)


# ------------------------------------------------------------- End of dive


def test_dive_ends_when_every_diver_is_back():
    # "The dive ends when every diver is back"
    g = make_game(players=2, path=[1, 1], swims=[2, 2, 6, 2], script={0: [PICK, BACK], 1: [PICK, BACK]}, **COUNTING)
    g.play_dive()
    # 0: ->2 picks; 1: ->1 picks; 0: air 24, up: skip 1, sub; 1: air 23, up to sub.
    rec = g.record
    assert rec.dive_turns == [4] and rec.dive_air_out == [0] and rec.dive_stalled == [0]
    assert rec.dive_air_left == [23] and rec.dive_drowned == [0] and rec.dive_last_back == [1]
    assert g.score == [1, 1] and g.path == []
    done(g)


def test_returned_divers_draw_one_value_card_per_treasure_card_of_its_level():
    # "draws one value card per treasure CARD (a stack of k cards draws k cards, each from its
    # own card's level) and scores their sum. The treasure cards are kept for the tie-break."
    g = make_game(**COUNTING)
    place(g, 0, back=True, carried=[4, stk(1, 1, 3), 2])
    place(g, 1, back=True, carried=[])
    place(g, 2, back=True, carried=[stk(4, 4)])
    place(g, 3, back=True, carried=[])
    g.end_dive(False, False)
    assert g.score == [729 + 1 + 1 + 81 + 9, 0, 2 * 729, 0]
    assert g.home == [[2, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 2], [0, 0, 0, 0]]
    # drawn value cards are set aside
    assert [len(d) for d in g.value_decks] == [6, 7, 7, 5]


def test_value_decks_drawn_without_replacement_across_dives():
    # "drawn WITHOUT replacement over the whole game (drawn cards are set aside)"
    for seed in range(12):
        rules = Rules(
            players=2, dives=2, cards_per_level=2, values_l1=(5, 7), values_l2=(4, 4), values_l3=(8, 8), values_l4=(12, 12)
        )
        g = make_game(
            rules, path=[1, 1], seed=seed, swims=[2] * 10, script={0: [NOTHING, NOTHING, NOTHING], 1: [PICK, BACK, PICK, BACK]}
        )
        rec = g.play()
        # dive 1: 0 ->2; 1 ->1 picks; 0 stays; 1 returns (one level-1 card); 0 idle -> stall.
        # dive 2 (seat 1 starts): 1 ->1 picks; 0 stuck in the submarine; 1 returns; 0 ->1; stall.
        assert rec.dive_start == [0, 1] and rec.dive_stalled == [1, 1]
        assert g.score == [0, 12]  # 5 + 7 in some order, never 5 + 5 or 7 + 7
        assert g.home[1] == [2, 0, 0, 0]
        done(g)


def test_divers_in_the_water_lose_everything():
    # "Divers still in the water lose everything they carry."
    g = make_game(**COUNTING)
    place(g, 0, back=True, carried=[1])
    place(g, 1, pos=5, carried=[2, 3])
    place(g, 2, pos=3)
    place(g, 3, back=True)
    g.end_dive(True, False)
    assert g.score == [1, 0, 0, 0] and g.home[1] == [0, 0, 0, 0]
    assert g.drowned == [0, 1, 1, 0] and g.record.dive_drowned == [2]
    assert [len(d) for d in g.value_decks] == [7, 8, 8, 8]  # nothing drawn for them
    assert g.path == DEFAULT_PATH + [stk(2, 3)]


def sunk_three(**rule_changes):
    """The path after a dive in which seats 0, 1, 2 drown at fields 12, 5, 9
    carrying L2 | L1, L2 | L3, L4, L4, L1 (seat 3 is back), over a path [L4]."""
    g = make_game(path=[4], **rule_changes)
    place(g, 0, pos=12, carried=[2])
    place(g, 1, pos=5, carried=[1, 2])
    place(g, 2, pos=9, carried=[3, 4, 4, 1])
    place(g, 3, back=True)
    g.end_dive(True, False)
    return g.path


def test_sinking_in_threes_nearest_diver_first_partial_stack_filled_by_next_diver():
    # "In order of distance to the submarine, nearest first, they lay all their treasure CARDS
    # ... in stacks of three. The last stack may be smaller; a partial stack is filled by the
    # next diver's cards before a new one starts."
    # Rulebook example: Carla is back with a diamond and a club (6 + 0 points); Anna, nearer,
    # holds a heart and two spades; Dan a club: Anna's three cards form the first stack,
    # Dan's club starts a second.
    g = make_game(path=[1, 0, 2, 0, 3, 4])
    place(g, 0, back=True, carried=[2, 1])  # Carla
    place(g, 1, pos=3, carried=[3, 4, 4])  # Anna
    place(g, 2, pos=5, carried=[1])  # Dan
    place(g, 3, back=True)
    g.value_decks[1], g.value_decks[0] = [6] * 8, [0] * 8  # the 6 of hearts, a joker
    g.end_dive(True, False)
    assert g.score[0] == 6
    assert g.path == [1, 2, 3, 4, stk(3, 4, 4), stk(1)]
    # A partial stack filled by the next diver; seat order is not distance order here.
    # cards nearest first: 1,2 | 3,4,4,1 | 2  ->  [1,2,3] [4,4,1] [2]
    assert sunk_three() == [4, stk(1, 2, 3), stk(4, 4, 1), stk(2)]


def test_sink_order_farthest_first():
    # "[D: the order of divers — option sink_order = ... farthest-first]"
    # cards farthest first: 2 | 3,4,4,1 | 1,2  ->  [2,3,4] [4,1,1] [2]
    assert sunk_three(sink_order="farthest-first") == [4, stk(2, 3, 4), stk(4, 1, 1), stk(2)]


def test_cards_laid_in_pickup_order():
    # "[D] Within one diver, cards are laid in the order that diver picked them up
    # (a carried stack's cards in their stack order)."
    g = make_game(path=[1])
    place(g, 0, pos=1, carried=[4, stk(1, 2), 3, 2])
    for s in (1, 2, 3):
        place(g, s, back=True)
    g.end_dive(True, False)
    assert g.path == [1, stk(4, 1, 2), stk(3, 2)]


def test_sink_within_diver_reverse_pickup_order():
    # "[D] Within one diver, cards are laid in the order that diver picked them up"; option
    # sink_within_diver = reverse-pickup-order: the diver's cards (stacks' cards included) reversed
    assert Rules().sink_within_diver == "pickup-order"
    g = make_game(path=[1], sink_within_diver="reverse-pickup-order")
    place(g, 0, pos=1, carried=[4, stk(1, 2), 3, 2])
    for s in (1, 2, 3):
        place(g, s, back=True)
    g.end_dive(True, False)
    assert g.path == [1, stk(2, 3, 2), stk(1, 4)]
    # Divers still nearest first; each one's cards reversed: 2,1 | 1,4,4,3 | 2
    assert sunk_three(sink_within_diver="reverse-pickup-order") == [4, stk(2, 1, 1), stk(4, 4, 3), stk(2)]
    with pytest.raises(RulesError, match="sink_within_diver"):
        Rules(sink_within_diver="random")


def test_stack_size_option():
    # "[D: stack size 3 — option]"
    assert sunk_three(stack_size=2) == [4, stk(1, 2), stk(3, 4), stk(4, 1), stk(2)]


def test_each_sunken_stack_is_one_field_and_one_treasure():
    # "Each stack becomes one field and one treasure." (picked up, carried, breathed as one)
    path = DEFAULT_PATH + [stk(4, 4, 4)]
    g = make_game(path=path, swims=[3, 6], script={0: [PICK, STAY, NOTHING]})
    place(g, 0, pos=31)
    g.play_turn(g.divers[0])  # 32, 33 (the stack field)
    assert g.divers[0].pos == 33 and g.divers[0].carried == [stk(4, 4, 4)] and g.path[32] == 0
    g.play_turn(g.divers[0])
    assert g.air == 24  # one treasure, one chip


def test_stack_counts_as_one_for_air_and_speed_but_scores_per_card():
    # "a sunken stack counts as ONE treasure" for breathing and speed; scoring draws per CARD
    g = make_game(air=10, swims=[4, 2], script={0: [NOTHING]}, **COUNTING)
    place(g, 0, pos=4, up=True, carried=[stk(1, 2, 3)])
    g.play_turn(g.divers[0])
    assert g.air == 9 and g.divers[0].pos == 1  # 4 - 1 = 3 steps: 3, 2, 1
    g.play_turn(g.divers[0])
    assert g.air == 8 and g.divers[0].back
    for s in (1, 2, 3):
        place(g, s, back=True)
    g.end_dive(False, False)
    assert g.score[0] == 1 + 9 + 81 and g.home[0] == [1, 1, 1, 0]
    done(g)


def test_blanks_removed_between_dives():
    # "All blanks are removed from the path and the gaps closed (dropped treasures stay where
    # they lie, in path order)."
    g = make_game(path=[1, 0, 4, 2, 0, 0, 3, stk(1, 1, 1), 0])  # the 4 was dropped on field 3
    for s in range(4):
        place(g, s, back=True)
    g.end_dive(False, False)
    assert g.path == [1, 4, 2, 3, stk(1, 1, 1)]


def test_all_divers_return_to_the_submarine_and_air_refills():
    # "All divers return to the submarine; air refills to 25." (knob: air per dive)
    g = make_game(
        Rules(players=2, air=2, dives=2),
        path=[1, 1, 1],
        swims=[2] * 8,
        script={0: [PICK, BACK, NOTHING, NOTHING, NOTHING], 1: [PICK, STAY, NOTHING, NOTHING, NOTHING]},
    )
    log = trace(g)
    g.play()
    # dive 1: 0 ->2 picks; 1 ->3 picks; 0 (air 1) turns, to field 1; 1 (air 0) stays on 3.
    assert [t["air_after"] for t in log[:4]] == [2, 2, 1, 0]
    first = log[4]  # first turn of dive 2
    assert first["air"] == 2 and first["seat"] == 1  # deepest (field 3) starts
    assert first["divers"] == [(0, False, False, []), (0, False, False, [])]
    assert g.record.dive_path_len == [3, 2]  # [1, stack(1, 1)]
    done(g)


def test_next_dive_starts_with_last_returned():
    # "The next dive starts with the diver who returned LAST in this dive"
    g = make_game(start=3, swims=[2, 3])
    place(g, 0, pos=1, up=True, carried=[1])
    place(g, 2, pos=2, up=True, carried=[1])
    place(g, 1, pos=20)
    place(g, 3, pos=25)  # deepest, but somebody returned
    g.play_turn(g.divers[0])
    g.play_turn(g.divers[2])
    assert g.returned == [0, 2]
    g.end_dive(False, False)
    assert g.start == 2 and g.record.dive_last_back == [2]
    done(g)


@pytest.mark.parametrize("option,expected", [("deepest", 1), ("same", 3), ("next", 0)])
def test_next_dive_starts_with_deepest_when_nobody_returned(option, expected):
    # "if nobody returned, with the diver who was DEEPEST when the dive ended.
    # [D: this second clause is the rulebook's own addition; option]"
    # same: this dive's starter starts again; next: the seat after this dive's starter.
    g = make_game(start=3, start_when_nobody_returned=option)
    place(g, 0, pos=4)
    place(g, 1, pos=9)
    place(g, 2, pos=7)
    place(g, 3, pos=0)
    g.end_dive(True, False)
    assert g.start == expected and g.record.dive_last_back == [-1]


@pytest.mark.parametrize("option", ["deepest", "same", "next"])
def test_start_options_apply_only_when_nobody_returned(option):
    # "The next dive starts with the diver who returned LAST" whatever the [D] option
    g = make_game(start=3, start_when_nobody_returned=option)
    place(g, 0, pos=4)
    place(g, 1, back=True)
    place(g, 2, pos=7)
    g.returned = [1]
    g.end_dive(True, False)
    assert g.start == 1


@pytest.mark.parametrize("option,expected", [("deepest", 0), ("same", 2), ("next", 3)])
def test_deepest_tie_in_the_submarine_broken_by_lowest_seat(option, expected):
    # "Ties for 'deepest' ... can only happen among divers still in the submarine (position 0)
    # and are broken by lowest seat."  Empty path: nobody can leave, the dive stalls.
    g = make_game(path=[], start=2, swims=[2, 3, 4, 5], start_when_nobody_returned=option)
    g.play_dive()
    assert g.record.dive_stalled == [1] and g.start == expected
    done(g)


def test_stalemate_ends_dive_and_is_flagged():
    # "[D] Stalemate: if a whole round of turns passes in which no diver still in the water
    # carries anything, moves, picks up or drops ... the dive ends there as if the air had run
    # out; it is flagged as stalled in the results."
    g = make_game(players=2, path=[1, 1], swims=[2, 2, 3, 3], script={0: [NOTHING, NOTHING], 1: [NOTHING, NOTHING]})
    g.play_dive()
    # 0 ->2; 1 ->1 (moved); then 0 stays, 1 stays: one whole idle round.
    rec = g.record
    assert rec.dive_turns == [4] and rec.dive_stalled == [1] and rec.dive_air_out == [0]
    assert rec.dive_air_left == [25] and rec.dive_drowned == [2] and g.drowned == [1, 1]
    assert g.path == [1, 1] and g.start == 0  # nobody returned: deepest (field 2)
    done(g)


def test_stalemate_needs_nobody_carrying_anything():
    # "no diver still in the water carries anything" -- a carrier at the deep end breathes,
    # so the air runs out instead
    g = make_game(
        Rules(players=2, air=3),
        path=[1, 1],
        swims=[2, 2, 3, 2, 2, 2, 2],
        script={0: [PICK, STAY, NOTHING, STAY, NOTHING, STAY, NOTHING], 1: [NOTHING, NOTHING, NOTHING]},
    )
    g.play_dive()
    rec = g.record
    assert rec.dive_turns == [7] and rec.dive_air_out == [1] and rec.dive_stalled == [0]
    assert g.path == [1, stk(1)]
    done(g)


def test_stalemate_rounds_option():
    # the stalemate's "whole round" is a knob (stalemate_rounds)
    g = make_game(
        players=2, path=[1, 1], swims=[2, 2, 3, 3, 3, 3], stalemate_rounds=2, script={0: [NOTHING] * 3, 1: [NOTHING] * 3}
    )
    g.play_dive()
    assert g.record.dive_turns == [6] and g.record.dive_stalled == [1]
    done(g)


# ------------------------------------------------------------ End of game


def final(scores, home, **rules):
    g = make_game(players=len(scores), **rules)
    g.score[:] = scores
    for s, h in enumerate(home):
        g.home[s][:] = h
    g.play_dive = lambda: None
    return g.play().win60


def test_three_dives_by_default_and_dives_knob():
    # "Dives: 3." / "Balance knobs: ... number of dives"
    for dives, draws in ((3, 6), (5, 10)):
        g = make_game(players=2, path=[], swims=[2] * draws, **({} if dives == 3 else {"dives": dives}))
        rec = g.play()
        assert len(rec.dive_turns) == dives
        done(g)


def test_most_points_wins():
    # "After the third dive, most points wins."
    assert final([10, 30, 20, 0], [[0, 0, 0, 9], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]) == [0, 60, 0, 0]


@pytest.mark.parametrize(
    "home,win",
    [
        ([[0, 0, 0, 1], [3, 3, 3, 0], [0, 0, 0, 9]], [60, 0, 0]),  # level 4 decides
        ([[9, 9, 1, 1], [0, 0, 2, 1], [0, 0, 0, 9]], [0, 60, 0]),  # level 3 decides
        ([[0, 2, 1, 1], [9, 1, 1, 1], [0, 0, 0, 9]], [60, 0, 0]),  # level 2 decides
        ([[0, 1, 1, 1], [5, 1, 1, 1], [0, 0, 0, 9]], [30, 30, 0]),  # level 1 does not: shared
    ],
)
def test_tie_break_by_level_4_3_2_then_shared_win(home, win):
    # "Tie: more level-4 cards brought home, then level 3, then level 2 (level 1 does NOT break
    # ties). Still tied: the victory is shared" (seat 2 has fewer points: its cards don't count)
    assert final([20, 20, 5], home) == win


def test_shared_win_counts_1_over_k():
    # "count a shared win as 1/k for each of k winners"  (win60 = 60/k)
    same = [[1, 1, 1, 1]] * 6
    assert final([9, 9, 9, 0, 9, 1], same) == [15, 15, 15, 0, 15, 0]
    assert final([9, 9, 9], [[1, 1, 1, 1]] * 3) == [20, 20, 20]


def test_cards_are_conserved_and_scored_per_card_over_whole_games():
    # Over whole games with the built-in bots: every treasure card is on the path or home
    # ("Each stack becomes one field"), and a score is the sum of one value card per card
    # brought home (COUNTING values make that sum readable per level).
    from strategies.luft import LUFT_BOTS

    seats = LUFT_BOTS.parse_seats("random,threshold:t=2,threshold:t=4,random", 4)
    for seed in range(15):
        g = Game(Rules(**COUNTING), seats, seed, 0)
        rec = g.play()
        for level in (1, 2, 3, 4):
            on_path = sum(sum(1 for shift in range(0, 30, 3) if (item >> shift) & 7 == level) for item in g.path)
            assert on_path + sum(h[level - 1] for h in rec.home) == 8
        for s in range(4):
            assert rec.score[s] == sum(rec.home[s][l] * 9**l for l in range(4))
        assert sum(rec.win60) == 60
