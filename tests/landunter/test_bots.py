"""Bots: registration, the integer switch, each bot's defining behaviour, and
a property test that every registered bot only ever plays a card it holds."""

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as hs

from sim.games.landunter import layout, reference
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS
from strategies.landunter.dispatch import N_BUILTINS, decide_builtin
from strategies.landunter.worlds import prepare
from tests.landunter.conftest import position, python_seat, seats, to_view
from tests.read_only import sealed

BUILTINS = ["random", "high", "low", "mid", "dodge", "ring-keeper", "counter", "sampler", "policy", "trained", "distilled"]


def bot(name):
    return LANDUNTER_BOTS.get(name)


def view(hand, tops=(0, 0, 0, 0), rings=(3, 3, 3, 3), offer=(1, 2), seat=0, **kw):
    tops, rings = list(tops), list(rings)
    hands = [[] for _ in tops]
    hands[seat] = list(hand)
    for p in range(len(tops)):
        if p != seat:
            hands[p] = [100 + p] * len(hand)  # placeholder sizes; bots must not read them
    s = position(tops, rings, hands=[[c for c in h if c <= 72] or [] for h in hands])
    st = to_view(s, Rules(players=len(tops), allow_six=True, allow_two=True))
    for p in range(len(tops)):
        st[layout.S_HAND_N + p] = len(hand)
        st[layout.S_RINGS_FULL + p] = max(rings[p], 3)
    st[layout.S_FLOOD_LO], st[layout.S_FLOOD_HI] = min(offer), max(offer)
    for v in range(1, 13):
        st[layout.S_FLOOD_LEFT + v] = 2
    st[layout.S_FLOOD_LEFT + offer[0]] -= 1
    st[layout.S_FLOOD_LEFT + offer[1]] -= 1
    for k, v in kw.items():
        st[getattr(layout, k)] = v
    return st


def play(name, st, seat=0, u=0.5, **params):
    b = bot(name)
    return int(b.fn(seat, sealed(st), sealed(b.vector(params)), u))


# ------------------------------------------------------------------ registry and switch


def test_every_family_is_registered_with_builtin_ids():
    assert LANDUNTER_BOTS.names() == sorted(BUILTINS)
    assert sorted(bot(n).builtin_id for n in BUILTINS) == list(range(N_BUILTINS))
    assert [bot(n).builtin_id for n in BUILTINS] == list(range(len(BUILTINS)))


def test_every_bot_documents_its_rule_and_parameters():
    for name in BUILTINS:
        b = bot(name)
        assert len(b.doc) > 30, name
        for p in b.params:
            assert p.doc and p.low <= p.default <= p.high, (name, p.name)


def test_switch_routes_every_builtin_id_to_its_bot():
    st = sealed(view([5, 17, 30, 44, 58], tops=(6, 9, 0, 3), rings=(1, 2, 0, 3), offer=(4, 11)))
    for name in BUILTINS:
        b = bot(name)
        params = sealed(b.vector({"k": 3} if name == "sampler" else {}))
        for u in (0.0, 0.3, 0.99):
            assert decide_builtin(b.builtin_id, 0, st, params, u) == b.fn(0, st, params, u), name
    assert decide_builtin(99, 0, st, sealed(np.zeros(8)), 0.5) == -1


# ------------------------------------------------------------------ simple bots


def test_high_low_mid_random():
    hand = [3, 9, 27, 41, 56, 60]
    st = view(hand)
    assert play("high", st) == 60
    assert play("low", st) == 3
    assert play("mid", st) == 27  # lower median of an even hand
    assert play("mid", view(hand[:5])) == 27  # median of an odd hand
    assert [play("random", st, u=u) for u in (0.0, 0.17, 0.5, 0.999)] == [3, 9, 41, 60]


def test_bots_handle_six_player_cards_above_60():
    hand = [5, 59, 61, 66, 72]
    st = view(hand, tops=(0,) * 6, rings=(3,) * 6)
    assert play("high", st) == 72 and play("low", st) == 5 and play("mid", st) == 61
    assert [play("random", st, u=u) for u in (0.0, 0.2, 0.4, 0.6, 0.8)] == hand


# ------------------------------------------------------------------ dodge and ring-keeper


def test_dodge_wins_the_bid_to_cover_a_dangerous_top():
    # we show 12 (the highest): taking the lower card (1) covers it
    st = view([5, 20, 50], tops=(12, 4, 6, 2), offer=(1, 9))
    assert play("dodge", st) == 50


def test_dodge_loses_the_bid_when_the_low_card_would_make_it_highest():
    # we have no flood card; even the lower offer (10) would top everyone
    st = view([5, 20, 50], tops=(0, 4, 6, 2), offer=(10, 11))
    assert play("dodge", st) == 5


def test_dodge_margin_parameter():
    st = view([5, 20, 50], tops=(12, 4, 6, 2), offer=(1, 9))
    assert play("dodge", st, margin=5.0) == 5  # never worth it with a huge margin


def test_ring_keeper_saves_strong_cards_while_it_has_rings():
    st = view([5, 20, 50], tops=(12, 4, 6, 2), rings=(3, 3, 3, 3), offer=(1, 9))
    assert play("ring-keeper", st, t=1) == 5


def test_ring_keeper_spends_strong_cards_when_rings_run_low():
    st = view([5, 20, 50], tops=(12, 4, 6, 2), rings=(1, 3, 3, 3), offer=(1, 9))
    assert play("ring-keeper", st, t=1) == 50
    # but not when the lower card would still leave it the highest
    st = view([5, 20, 50], tops=(12, 4, 6, 2), rings=(1, 3, 3, 3), offer=(11, 11))
    assert play("ring-keeper", st, t=1) == 5


# ------------------------------------------------------------------ counter


def test_counter_bids_just_above_the_cards_the_others_can_still_hold():
    # deal 2 (index 1): the others' hands were all seen in deal 1; nobody holds
    # more than 40 any more, so 41 is the cheapest sure winner
    st = view([10, 41, 55], tops=(12, 4, 6, 2), offer=(1, 9), S_DEAL=1, S_ROUND=9)
    n = 4
    for p in range(n):
        st[layout.S_HAND_ID + p] = (p - 1) % n
    others = {1: [20, 30, 40], 2: [2, 3, 4], 3: [33, 34, 35]}
    for seat, cards in others.items():
        hid = (seat - 1) % n
        for c in cards:
            st[layout.S_CARD_HAND + c] = hid + 1
            st[layout.S_CARD_WHEN + c] = 5  # played in deal 1 (index 0)
    # every other card was seen played this deal, from some hand
    for c in range(1, 61):
        if st[layout.S_CARD_HAND + c] == 0 and c not in (10, 41, 55):
            st[layout.S_CARD_HAND + c] = 1
            st[layout.S_CARD_WHEN + c] = 12 * 1 + 3
    assert play("counter", st) == 41
    assert play("dodge", st) == 55  # dodge just plays its highest


def test_counter_saves_its_card_when_the_win_is_unlikely():
    st = view([10, 20, 30], tops=(12, 4, 6, 2), offer=(1, 9))  # deal 1: nothing known
    assert play("counter", st, p_min=0.9) == 10
    assert play("counter", st, p_min=0.0) == 30


# ------------------------------------------------------------------ sampler


def late_round_view(hand, **kw):
    """Round 10 of deal 1 with ``hand`` left: a record the sampler's worlds can
    agree with (every hand's 9 played cards seen, its true ring count shown)."""
    st = view(hand, S_ROUND=9, **kw)
    rest = np.random.default_rng(0).permutation([c for c in range(1, 61) if c not in hand])
    full = [list(hand) + list(rest[:9])] + [list(rest[9 + 12 * h : 21 + 12 * h]) for h in range(3)]
    for h, cards in enumerate(full):
        st[layout.S_HAND_ID + h] = h
        st[layout.S_RINGS_FULL + h] = reference.ring_count(cards)
        for r, c in enumerate(c for c in cards if c not in hand):
            if r < 9:
                st[layout.S_CARD_HAND + c] = h + 1
                st[layout.S_CARD_WHEN + c] = r + 1
    return st


def test_sampler_is_reproducible_and_avoids_a_sure_elimination():
    # we are highest with no ring: losing the bid leaves our 12 on top -> out (-1);
    # winning takes the 1 and keeps us in
    st = late_round_view([5, 20, 59], tops=(12, 4, 6, 2), rings=(0, 3, 3, 3), offer=(1, 3))
    assert prepare(0, st)[-1]
    card = play("sampler", st, u=0.25, k=16)
    assert card == play("sampler", st, u=0.25, k=16)
    assert card == 59


# ------------------------------------------------------------------ property: legal cards only


def _collect_states(rules, seed, game):
    states = []

    def spy(seat, st, params, u):
        states.append((seat, st.copy(), u))
        return int(layout.hand_card(st, seat, int(u * layout.hand_n(st, seat))))

    reference.play_game(rules, [python_seat(spy)] * rules.players, seed, game)
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=hs.sampled_from([2, 3, 4, 5, 6]),
    seed=hs.integers(0, 2**63 - 1),
    game=hs.integers(0, 10**6),
    flags=hs.lists(hs.booleans(), min_size=5, max_size=5),
    pick=hs.randoms(use_true_random=False),
)
def test_every_registered_bot_only_plays_cards_it_holds(players, seed, game, flags, pick):
    rules = Rules(
        players=players,
        allow_two=True,
        allow_six=True,
        cascade_may_repeat_flipper=flags[0],
        tie_simultaneous=flags[1],
        end_before_cascade=flags[2],
        no_flood_counts_as_lowest=flags[3],
        two_player_deal_played_out=flags[4],
    )
    states = _collect_states(rules, seed, game)
    for seat, st, u in pick.sample(states, min(len(states), 12)):
        for name in LANDUNTER_BOTS.names():
            b = LANDUNTER_BOTS.get(name)
            values = {
                p.name: (
                    pick.randint(int(p.low), int(min(p.high, 3 if name == "sampler" else p.high)))
                    if p.integer
                    else pick.uniform(p.low, p.high)
                )
                for p in b.params
            }
            if name == "sampler":
                values["k"] = max(1, values.get("k", 1))
            card = int(b.fn(seat, sealed(st), sealed(b.vector(values)), pick.random()))
            assert layout.hand_has(st, seat, card), (name, values, seat, card)


def test_the_example_user_bot_loads_plays_its_rule_and_agrees_with_reference(compiled, monkeypatch):
    from sim.registry import load_bot_file

    monkeypatch.setattr(LANDUNTER_BOTS, "bots", dict(LANDUNTER_BOTS.bots))  # unregistered afterwards
    load_bot_file("strategies/examples/second_best.py")
    hand = [3, 9, 27, 41]
    assert play("second-best", view(hand, offer=(4, 11))) == 27  # cheap offer: second-highest
    assert play("second-best", view(hand, offer=(8, 11))) == 3  # dear offer: lowest
    assert play("second-best", view(hand, offer=(8, 11)), flood=8) == 27
    rules = Rules(players=4)
    s = seats("second-best,low,second-best:flood=2,random")
    batch = compiled.play_batch(rules, s, 3, 0, 30)
    for g in range(30):
        assert batch.score[g].tolist() == reference.play_game(rules, s, 3, g).score
