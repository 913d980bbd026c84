"""One test per rule and decision of rules/land-unter.md, from hand-made
positions. Every step test runs twice (fixture ``steps``): on the reference
engine and on the compiled primitives the kernel uses."""

import numpy as np
import pytest

from sim.games.landunter import layout, reference
from sim.games.landunter.reference import flood_deck, ring_count, ring_halves
from sim.games.landunter.rules import Rules
from tests.landunter.conftest import position, python_seat, seats
from tests.landunter.recorder import recorded

DEFAULT = Rules()


def rules(**kw) -> Rules:
    return Rules(players=4, **kw)


# ------------------------------------------------------------------ material and setup


def test_ring_symbols_per_card_band():
    # "1–12: none · 13–24: half a ring · 25–36: one ring · 37–48: half · 49–60: none"
    assert [ring_halves(c) for c in (1, 12, 13, 24, 25, 36, 37, 48, 49, 60)] == [0, 0, 1, 1, 2, 2, 1, 1, 0, 0]
    assert sum(ring_halves(c) for c in range(1, 61)) == 2 * 24  # 24 rings in all


def test_ring_count_rounds_half_rings_down():
    assert ring_count([13]) == 0  # half a ring: rounded down
    assert ring_count([13, 14]) == 1
    assert ring_count([13, 14, 15]) == 1  # 1.5 -> 1
    assert ring_count([25, 26, 37]) == 2  # 2.5 -> 2
    assert ring_count(list(range(1, 13))) == 0  # all low cards: no ring
    assert ring_count(list(range(25, 37))) == 12  # twelve one-ring cards
    hand = [1, 5, 13, 20, 24, 25, 30, 40, 47, 50, 55, 60]  # 0+0+.5+.5+.5+1+1+.5+.5+0+0+0 = 4.5
    assert ring_count(hand) == 4


def test_six_player_deck_rings_extended_symmetrically():
    # [D] 72 cards with six players: none, half, one, one, half, none per 12 cards
    assert [ring_halves(c, 72) for c in (1, 13, 25, 37, 49, 61, 72)] == [0, 1, 2, 2, 1, 0, 0]
    assert Rules(players=6, allow_six=True).n_cards == 72


def test_flood_deck_is_two_of_each_value_1_to_12():
    deck = flood_deck()
    assert len(deck) == 24 and all(deck.count(v) == 2 for v in range(1, 13))


def test_deal_gives_each_player_12_distinct_cards():
    from sim.rng import Stream

    for players in (3, 4, 5):
        hands = reference.deal_hands(Rules(players=players), Stream(7, 1))
        cards = [c for h in hands for c in h]
        assert [len(h) for h in hands] == [12] * players
        assert len(set(cards)) == 12 * players and all(1 <= c <= 60 for c in cards)


# ------------------------------------------------------------------ one round


def test_lower_flood_card_goes_to_highest_weather_card(steps):
    s = position([0, 0, 0], [3, 3, 3], hands=[[50, 1], [10, 2], [30, 3]])
    steps.round(s, {0: 50, 1: 10, 2: 30}, (9, 3), DEFAULT.with_(players=3))
    assert s.top == [3, 0, 9]  # 50 -> lower (3), 30 -> higher (9)


def test_equal_flood_values_make_no_difference(steps):
    s = position([0, 0, 0], [3, 3, 3], hands=[[50], [10], [30]])
    steps.round(s, {0: 50, 1: 10, 2: 30}, (6, 6), DEFAULT.with_(players=3))
    assert s.top == [6, 0, 6]
    assert s.rings == [2, 3, 2]  # both tied highest flip


def test_only_the_top_flood_card_counts(steps):
    # seat 0 had 11 on its pile; taking a 2 covers it: 2 now counts
    s = position([11, 8, 0], [3, 3, 3], hands=[[50], [10], [30]])
    steps.round(s, {0: 50, 1: 10, 2: 30}, (2, 4), DEFAULT.with_(players=3))
    assert s.top == [2, 8, 4]
    assert s.rings == [3, 2, 3]  # seat 1 (8) is now the highest


def test_played_cards_leave_the_hand(steps):
    s = position([0, 0, 0], [3, 3, 3], hands=[[5, 50], [10, 11], [30, 31]])
    steps.round(s, {0: 50, 1: 10, 2: 31}, (1, 2), DEFAULT.with_(players=3))
    assert s.hands == [[5], [11], [30]]


def test_highest_top_flood_flips_one_ring(steps):
    s = position([4, 9, 2, 0], [2, 2, 2, 2])
    assert not steps.flips(s, DEFAULT)
    assert s.rings == [2, 1, 2, 2]


def test_tied_highest_flood_all_flip(steps):
    s = position([9, 9, 2, 9], [2, 1, 2, 3])
    steps.flips(s, DEFAULT)
    assert s.rings == [1, 0, 2, 2]
    assert s.still_in == [True] * 4


def test_player_who_took_nothing_still_flips(steps):
    # seat 2 took nothing this round but still shows 12 from an earlier round
    s = position([0, 0, 12, 0], [3, 3, 3, 3], hands=[[50], [40], [10], [20]])
    steps.round(s, {0: 50, 1: 40, 2: 10, 3: 20}, (3, 7), DEFAULT)
    assert s.top == [3, 7, 12, 0]
    assert s.rings == [3, 3, 2, 3]


def test_player_without_flood_card_is_never_highest(steps):
    s = position([0, 1, 0, 0], [0, 2, 0, 0])
    steps.flips(s, DEFAULT)
    assert s.rings == [0, 1, 0, 0] and all(s.still_in)


def test_nobody_flips_when_nobody_holds_a_flood_card(steps):
    # [D5]
    s = position([0, 0, 0, 0], [0, 1, 2, 3])
    assert not steps.flips(s, DEFAULT)
    assert s.rings == [0, 1, 2, 3] and all(s.still_in)


# ------------------------------------------------------------------ elimination


def test_flipping_last_ring_does_not_eliminate(steps):
    s = position([10, 3, 2, 1], [1, 2, 2, 2])
    steps.flips(s, DEFAULT)
    assert s.rings[0] == 0 and s.still_in[0]


def test_elimination_only_when_ring_owed_and_none_left(steps):
    # seat 0 owes a ring and has none: out; seat 1 has none but owes none: stays in
    s = position([10, 3, 5, 1], [0, 0, 2, 2])
    assert not steps.flips(s, DEFAULT)
    assert s.still_in == [False, True, True, True]
    assert s.rings == [0, 0, 1, 2]  # the cascade flip went to seat 2 (5)
    # when the cascade reaches seat 1 (3 is now the highest) it owes one: out too
    s = position([10, 3, 2, 1], [0, 0, 2, 2])
    assert steps.flips(s, DEFAULT)  # and two remain: the deal ends
    assert s.still_in == [False, False, True, True]


def test_eliminated_player_discards_hand_and_turns_flood_pile(steps):
    s = position([10, 3, 2, 1], [0, 2, 2, 2], hands=[[5, 6], [7, 8], [9, 11], [12, 14]])
    steps.flips(s, DEFAULT)
    assert not s.still_in[0]
    assert s.hands[0] == [] and s.top[0] == 0  # pile no longer counts


def test_cascade_after_elimination(steps):
    s = position([12, 10, 5, 0], [0, 2, 1, 3])
    ended = steps.flips(s, DEFAULT)
    assert not ended
    assert s.still_in == [False, True, True, True]
    assert s.rings == [0, 1, 1, 3]  # the now highest (10) flipped


def test_cascade_can_eliminate_again(steps):
    s = position([12, 10, 5, 3, 0], [0, 0, 1, 1, 2])
    ended = steps.flips(s, DEFAULT.with_(players=5))
    assert not ended
    assert s.still_in == [False, False, True, True, True]
    assert s.rings == [0, 0, 0, 1, 2]


def test_deal_ends_at_two_players(steps):
    s = position([12, 10, 5], [0, 1, 1])
    assert steps.flips(s, DEFAULT.with_(players=3))
    assert s.still_in == [False, True, True]
    assert s.rings == [0, 1, 1]  # [D3] ended at once: no cascade flip


def test_deal_ends_when_simultaneous_double_elimination_leaves_one(steps):
    # [D4] "two remain" means two or fewer; the lone survivor scores normally
    s = position([12, 12, 5], [0, 0, 1])
    r3 = DEFAULT.with_(players=3)
    assert steps.flips(s, r3)
    assert s.still_in == [False, False, True]
    assert steps.score(s, r3) == [-1, -1, 2]


def test_deal_ends_after_round_12():
    full = 0
    for g in range(20):
        rec = reference.play_game(Rules(players=4), seats("random"), 1, g)
        for rounds, early in zip(rec.rounds, rec.early_end):
            assert 1 <= rounds <= 12
            assert rounds == 12 or early == 1  # before round 12 only by the 2-player rule
            full += rounds == 12 and early == 0
    assert full > 0


def test_early_end_also_counts_in_round_12():
    # a deal whose elimination happens in round 12 is still an early end
    found = False
    for g in range(200):
        rec = reference.play_game(Rules(players=3), seats("high,low,random", 3), 5, g)
        if any(r == 12 and e == 1 for r, e in zip(rec.rounds, rec.early_end)):
            found = True
            break
    assert found


# ------------------------------------------------------------------ [D] options both ways


def test_cascade_may_repeat_flipper_true(steps):
    # tie 12/12: seat 0 flips its last ring, seat 1 goes out; seat 0 is now highest
    s = position([12, 12, 8, 3], [1, 0, 2, 2])
    ended = steps.flips(s, rules(cascade_may_repeat_flipper=True))
    assert s.still_in == [False, False, True, True]  # seat 0 flipped again: out
    assert ended and s.rings[2] == 2


def test_cascade_may_repeat_flipper_false(steps):
    s = position([12, 12, 8, 3], [1, 0, 2, 2])
    ended = steps.flips(s, rules(cascade_may_repeat_flipper=False))
    assert s.still_in == [True, False, True, True]  # seat 0 passed over ...
    assert s.rings == [0, 0, 1, 2] and not ended  # ... the flip goes to seat 2 (8)


def test_tie_simultaneous_true(steps):
    s = position([12, 12, 5], [0, 1, 1])
    assert steps.flips(s, Rules(players=3, tie_simultaneous=True))
    assert s.still_in == [False, True, True] and s.rings == [0, 0, 1]  # both flipped at once


def test_tie_simultaneous_false(steps):
    # seat order: seat 0 goes out, two remain: the deal ends before seat 1 flips
    s = position([12, 12, 5], [0, 1, 1])
    assert steps.flips(s, Rules(players=3, tie_simultaneous=False))
    assert s.still_in == [False, True, True] and s.rings == [0, 1, 1]


def test_tie_simultaneous_false_goes_on_with_cascade_first(steps):
    # with end_before_cascade=false the remaining tied player still flips, then the cascade
    s = position([12, 12, 5], [0, 0, 1])
    assert steps.flips(s, Rules(players=3, tie_simultaneous=False, end_before_cascade=False))
    assert s.still_in == [False, False, True] and s.rings == [0, 0, 0]


def test_end_before_cascade_true(steps):
    s = position([12, 10, 5], [0, 1, 1])
    assert steps.flips(s, Rules(players=3, end_before_cascade=True))
    assert s.rings == [0, 1, 1]


def test_end_before_cascade_false(steps):
    s = position([12, 10, 5], [0, 1, 1])
    assert steps.flips(s, Rules(players=3, end_before_cascade=False))
    assert s.rings == [0, 0, 1]  # cascade flip made, then the deal ends
    s = position([12, 10, 5], [0, 0, 1])
    assert steps.flips(s, Rules(players=3, end_before_cascade=False))
    assert s.still_in == [False, False, True] and s.rings == [0, 0, 0]  # cascade on and on


def test_no_flood_counts_as_lowest_false(steps):
    # [D6] default: lowest holders (tie: both) AND every player without a flood card
    s = position([3, 0, 3, 7], [2, 1, 0, 4])
    assert steps.score(s, rules(no_flood_counts_as_lowest=False)) == [3, 2, 1, 4]


def test_no_flood_counts_as_lowest_true(steps):
    s = position([3, 0, 3, 7], [2, 1, 0, 4])
    assert steps.score(s, rules(no_flood_counts_as_lowest=True)) == [2, 2, 0, 4]
    s = position([3, 5, 3, 7], [2, 1, 0, 4])  # nobody without: lowest holders
    assert steps.score(s, rules(no_flood_counts_as_lowest=True)) == [3, 1, 1, 4]


def test_two_player_deal_played_out_true():
    r = Rules(players=2, allow_two=True, two_player_deal_played_out=True)
    rec = reference.play_game(r, seats("random", 2), 3, 0)
    assert all(rounds >= 1 for rounds in rec.rounds)
    for rounds, early, out in zip(rec.rounds, rec.early_end, rec.n_eliminated):
        assert early == (1 if out else 0)  # only an elimination ends it early
        assert rounds == 12 or early


def test_two_player_deal_played_out_false():
    r = Rules(players=2, allow_two=True, two_player_deal_played_out=False)
    rec = reference.play_game(r, seats("random", 2), 3, 0)
    assert rec.rounds == [0, 0] and rec.early_end == [1, 1]
    # nobody has a flood card: rings + the no-flood bonus
    assert rec.deal_points == [[rings + 1 for rings in deal] for deal in rec.hand_rings]


# ------------------------------------------------------------------ scoring


def test_score_one_point_per_unflipped_ring(steps):
    s = position([5, 6, 7, 8], [4, 2, 0, 1])
    assert steps.score(s, DEFAULT) == [5, 2, 0, 1]  # seat 0 also has the lowest flood


def test_lowest_flood_bonus_ties_all_get_it(steps):
    s = position([2, 2, 7, 2], [1, 1, 1, 1])
    assert steps.score(s, DEFAULT) == [2, 2, 1, 2]


def test_no_flood_card_bonus(steps):
    s = position([0, 4, 7, 0], [1, 1, 1, 1])
    assert steps.score(s, DEFAULT) == [2, 2, 1, 2]  # both without and the lowest holder


def test_eliminated_scores_minus_one(steps):
    s = position([0, 4, 7, 0], [3, 1, 1, 1], still_in=[False, True, True, True])
    assert steps.score(s, DEFAULT)[0] == -1
    # an eliminated player's (turned over) pile never makes the bonus move
    assert steps.score(s, DEFAULT) == [-1, 2, 1, 2]


def test_zero_rings_still_in_scores_zero_plus_bonus(steps):
    # [D7]
    s = position([1, 4, 7, 9], [0, 0, 3, 3])
    assert steps.score(s, DEFAULT) == [1, 0, 3, 3]


def test_highest_total_wins_and_ties_share():
    assert reference.win60([5, 9, 2]) == [0, 60, 0]
    assert reference.win60([9, 9, 2, 9]) == [20, 20, 0, 20]
    assert reference.win60([-1, -1]) == [30, 30]


def test_scores_add_up_over_deals():
    rec = reference.play_game(Rules(players=4), seats("high,low,mid,random"), 2, 0)
    assert rec.score == [sum(d[p] for d in rec.deal_points) for p in range(4)]
    assert sum(rec.win60) == 60


# ------------------------------------------------------------------ passing hands


def _spy(log):
    def bot(seat, st, params, u):
        log.append(
            (
                int(st[layout.S_DEAL]),
                int(st[layout.S_ROUND]),
                seat,
                int(st[layout.S_HAND_ID + seat]),
                int(st[layout.S_HAND_LO + seat]),
                int(st[layout.S_HAND_HI + seat]),
                int(st[layout.S_RINGS_FULL + seat]),
                st.copy(),
            )
        )
        return int(layout.hand_low(st, seat))

    return bot


def test_hands_passed_left_every_player_plays_every_hand():
    from sim.games.landunter.bits import masks_of

    for n in (3, 4, 5):
        log = []
        r = Rules(players=n)
        rec = reference.play_game(r, [python_seat(_spy(log))] * n, 11, 0)
        first = {(seat): (lo, hi) for d, rnd, seat, hid, lo, hi, _, _ in log if d == 0 and rnd == 0}
        held = {}
        for d, rnd, seat, hid, lo, hi, full, _ in log:
            if rnd == 0:
                assert hid == (seat - d) % n  # seat i passes to seat i+1
                assert (lo, hi) == first[hid]  # the same 12 cards
                assert full == rec.hand_rings[0][hid]  # with the hand's ring count
                held.setdefault(seat, set()).add(hid)
        assert all(held[s] == set(range(n)) for s in range(n))  # every player plays every hand
        for d in range(n):
            assert rec.hand_strength[d] == [rec.hand_strength[0][(p - d) % n] for p in range(n)]
        assert len(rec.rounds) == n  # one deal per player
        assert masks_of([]) == (0, 0)


def test_eliminated_hand_passes_with_full_ring_count():
    # [D8] find games with eliminations; the next holder gets the full count
    for g in range(50):
        log = []
        rec = reference.play_game(Rules(players=4), [python_seat(_spy(log))] * 4, 4, g)
        if sum(rec.n_eliminated[:-1]) == 0:
            continue
        for d in range(1, 4):
            for p in range(4):
                assert rec.hand_rings[d][p] == rec.hand_rings[0][(p - d) % 4]
        starts = [(d, seat, st) for d, rnd, seat, _, _, _, _, st in log if rnd == 0]
        for d, seat, st in starts:
            assert st[layout.S_RINGS + seat] == st[layout.S_RINGS_FULL + seat]  # full, flipped restored
            assert st[layout.S_HAND_N + seat] == 12
        return
    pytest.fail("no game with an elimination found")


# ------------------------------------------------------------------ what a bot sees


@pytest.mark.parametrize("kind", ["reference", "compiled"])
def test_bots_never_see_this_rounds_choices(compiled, kind):
    """Within a round every seat is shown the same public view (nothing of the
    choices made before it), plus its own whole hand; no other seat's hand."""
    rows = recorded(kind, Rules(players=4), "random,high,counter,low", 5, 4)
    hands = [layout.S_HAND_LO + p for p in range(layout.MAXP)] + [layout.S_HAND_HI + p for p in range(layout.MAXP)]
    rounds = []  # consecutive decisions of one round
    for row in rows:
        seat, st = int(row[0]), row[2:]
        mine = {layout.S_HAND_LO + seat, layout.S_HAND_HI + seat}
        assert all(st[i] == 0 for i in hands if i not in mine)  # no other hand
        assert popcount_hand(st, seat) == st[layout.S_HAND_N + seat]  # own card still in
        public = st.copy()
        public[hands] = 0
        if not rounds or rounds[-1][0] != (st[layout.S_DEAL], st[layout.S_ROUND]):
            rounds.append(((st[layout.S_DEAL], st[layout.S_ROUND]), []))
        rounds[-1][1].append(public)
    assert len(rounds) > 4 * 4 * 4
    for _, views in rounds:
        assert len(views) > 1
        for st in views[1:]:
            assert np.array_equal(st, views[0])  # same public view for every seat


def popcount_hand(st, seat) -> int:
    return bin(int(st[layout.S_HAND_LO + seat])).count("1") + bin(int(st[layout.S_HAND_HI + seat])).count("1")


def test_card_memory_records_hand_and_round():
    log = []
    rec = reference.play_game(Rules(players=3), [python_seat(_spy(log))] * 3, 6, 0)
    last = log[-1][-1]
    deal = int(last[layout.S_DEAL])
    for c in range(1, 61):
        when = last[layout.S_CARD_WHEN + c]
        if when:
            assert 1 <= when <= 12 * deal + int(last[layout.S_ROUND])
            assert 1 <= last[layout.S_CARD_HAND + c] <= 3
    # flood composition: 24 minus two per revealed round
    assert sum(last[layout.S_FLOOD_LEFT + v] for v in range(1, 13)) == 24 - 2 * (int(last[layout.S_ROUND]) + 1)
    assert rec.rounds
