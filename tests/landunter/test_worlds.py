"""The world sampler (`strategies.landunter.worlds`) draws only worlds that
agree with everything public: each is checked against the record in the view,
with the rules' own ring count (`reference.ring_count`), not the sampler's."""

from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest
from scipy.stats import chisquare

from sim import rng
from sim.games.landunter import layout, reference
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS
from strategies.landunter.worlds import prepare, sample_world
from tests.landunter.conftest import python_seat

WORLDS_PER_VIEW = 40


def recorded_views(rules: Rules, specs: list[str], seed: int, games: int, every: int = 5):
    """(seat, view) of every ``every``-th decision of reference games played
    by the built-in bots ``specs``, each wrapped to record what it is shown."""
    views = []
    count = [0]

    def wrap(bot_seat):
        def spy(seat, st, params, u):
            count[0] += 1
            if count[0] % every == 0:
                views.append((seat, st.copy()))
            return bot_seat.bot.fn(seat, st, params, u)

        return replace(python_seat(spy, bot_seat.bot.name), params=bot_seat.params)

    seats = [wrap(s) for s in LANDUNTER_BOTS.parse_seats(",".join(specs), rules.players)]
    for g in range(games):
        reference.play_game(rules, seats, seed, g)
    return views


def cards_of(st, seat):
    return {int(layout.hand_card(st, seat, k)) for k in range(int(st[layout.S_HAND_N + seat]))}


def check_world(seat, st, hands, flood, nflood):
    """Assert one world agrees with the public record of view ``st``."""
    n, n_cards, deal = int(st[layout.S_PLAYERS]), int(st[layout.S_N_CARDS]), int(st[layout.S_DEAL])
    mine = cards_of(st, seat)
    seen = {h: set() for h in range(n)}
    this_deal = set()
    for v in range(1, n_cards + 1):
        if st[layout.S_CARD_HAND + v]:
            seen[int(st[layout.S_CARD_HAND + v]) - 1].add(v)
            if st[layout.S_CARD_WHEN + v] > layout.HAND_SIZE * deal:
                this_deal.add(v)
    taken = set(mine)
    for t in range(n):
        if t == seat:
            continue
        h = int(st[layout.S_HAND_ID + t])
        size = layout.HAND_SIZE - len(seen[h] & this_deal)
        world = [int(c) for c in hands[t, :size]]
        assert len(set(world)) == size, f"seat {t}: a card twice in {world}"
        assert not set(world) & taken, f"seat {t}: a card held elsewhere"
        taken |= set(world)
        assert seen[h] - this_deal <= set(world), f"seat {t}: misses a card seen from its hand"
        others_seen = set().union(*(seen[x] for x in range(n) if x != h))
        assert not set(world) & (others_seen | this_deal), f"seat {t}: holds a card seen elsewhere"
        if st[layout.S_IN + t]:
            assert size == st[layout.S_HAND_N + t]
        full = set(world) | (seen[h] & this_deal)
        assert reference.ring_count(sorted(full), n_cards) == st[layout.S_RINGS_FULL + t], (
            f"seat {t}: hand {sorted(full)} has the wrong ring count"
        )
    left = sorted(v for v in range(1, layout.FLOOD_MAX + 1) for _ in range(int(st[layout.S_FLOOD_LEFT + v])))
    assert sorted(flood[:nflood]) == left


CASES = [  # (players, bots): eliminations, later deals, every deck size
    (3, ["dodge", "random", "high"]),
    (4, ["counter", "random", "ring-keeper", "low"]),
    (5, ["high", "mid", "random", "dodge", "counter"]),
    (6, ["random", "high", "low", "mid", "dodge", "ring-keeper"]),
]


@pytest.mark.parametrize("players,bots", CASES)
def test_every_sampled_world_agrees_with_the_public_record(players, bots):
    rules = Rules(players=players, allow_six=True)
    views = recorded_views(rules, bots, seed=31 + players, games=3)
    assert {int(st[layout.S_DEAL]) for _, st in views} == set(range(players))
    hands = np.zeros((layout.MAXP, layout.HAND_SIZE), np.int64)
    flood = np.zeros(layout.FLOOD_CARDS, np.int64)
    for i, (seat, st) in enumerate(views):
        known, nknown, unseen, target, pool, npool, ways, ok = prepare(seat, st)
        assert ok
        rs = rng.game_stream(np.uint64(7), np.uint64(i))
        for _ in range(WORLDS_PER_VIEW):
            rs, nflood = sample_world(np.uint64(rs), seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood)
            check_world(seat, st, hands, flood, nflood)


def test_world_sampler_reports_a_record_no_world_agrees_with():
    rules = Rules(players=4)
    seat, st = recorded_views(rules, ["low"] * 4, seed=3, games=1, every=1)[0]
    bad = st.copy()
    bad[layout.S_RINGS_FULL + (seat + 1) % 4] = 20  # more rings than 12 cards can carry
    assert prepare(seat, st)[-1]
    assert not prepare(seat, bad)[-1]


def _late_five_player_views():
    """Seat 0's views in round 11 of deal 1 of 5-player games, everyone in."""
    views = recorded_views(Rules(players=5), ["mid", "random", "low", "mid", "high"], seed=8, games=30, every=1)
    return [st for s, st in views if s == 0 and st[layout.S_DEAL] == 0 and st[layout.S_ROUND] == 10 and st[layout.S_N_IN] == 5]


def drawn_worlds(st, seed, n=20_000):
    """The other hands of ``n`` worlds drawn for seat 0's view ``st`` (one
    array, overwritten by each draw)."""
    prep = prepare(0, st)
    hands = np.zeros((layout.MAXP, layout.HAND_SIZE), np.int64)
    flood = np.zeros(layout.FLOOD_CARDS, np.int64)
    rs = rng.game_stream(np.uint64(seed), np.uint64(0))
    for _ in range(n):
        rs, _n = sample_world(np.uint64(rs), 0, st, *prep[:-1], hands, flood)
        yield hands


def _splits(rest, seats_left, size=2):
    """Every way to give ``size`` of ``rest`` to each seat in ``seats_left``."""
    if not seats_left:
        yield ()
        return
    for part in combinations(rest, size):
        for more in _splits([c for c in rest if c not in part], seats_left[1:], size):
            yield (frozenset(part),) + more


def test_world_sampler_draws_every_consistent_world_equally_often():
    """Late in a 5-player deal (no undealt cards, two unseen per hand) every
    split of the unseen cards that keeps each hand's ring count is listed by
    brute force, in a position where the ring counts rule some splits out;
    20,000 draws hit each allowed split equally often (chi-square, fixed seed)."""
    for st in _late_five_player_views():
        cards = [c for c in range(1, 61) if st[layout.S_CARD_HAND + c] == 0 and not layout.hand_has(st, 0, c)]
        seen = {t: [v for v in range(1, 61) if st[layout.S_CARD_HAND + v] == st[layout.S_HAND_ID + t] + 1] for t in range(5)}
        every = list(_splits(cards, [1, 2, 3, 4]))
        consistent = [
            w
            for w in every
            if all(reference.ring_count(seen[t] + sorted(w[t - 1])) == st[layout.S_RINGS_FULL + t] for t in range(1, 5))
        ]
        if 10 <= len(consistent) <= len(every) // 2:  # the ring counts bind
            break
    else:
        pytest.fail("no position where the ring counts rule out half the splits")
    index = {w: i for i, w in enumerate(consistent)}
    counts = np.zeros(len(consistent))
    for hands in drawn_worlds(st, 99):
        counts[index[tuple(frozenset(int(c) for c in hands[t, :2]) for t in range(1, 5))]] += 1
    assert chisquare(counts).pvalue > 1e-3, (len(consistent), counts)


def test_world_sampler_weights_each_hands_ring_classes_by_the_worlds_they_leave():
    """Round 11 of a 3-player deal, two unseen cards per other hand and 24
    undealt cards: how many cards with one and with two half rings each hand
    gets, counted over every split of the unseen cards that keeps the ring
    counts (brute force), is what 20,000 draws show (chi-square, fixed seed)."""
    views = recorded_views(Rules(players=3), ["mid", "random", "low"], seed=8, games=10, every=1)
    st = next(st for s, st in views if s == 0 and st[layout.S_DEAL] == 0 and st[layout.S_ROUND] == 10 and st[layout.S_N_IN] == 3)
    cards = [c for c in range(1, 61) if st[layout.S_CARD_HAND + c] == 0 and not layout.hand_has(st, 0, c)]
    halves = {c: reference.ring_halves(c) for c in range(1, 61)}
    seen = {
        t: sum(halves[v] for v in range(1, 61) if st[layout.S_CARD_HAND + v] == st[layout.S_HAND_ID + t] + 1) for t in range(3)
    }

    def signature(hands):
        return tuple((sum(halves[c] == 1 for c in h), sum(halves[c] == 2 for c in h)) for h in hands)

    exact = {}
    for w in _splits(cards, [1, 2]):
        if all((seen[t] + sum(halves[c] for c in w[t - 1])) // 2 == st[layout.S_RINGS_FULL + t] for t in (1, 2)):
            exact[signature(w)] = exact.get(signature(w), 0) + 1
    assert len(exact) >= 3  # more than one way to split the classes
    keys = sorted(exact)
    counts = np.zeros(len(keys))
    for hands in drawn_worlds(st, 5):
        counts[keys.index(signature([hands[t, :2] for t in (1, 2)]))] += 1
    expected = np.array([exact[k] for k in keys], float)
    assert chisquare(counts, expected * counts.sum() / expected.sum()).pvalue > 1e-3, (keys, counts, expected)
