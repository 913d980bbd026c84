"""Each Geteilte Luft bot's defining behaviour, from hand-made public states.

States are built with numpy in the layout of sim/games/luft/layout.py; bots are
called directly (and through the kernel's integer switch). Estimators in
sim/games/luft/forecast.py are checked against hand computations first, since
most bots rest on them.
"""

from fractions import Fraction

import numpy as np
import pytest

from sim.games.luft import forecast, layout, reference
from sim.games.luft.rules import Rules
from sim.registry import BotError, load_bot_file
from strategies.luft import LUFT_BOTS
from strategies.luft.dispatch import INLINED, NOT_INLINED, decide_inline
from strategies.luft.planner import HOME, swims
from tests.luft.builtins_by_id import decide_builtin
from tests.read_only import sealed

TB, TR = layout.PHASE_TURN_BACK, layout.PHASE_TREASURE
P = forecast.SWIM_P
FULL = [lv for lv in (1, 2, 3, 4) for _ in range(8)]  # the first dive's path
BUILTINS = [b for b in (LUFT_BOTS.get(n) for n in LUFT_BOTS.names()) if b.builtin_id >= 0]


def stk(*levels):
    return sum(lv << (3 * i) for i, lv in enumerate(levels))


def make_st(divers, air=25, path=None, tbnt=1, swim_mode=0, swim_left=(1, 2, 3, 2, 1)):
    """Public state: ``divers`` is one dict per seat with pos, carried (items in
    pickup order), up, back, score."""
    path = FULL if path is None else path
    st = np.zeros(layout.SIZE, np.int64)
    st[layout.AIR], st[layout.N_PLAYERS], st[layout.PATH_LEN], st[layout.MAX_AIR] = air, len(divers), len(path), 25
    st[layout.TURN_BACK_NEEDS_TREASURE], st[layout.STACK_SIZE], st[layout.DIVES] = tbnt, 3, 3
    st[layout.SWIM_MODE] = swim_mode
    st[layout.SWIM_LEFT : layout.SWIM_LEFT + 5] = swim_left
    st[layout.PATH : layout.PATH + len(path)] = path
    for s, d in enumerate(divers):
        carried = d.get("carried", [])
        st[layout.POS + s], st[layout.HEADING_UP + s], st[layout.BACK + s] = d.get("pos", 0), d.get("up", 0), d.get("back", 0)
        st[layout.N_CARRIED + s], st[layout.SCORE + s] = len(carried), d.get("score", 0)
        base = layout.CARRIED + s * layout.MAX_PATH
        st[base : base + len(carried)] = carried
    return st


def blank(*fields, path=None):
    """The first dive's path with the given fields (1-based) blank."""
    path = list(FULL if path is None else path)
    for f in fields:
        path[f - 1] = 0
    return path


def params_for(name, **values):
    return LUFT_BOTS.get(name).vector(values)


def ask(name, phase, st, seat=0, u=0.5, **values):
    bot = LUFT_BOTS.get(name)
    action = int(bot.fn(phase, seat, sealed(st), sealed(params_for(name, **values)), u))
    assert layout.is_legal(phase, st, seat, action), (name, phase, action)
    return action


# --- the estimators ------------------------------------------------------------


def _expected_turns_exact(dist, load):
    """Independent first-passage recursion in exact fractions."""
    p = {2: Fraction(1, 9), 3: Fraction(2, 9), 4: Fraction(3, 9), 5: Fraction(2, 9), 6: Fraction(1, 9)}
    e = {0: Fraction(0)}
    stay = sum(pv for val, pv in p.items() if val <= load)
    for d in range(1, dist + 1):
        acc = Fraction(1) + sum(pv * e[max(d - (val - load), 0)] for val, pv in p.items() if val > load)
        e[d] = acc / (1 - stay)
    return e[dist]


def test_swim_distribution_and_mean_steps():
    assert P[2:].tolist() == pytest.approx([1 / 9, 2 / 9, 3 / 9, 2 / 9, 1 / 9])
    assert forecast.mean_steps(0, P) == pytest.approx(4.0)
    assert forecast.mean_steps(2, P) == pytest.approx(2.0)  # (1*2 + 2*3 + 3*2 + 4*1) / 9
    assert forecast.mean_steps(6, P) == 0.0


@pytest.mark.parametrize("dist,load", [(1, 0), (3, 0), (9, 1), (20, 2), (7, 4), (12, 5)])
def test_expected_turns_matches_exact_recursion(dist, load):
    assert forecast.expected_turns(dist, load, P, P) == pytest.approx(float(_expected_turns_exact(dist, load)))


def test_expected_turns_hand_values():
    assert forecast.expected_turns(0, 3, P, P) == 0.0
    assert forecast.expected_turns(2, 0, P, P) == pytest.approx(1.0)
    assert forecast.expected_turns(3, 0, P, P) == pytest.approx(1 + 1 / 9)  # only a 2 falls short
    assert forecast.expected_turns(5, 6, P, P) >= forecast.INF  # a 6 moves 0 fields
    only_six = np.array([0, 0, 0, 0, 0, 0, 1.0])
    assert forecast.expected_turns(5, 1, only_six, P) == pytest.approx(1.0)  # the next card is a 6


def test_p_home_hand_values():
    assert forecast.p_home(6, 1, 0, P, P) == pytest.approx(1 / 9)
    assert forecast.p_home(5, 1, 0, P, P) == pytest.approx(3 / 9)
    assert forecast.p_home(4, 1, 0, P, P) == pytest.approx(6 / 9)
    assert forecast.p_home(2, 1, 2, P, P) == pytest.approx(6 / 9)  # needs a 4 or more
    # two swims of load 2 to cover 2 fields: fail only with (2, any<=3) or (3, 2) ... exact:
    # after swim 1: 0 steps (1/9) -> need >=2 (6/9); 1 step (2/9) -> need >=1 (8/9); >=2 home (6/9)
    assert forecast.p_home(2, 2, 2, P, P) == pytest.approx(6 / 9 + 1 / 9 * 6 / 9 + 2 / 9 * 8 / 9)
    assert forecast.p_home(0, 0, 3, P, P) == 1.0
    assert forecast.p_home(3, 0, 0, P, P) == 0.0
    assert forecast.p_home(30, 10**9, 0, P, P) == pytest.approx(1.0)


def test_turns_left_counts_the_others_breathing_first():
    # air 5, own load 1, others 2: others -> 3, me -> 2, swim; others -> 0: dive over.
    assert forecast.turns_left(5, 1, 2) == 1
    assert forecast.turns_left(6, 1, 2) == 2  # ... me -> 0 on the second: still swims (last turn)
    assert forecast.turns_left(2, 1, 2) == 0
    assert forecast.turns_left(0, 1, 0) == 0
    assert forecast.turns_left(3, 0, 0) == forecast.NEVER


def test_air_burn_is_expected_turns_times_everyones_load():
    t = float(_expected_turns_exact(9, 1))
    assert forecast.air_burn(9, 1, 2, P, False) == pytest.approx(t * 3)
    assert forecast.air_burn(9, 1, 2, P, True) == pytest.approx((t - 1) * 3)


def test_distance_home_skips_fields_of_divers_in_the_water():
    st = make_st([dict(pos=10, carried=[2]), dict(pos=4), dict(pos=7, back=0), dict(pos=12), dict(pos=0, back=1)])
    assert forecast.dist_home(st, 0, 10) == 8  # fields 4 and 7 are skipped
    assert forecast.others_load(st, 0) == 0
    assert forecast.dest_down(st, 0, 10, 2) == 13  # 11, then 12 is occupied: 13
    assert forecast.dest_down(st, 0, 30, 5) == 32  # the deep end


def test_item_values_and_next_swim_pmf():
    assert forecast.item_value(stk(1, 1, 2)) == pytest.approx(8.5)
    st = make_st([dict(pos=3, carried=[1, stk(4, 4), 2])])
    assert forecast.carried_value(st, 0) == pytest.approx(1.5 + 27 + 5.5)
    assert forecast.cheapest_carried(st, 0) == 0
    st = make_st([dict()], swim_mode=3, swim_left=(0, 0, 1, 0, 1))
    assert forecast.swim_pmf_next(st).tolist() == pytest.approx([0, 0, 0, 0, 0.5, 0, 0.5])
    st = make_st([dict()], swim_mode=0, swim_left=(0, 0, 1, 0, 1))
    assert forecast.swim_pmf_next(st).tolist() == pytest.approx(P.tolist())


# --- registration and the switch -------------------------------------------------


def test_every_builtin_has_its_own_branch_and_doc():
    ids = sorted(b.builtin_id for b in BUILTINS)
    assert ids == list(range(len(ids)))
    st = make_st([dict(pos=5, carried=[1]), dict(pos=3)], path=blank(5))
    params = np.zeros(8)
    assert decide_builtin(len(ids), TB, 0, sealed(st), sealed(params), 0.5) == -1  # no branch: illegal
    for b in BUILTINS:
        assert len(b.doc) > 80, b.name
        for p in b.params:
            assert p.low <= p.default <= p.high, (b.name, p.name)


STATES = [
    (TB, make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], air=9, path=blank(10))),
    (TB, make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], air=22, path=blank(10))),
    (TR, make_st([dict(pos=20, carried=[2]), dict(pos=5, carried=[1])], air=15)),
    (TR, make_st([dict(pos=6, carried=[1, 4], up=1), dict(pos=9, carried=[1, 1])], air=6, path=blank(6))),
    (TR, make_st([dict(pos=2), dict(pos=5, carried=[1]), dict(back=1, score=12)], air=25)),
]


@pytest.mark.parametrize("name", [b.name for b in BUILTINS])
def test_switch_routes_each_builtin_id_to_its_function(name):
    """The kernel's inlined switch plays exactly the `INLINED` bots (any other
    id answers `NOT_INLINED`, so the kernel calls its plug-in); the tests'
    switch over every id plays each built-in."""
    bot = LUFT_BOTS.get(name)
    params = sealed(params_for(name))
    for phase, st in STATES:
        st = sealed(st)
        for u in (0.1, 0.7):
            direct = bot.fn(phase, 0, st, params, u)
            inlined = direct if bot.builtin_id in INLINED else NOT_INLINED
            assert decide_inline(bot.builtin_id, phase, 0, st, params, u) == inlined
            assert decide_builtin(bot.builtin_id, phase, 0, st, params, u) == direct


def test_spec_parses_with_defaults_and_rejects_bad_values():
    seat = LUFT_BOTS.parse("air")
    assert seat.params[0] == LUFT_BOTS.get("air").params[0].default
    seat = LUFT_BOTS.parse("rollout:k=8")
    assert seat.params[:2].tolist() == [8, 2]
    seat = LUFT_BOTS.parse("drain:margin=3:grab=2")
    assert seat.params[:3].tolist() == [3, 1, 2]
    for bad in (
        "air:margin=9",
        "depth:level=5",
        "depth:level=2.5",
        "planner:extra=0",
        "greedy-value:risk=-1",
        "rollout:k=0",
        "rollout:z=-1",
        "rollout:z=11",
        "air:foo=1",
        "air:margin",
        "nosuchbot",
    ):
        with pytest.raises(BotError):
            LUFT_BOTS.parse(bad)


# --- air ---------------------------------------------------------------------------


def _air_state(air):
    # seat 0 on field 10 heading down with a level-2 card; seat 1 on 5 with one card.
    return make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], air=air, path=blank(10))


def test_air_turns_back_exactly_at_margin_times_burn():
    burn = forecast.air_burn(9, 1, 1, P, True)  # 9 free fields home (5 is occupied)
    for margin in (1.0, 2.0, 3.5):
        limit = margin * burn
        below = int(np.floor(limit))
        assert ask("air", TB, _air_state(below), margin=margin) == layout.TURN_BACK
        assert ask("air", TB, _air_state(below + 1), margin=margin) == layout.STAY_DOWN


def test_air_picks_up_only_while_it_would_still_not_turn_back():
    path = FULL
    # carrying nothing heading down: always takes the first treasure
    assert ask("air", TR, make_st([dict(pos=20)], air=1, path=path)) == layout.PICK_UP
    # carrying one: takes the second iff air > margin x burn with two
    st = lambda air: make_st([dict(pos=20, carried=[2]), dict(pos=3, carried=[1])], air=air)
    need = 2.0 * forecast.air_burn(19, 2, 1, P, False)
    assert ask("air", TR, st(int(np.floor(need))), margin=2) == layout.NOTHING
    assert ask("air", TR, st(int(np.floor(need)) + 1), margin=2) == layout.PICK_UP
    # never drops
    st = make_st([dict(pos=6, up=1, carried=[1, 4])], air=2, path=blank(6))
    assert ask("air", TR, st) == layout.NOTHING


# --- depth ---------------------------------------------------------------------------


def test_depth_ignores_shallow_treasures_and_collects_count():
    assert ask("depth", TR, make_st([dict(pos=5)]), level=2) == layout.NOTHING  # level 1
    assert ask("depth", TR, make_st([dict(pos=12)]), level=2) == layout.PICK_UP  # level 2
    assert ask("depth", TR, make_st([dict(pos=12)]), level=3) == layout.NOTHING
    assert ask("depth", TR, make_st([dict(pos=20, carried=[3, 3])]), level=3, count=2) == layout.NOTHING
    assert ask("depth", TR, make_st([dict(pos=20, carried=[3])]), level=3, count=2) == layout.PICK_UP
    assert ask("depth", TR, make_st([dict(pos=20, up=1, carried=[3])]), level=3) == layout.NOTHING
    assert ask("depth", TB, make_st([dict(pos=20, carried=[3])], path=blank(20)), level=3, count=2) == layout.STAY_DOWN
    assert ask("depth", TB, make_st([dict(pos=22, carried=[3, 4])], path=blank(22)), level=3, count=2) == layout.TURN_BACK


def test_depth_settles_for_less_when_the_deep_treasures_are_gone():
    path = [1, 1, 1, 2, 2, 0, 1]  # a late dive: nothing of level 3 or 4 left
    assert ask("depth", TR, make_st([dict(pos=4)], path=path), level=4) == layout.PICK_UP
    assert ask("depth", TR, make_st([dict(pos=2)], path=path), level=4) == layout.NOTHING
    # carrying one: a level-1 card deeper is now worth the trip; nothing deeper: go home
    assert ask("depth", TB, make_st([dict(pos=6, carried=[2])], path=path), level=4, count=3) == layout.STAY_DOWN
    assert ask("depth", TB, make_st([dict(pos=7, carried=[2])], path=path[:6] + [0]), level=4, count=3) == layout.TURN_BACK


def test_depth_drops_a_level_one_card_only_when_it_pays():
    path = blank(8)
    # heading up from field 8 with a level-1 and a level-4 card, others carrying a lot
    tight = make_st([dict(pos=8, up=1, carried=[1, 4]), dict(pos=20, carried=[2, 2, 3])], air=9, path=path)
    roomy = make_st([dict(pos=8, up=1, carried=[1, 4]), dict(back=1)], air=25, path=path)
    w = forecast.carried_value(tight, 0)
    keep = w * forecast.p_home_seat(tight, 0, 2, False, P)
    drop = (w - 1.5) * forecast.p_home_seat(tight, 0, 1, False, P)
    assert drop > keep  # the position is what the test claims
    assert ask("depth", TR, tight) == layout.DROP + 0
    assert ask("depth", TR, tight, drop=0) == layout.NOTHING
    assert ask("depth", TR, roomy) == layout.NOTHING


# --- greedy-value ----------------------------------------------------------------------


def test_greedy_value_turns_back_when_the_loss_outweighs_the_gain():
    # field 12 with a level-2 card, another diver with one card: the risk weight
    # moves the line; a cautious setting never stays where a bold one turns
    st = lambda air: make_st([dict(pos=12, carried=[2]), dict(pos=3, carried=[1])], air=air, path=blank(12))
    assert ask("greedy-value", TB, st(25)) == layout.STAY_DOWN
    assert ask("greedy-value", TB, st(21)) == layout.STAY_DOWN
    assert ask("greedy-value", TB, st(21), risk=5) == layout.TURN_BACK
    assert ask("greedy-value", TB, st(18)) == layout.TURN_BACK
    assert ask("greedy-value", TB, st(18), risk=0.2) == layout.STAY_DOWN
    for air in range(3, 26):
        bold = ask("greedy-value", TB, st(air), risk=0.2)
        shy = ask("greedy-value", TB, st(air), risk=5)
        assert not (bold == layout.TURN_BACK and shy == layout.STAY_DOWN)
    # hopeless either way (nothing of value gets home): head home anyway
    st = make_st([dict(pos=18, carried=[3, 2]), dict(pos=10, carried=[2, 2])], air=6, path=blank(18))
    assert forecast.p_home_seat(st, 0, 2, True, P) == 0.0
    assert ask("greedy-value", TB, st) == layout.TURN_BACK


def test_greedy_value_picks_up_by_expected_value():
    # nothing carried: any treasure it can bring home is worth taking
    assert ask("greedy-value", TR, make_st([dict(pos=26)], air=25)) == layout.PICK_UP
    # field 12 (a level-2 card) carrying a level-2 card, air 12: the second card
    # costs more in drowning risk than it adds, unless risk is weighted lightly
    st = make_st([dict(pos=12, carried=[2]), dict(pos=3, carried=[1])], air=12)
    p0 = forecast.p_home_seat(st, 0, 1, False, P)
    p1 = forecast.p_home_seat(st, 0, 2, False, P)
    assert 0.1 * 5.5 * (p0 - p1) <= 5.5 * p1 < 5.5 * (p0 - p1)
    assert ask("greedy-value", TR, st) == layout.NOTHING
    assert ask("greedy-value", TR, st, risk=0.1) == layout.PICK_UP


def test_greedy_value_drops_the_cheapest_when_speed_pays():
    st = make_st([dict(pos=9, up=1, carried=[4, 1, 4]), dict(pos=20, carried=[2, 2])], air=12, path=blank(9))
    assert ask("greedy-value", TR, st) == layout.DROP + 1
    st = make_st([dict(pos=5, up=1, carried=[4, 1, 4]), dict(back=1)], air=25, path=blank(5))
    assert ask("greedy-value", TR, st) == layout.NOTHING  # 28.5 x (1.00 - 0.97) < 1.5
    assert ask("greedy-value", TR, st, risk=3) == layout.DROP + 1


# --- rulebook-tips ----------------------------------------------------------------------


def test_rulebook_tips_turns_back_early_with_one_or_two_good_treasures():
    st = lambda carried: make_st([dict(pos=12, carried=carried)], air=25, path=blank(12))
    assert ask("rulebook-tips", TB, st([3])) == layout.TURN_BACK  # one of level >= 3
    assert ask("rulebook-tips", TB, st([2, 2])) == layout.TURN_BACK  # two of level >= 2
    assert ask("rulebook-tips", TB, st([2])) == layout.STAY_DOWN
    assert ask("rulebook-tips", TB, st([1, 2])) == layout.STAY_DOWN
    assert ask("rulebook-tips", TB, st([3]), one=4) == layout.STAY_DOWN
    assert ask("rulebook-tips", TB, st([stk(1, 1, 3)])) == layout.TURN_BACK  # a stack worth more than an L3


def test_rulebook_tips_counts_the_fields_home():
    # field 12, one card, another diver with 2: ceil(12 / 3) = 4 turns x 3 = 12 air + a round (3)
    st = lambda air: make_st([dict(pos=12, carried=[1]), dict(pos=5, carried=[1, 1])], air=air, path=blank(12))
    assert ask("rulebook-tips", TB, st(15)) == layout.TURN_BACK
    assert ask("rulebook-tips", TB, st(16)) == layout.STAY_DOWN
    # taking another: with two, ceil(12 / 2) = 6 turns x 4 = 24 air needed
    st = lambda air: make_st([dict(pos=12, carried=[1]), dict(pos=5, carried=[1, 1])], air=air)
    assert ask("rulebook-tips", TR, st(24)) == layout.PICK_UP
    assert ask("rulebook-tips", TR, st(23)) == layout.NOTHING


def test_rulebook_tips_takes_level_one_only_as_the_first_treasure():
    assert ask("rulebook-tips", TR, make_st([dict(pos=3)])) == layout.PICK_UP
    assert ask("rulebook-tips", TR, make_st([dict(pos=4, carried=[1])])) == layout.NOTHING
    assert ask("rulebook-tips", TR, make_st([dict(pos=10, carried=[1])])) == layout.PICK_UP


def test_rulebook_tips_drops_a_level_one_card_when_it_needs_speed():
    # heading up from 9 with L1 + L2: ceil(9 / 2) = 5 turns x 2 = 10 air needed
    st = lambda air: make_st([dict(pos=9, up=1, carried=[2, 1])], air=air, path=blank(9))
    assert ask("rulebook-tips", TR, st(9)) == layout.DROP + 1
    assert ask("rulebook-tips", TR, st(10)) == layout.NOTHING


def test_rulebook_tips_values_sunken_stacks_by_their_content():
    # tip 5, "sunken stacks can be worth a lot": [2+2] (worth 2 x 5.5 points) beats one L3 (9.5)
    # although its highest card is a 2; [1+1+1] (3 x 1.5) does not reach one L2 (5.5)
    st = lambda carried: make_st([dict(pos=12, carried=carried)], air=25, path=blank(12))
    assert ask("rulebook-tips", TB, st([stk(2, 2)])) == layout.TURN_BACK
    assert ask("rulebook-tips", TB, st([stk(1, 1, 1)]), one=2) == layout.STAY_DOWN
    assert ask("rulebook-tips", TB, st([stk(1, 1, 1), stk(1, 1)]), two=1) == layout.TURN_BACK
    field = lambda item: make_st([dict(pos=12, carried=[1])], path=FULL[:11] + [item] + FULL[12:])
    assert ask("rulebook-tips", TR, field(stk(1, 2, 2)), two=3) == layout.PICK_UP
    assert ask("rulebook-tips", TR, field(2), two=3) == layout.NOTHING
    assert ask("rulebook-tips", TR, field(stk(1, 1, 1)), two=2) == layout.NOTHING


# --- drain ---------------------------------------------------------------------------------


def test_drain_plays_air_when_behind():
    for phase, st in STATES:
        st = st.copy()
        st[layout.SCORE + 1] = 30  # someone is ahead
        for u in (0.2, 0.8):
            assert ask("drain", phase, st, u=u) == ask("air", phase, st, u=u)


def test_drain_grabs_early_when_ahead():
    ahead = dict(score=20)
    # heading down with two cards and little air: air would not take a third, drain does
    st = make_st([dict(pos=3, carried=[1, 1], **ahead), dict(pos=15, carried=[2], score=5)], air=6)
    assert ask("air", TR, st) == layout.NOTHING
    assert ask("drain", TR, st) == layout.PICK_UP
    # turns back as soon as it holds `grab` treasures, air or no air
    st = make_st([dict(pos=4, carried=[1, 1, 1], **ahead), dict(pos=15, score=5)], air=25, path=blank(4))
    assert ask("drain", TB, st) == layout.TURN_BACK
    assert ask("drain", TB, st, grab=4) == layout.STAY_DOWN
    assert ask("air", TB, st) == layout.STAY_DOWN
    # lead is measured against the best other seat
    st[layout.SCORE + 1] = 19
    assert ask("drain", TB, st, lead=2) == ask("air", TB, st)


# --- counter -------------------------------------------------------------------------------


def test_counter_is_air_unless_the_swim_deck_is_not_reshuffled():
    for phase, st in STATES:
        assert ask("counter", phase, st) == ask("air", phase, st)


def test_counter_uses_the_cards_left_in_the_swim_deck():
    found = False
    for air in range(3, 26):
        base = dict(air=air, path=blank(10))
        full = make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], swim_mode=3, **base)
        twos = make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], swim_mode=3, swim_left=(3, 0, 0, 0, 0), **base)
        sixes = make_st([dict(pos=10, carried=[2]), dict(pos=5, carried=[1])], swim_mode=3, swim_left=(0, 0, 0, 0, 1), **base)
        a_full, a_twos, a_sixes = (ask("counter", TB, s) for s in (full, twos, sixes))
        assert a_full == ask("air", TB, full)  # a full deck left: same as air
        # only 2s to come is worse news than a full deck, which is worse than a 6
        assert (a_sixes == layout.TURN_BACK) <= (a_full == layout.TURN_BACK) <= (a_twos == layout.TURN_BACK)
        found |= a_twos != a_full
    assert found


# --- planner -------------------------------------------------------------------------------


def test_planner_home_table_is_the_chance_to_get_home():
    # others in the water (fields 3 and 6, loads 1 and 2) are skipped on the way up:
    # the table is read at the free fields between diver and submarine
    st = make_st([dict(pos=14, up=1, carried=[2]), dict(pos=3, carried=[1]), dict(pos=6, carried=[1, 1])])
    lo = forecast.others_load(st, 0)
    for q in (1, 2, 4, 5, 7, 14, 30):
        for load in range(0, 5):
            for air in (0, 1, 3, 7, 12, 25):
                n = 1 + forecast.turns_left(air, load, lo)
                expect = forecast.p_home(forecast.dist_home(st, 0, q), n, load, P, P)
                assert HOME[load, swims(load, air, lo, 31), forecast.dist_home(st, 0, q)] == pytest.approx(expect), (q, load, air)


def test_planner_home_table_needs_no_more_swims_than_it_holds():
    # loads 0 and 1 move a field or more per swim: the capped swims are as good as unlimited
    for load in (0, 1):
        lo = 1 - load  # one chip a round: the most swims the air allows
        many = 1 + forecast.turns_left(119, load, lo)
        for dist in (1, 17, 40, 60):
            assert swims(load, 119, lo, 0) < many
            assert HOME[load, swims(load, 119, lo, 0), dist] == pytest.approx(forecast.p_home(dist, many, load, P, P))


def test_planner_home_table_is_monotone():
    # what lets the planner skip the stay at full load: farther is never likelier
    # to get home, more swims never less likely, and no chance exceeds 1
    assert (np.diff(HOME, axis=2) <= 0).all()
    assert (np.diff(HOME, axis=1) >= 0).all()
    assert HOME.max() == 1.0


def test_planner_turns_back_when_tight_and_stays_when_roomy():
    assert ask("planner", TB, _air_state(5)) == layout.TURN_BACK
    assert ask("planner", TB, _air_state(25)) == layout.STAY_DOWN


def test_planner_picks_up_and_drops_by_expected_points():
    assert ask("planner", TR, make_st([dict(pos=27)], air=25)) == layout.PICK_UP
    # on the way up, plenty of air, a level-3 card on field 3
    st = make_st([dict(pos=3, up=1, carried=[2]), dict(pos=20, carried=[1])], path=[1, 1, 3] + FULL[3:], air=25)
    assert ask("planner", TR, st) == layout.PICK_UP
    # same but nearly out of air: keep what it has
    st = make_st([dict(pos=3, up=1, carried=[4, 4]), dict(pos=20, carried=[1, 1])], path=[1, 1, 3] + FULL[3:], air=4)
    assert ask("planner", TR, st) == layout.NOTHING
    # heading up short of air: drop the cheap card to get the level-4 card home
    st = make_st([dict(pos=9, up=1, carried=[4, 1, 4]), dict(pos=20, carried=[2, 2])], air=12, path=blank(9))
    assert ask("planner", TR, st) == layout.DROP + 1


# --- rollout --------------------------------------------------------------------------------


def test_rollout_forward_model_in_clear_cases():
    from sim import rng

    # one field from home with a level-4 card and air to spare: always home with 13.5
    st = make_st([dict(pos=2, up=1, carried=[4]), dict(back=1)], air=10, path=blank(2))
    for j in range(20):
        val, _ = forecast.rollout_dive(st, 0, TR, layout.NOTHING, 2, np.uint64(rng.game_stream(1, j)))
        assert val == pytest.approx(13.5)
    # deep, heavy, one chip left: the next breath ends the dive before it is home
    st = make_st([dict(pos=30, up=1, carried=[4, 4, 4]), dict(back=1)], air=1, path=blank(30))
    for j in range(20):
        val, _ = forecast.rollout_dive(st, 0, TR, layout.NOTHING, 2, np.uint64(rng.game_stream(1, j)))
        assert val == 0.0
    # picking up in the model takes the treasure off the path and carries it home
    st = make_st([dict(pos=1, up=1, carried=[]), dict(back=1)], air=10, tbnt=0)
    val, _ = forecast.rollout_dive(st, 0, TR, layout.PICK_UP, 2, np.uint64(rng.game_stream(1, 0)))
    assert val == pytest.approx(1.5)


def test_rollout_speed_table_is_the_compiled_mean_steps():
    # the table is built in Python at import; the turn-back rule compares with its floats
    assert [forecast.SPEED[load] for load in range(7)] == [forecast.mean_steps(load, forecast.SWIM_P) for load in range(7)]


def test_rollout_decides_clear_cases_and_is_reproducible():
    assert ask("rollout", TR, make_st([dict(pos=27), dict(back=1)], air=25)) == layout.PICK_UP
    st = make_st([dict(pos=12, carried=[4, 4]), dict(pos=2, carried=[2])], air=15, path=blank(12))
    assert ask("rollout", TB, st) == layout.TURN_BACK
    st = make_st([dict(pos=6, carried=[4]), dict(pos=2)], air=25, path=blank(6))
    assert ask("rollout", TB, st, k=64) == layout.STAY_DOWN
    # the same u gives the same answer; the answer depends on nothing else
    st = _air_state(14)
    answers = {ask("rollout", TB, st, u=0.25, k=8) for _ in range(5)}
    assert len(answers) == 1


# --- random and threshold (the engine's own) -------------------------------------------------


def test_random_and_threshold_still_behave():
    st = make_st([dict(pos=5, carried=[1])], path=blank(5))
    assert ask("random", TB, st, u=0.1) == layout.TURN_BACK
    assert ask("random", TB, st, u=0.9) == layout.STAY_DOWN
    assert ask("threshold", TB, st, t=1) == layout.TURN_BACK
    assert ask("threshold", TB, st, t=2) == layout.STAY_DOWN


# --- a user's bot file -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cautious():
    load_bot_file("strategies/examples/cautious.py")
    return LUFT_BOTS.get("cautious")


def test_example_bot_file_registers_a_user_bot(cautious):
    assert cautious.builtin_id == -1
    assert [p.name for p in cautious.params] == ["level", "spare"]
    assert "cautious" in LUFT_BOTS.names()
    load_bot_file("strategies/examples/cautious.py")  # loading twice is a no-op
    seat = LUFT_BOTS.parse("cautious:level=3")
    assert seat.params[:2].tolist() == [3, 3]
    with pytest.raises(BotError):
        LUFT_BOTS.parse("cautious:level=7")


def test_example_bot_behaviour(cautious):
    assert ask("cautious", TR, make_st([dict(pos=5)])) == layout.NOTHING  # level 1 < 2
    assert ask("cautious", TR, make_st([dict(pos=10)])) == layout.PICK_UP
    assert ask("cautious", TR, make_st([dict(pos=10)]), level=3) == layout.NOTHING
    assert ask("cautious", TR, make_st([dict(pos=20, carried=[3])])) == layout.NOTHING  # one is enough
    st = make_st([dict(pos=10, carried=[2])], path=blank(10))
    assert ask("cautious", TB, st) == layout.TURN_BACK


def test_example_bot_plays_whole_games_in_the_reference_engine(cautious):
    seats = LUFT_BOTS.parse_seats("cautious,threshold:t=2,cautious:level=3:spare=6,air", 4)
    for g in range(3):
        rec = reference.play_game(Rules(), seats, 5, g)
        assert sum(rec.win60) == 60 and len(rec.dive_turns) == 3


def test_bot_file_errors_are_one_line(tmp_path):
    with pytest.raises(BotError, match="does not exist"):
        load_bot_file(tmp_path / "missing.py")
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('boom\\nsecond line')\n")
    with pytest.raises(BotError, match="failed to import: RuntimeError: boom second line") as info:
        load_bot_file(bad)
    assert "\n" not in str(info.value)
