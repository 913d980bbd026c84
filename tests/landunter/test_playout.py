"""The sampler's shared play-outs (`strategies.landunter.playout`) end every
deal exactly as playing it draw by draw from the start does (the sampler
before its speed-up), on worlds sampled for recorded views."""

import numpy as np

from sim import rng
from sim.games.landunter import core, layout
from strategies.landunter.playout import deal, new_script, new_trace, play_card, same_outcome, write_script
from strategies.landunter.worlds import prepare, sample_world
from tests.landunter.test_search_decisions import FIXTURE

VIEWS = range(0, len(FIXTURE["views"]), 25)  # 183 recorded views, 3 to 6 players


def worlds():
    """(seat, dealt view, flood order, play-out seed) of one world per view."""
    for i in VIEWS:
        seat, st = int(FIXTURE["seat"][i]), FIXTURE["views"][i]
        if st[layout.S_HAND_N + seat] <= 1:
            continue
        known, nknown, unseen, target, pool, npool, ways, ok = prepare(seat, st)
        assert ok
        hands = np.zeros((layout.MAXP, layout.HAND_SIZE), np.int64)
        flood = np.zeros(layout.FLOOD_CARDS, np.int64)
        rs, nflood = sample_world(
            np.uint64(rng.game_stream(7, i)), seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood
        )
        dealt = st.copy()
        deal(dealt, st, seat, hands)
        yield seat, dealt, flood[:nflood], np.uint64(rng.next_u64(np.uint64(rs))[1])


def draw_by_draw(dealt, seat, card, flood, seed):
    """The deal played to its end from the view, ``card`` first, then every
    seat still in drawing a random card of its hand in seat order."""
    world, n, rr = dealt.copy(), int(dealt[layout.S_PLAYERS]), np.uint64(seed)
    plays = np.zeros(layout.MAXP, np.int64)
    lo, hi = dealt[layout.S_FLOOD_LO], dealt[layout.S_FLOOD_HI]
    for r in range(min(layout.HAND_SIZE - int(dealt[layout.S_ROUND]), len(flood) // 2 + 1)):
        if r > 0:
            lo, hi = min(flood[2 * r - 2 : 2 * r]), max(flood[2 * r - 2 : 2 * r])
        for p in range(n):
            if world[layout.S_IN + p] == 1:
                if p == seat and r == 0:
                    plays[p] = card
                else:
                    rr, j = rng.randbelow(rr, world[layout.S_HAND_N + p])
                    rr = np.uint64(rr)  # as rng.Stream keeps it between calls
                    plays[p] = layout.hand_card(world, p, j)
        for p in range(n):
            if world[layout.S_IN + p] == 1:
                core.remove_card(world, p, plays[p])
        core.award_flood(world, n, plays, lo, hi)
        if core.flip_step(world, n):
            break
    return world


def outcome(world):
    n = int(world[layout.S_PLAYERS])
    pts = np.zeros(layout.MAXP, np.int64)
    core.score_deal(world, n, pts)
    return [int(x) for x in pts[:n]], [int(x) for x in world[layout.S_RINGS : layout.S_RINGS + n]]


def test_a_scripted_play_out_ends_the_deal_as_drawing_card_by_card():
    script, trace = new_script(), new_trace()
    tried = seat_out = others_out = 0
    for seat, dealt, flood, seed in worlds():
        world = dealt.copy()
        rounds = write_script(dealt, seat, seed, flood, len(flood), script, world)
        for ci in range(int(dealt[layout.S_HAND_N + seat])):
            card = layout.hand_card(dealt, seat, ci)
            play_card(world, dealt, seat, card, False, rounds, script, trace)
            want = draw_by_draw(dealt, seat, card, flood, seed)
            assert outcome(world) == outcome(want), (seat, card)
            tried += 1
            seat_out += world[layout.S_IN + seat] == 0  # then the rest is drawn card by card
            others_out += world[layout.S_N_IN] < dealt[layout.S_N_IN] - (world[layout.S_IN + seat] == 0)  # that too
    assert tried > 500 and seat_out > 50 and others_out > 50, (tried, seat_out, others_out)


def test_a_card_that_ranks_like_the_next_lower_one_ends_the_deal_the_same():
    """Also where they rank alike only because the two flood cards on offer
    have one value (then taking the lower or the higher is the same)."""
    script, trace = new_script(), new_trace()
    same = differ = tied = 0
    for seat, dealt, flood, seed in worlds():
        world = dealt.copy()
        rounds = write_script(dealt, seat, seed, flood, len(flood), script, world)
        untied = script[:4] + (script[4] + 100,) + script[5:]  # no two flood cards on offer alike
        for ci in range(1, int(dealt[layout.S_HAND_N + seat])):
            last, card = layout.hand_card(dealt, seat, ci - 1), layout.hand_card(dealt, seat, ci)
            play_card(world, dealt, seat, last, False, rounds, script, trace)
            was = outcome(world)
            alike_untied = same_outcome(last, card, seat, tuple(a.copy() for a in trace), untied)
            if same_outcome(last, card, seat, trace, script):
                same += 1
                tied += not alike_untied
                assert outcome(draw_by_draw(dealt, seat, card, flood, seed)) == was, (seat, last, card)
            else:
                differ += 1
    assert same > 100 and differ > 100 and tied > 0, (same, differ, tied)
