"""The compiled rollouts behind hints and review costs equal rollouts played
in the reference engine, game for game on the same random streams.

The oracle here is the reference engine itself, driven as a hint used to
drive it: Geteilte Luft replays the game's decisions, draws the hidden order
anew at the position and plays the choice; Land unter plays on from a
position built in Python from the seat's view and a sampled world.
"""

import numpy as np
import pytest

from sim import nb, rng
from sim.games.landunter import hint as landunter_hint, layout, reference as landunter_reference
from sim.games.landunter.engine import play_batch as landunter_batch
from sim.games.landunter.rules import Rules as LandUnterRules
from sim.games.landunter.script import make as landunter_script
from sim.games.luft import reference as luft_reference, script as scripted
from sim.games.luft.core import VSTRIDE
from sim.games.luft.hint import rollout_wins
from sim.games.luft.rules import MAX_CARDS_PER_LEVEL, Rules
from sim.play import table
from sim.play.table import ROLLOUT_GAMES
from sim.registry import Bot, Seat
from strategies.landunter import LANDUNTER_BOTS
from strategies.landunter.worlds import prepare, sample_world
from strategies.luft import LUFT_BOTS

LUFT = table.table_of("luft")
LAND_UNTER = table.table_of("landunter")


def luft_decisions(rules, bots, seed):
    """Every decision of a reference game: (seat, phase, view, action)."""
    out = []

    def seat_of(s):
        def decide(phase, who, view, params, u):
            action = int(bots[s].bot.fn(phase, who, view, params, u))
            out.append((who, phase, np.array(view), action))
            return action

        return Seat(bots[s].spec, Bot("recorded", nb.engine_side(decide), (), "", -1), bots[s].params)

    luft_reference.play_game(rules, [seat_of(s) for s in range(rules.players)], seed, 0)
    return out


def luft_reference_rollouts(rules, seats, seed, history, seat, st, actions, rollouts):
    """The oracle: each rollout replays the game in the reference engine."""
    wins = []
    for action in actions:
        wins.append([])
        for k in range(rollouts):
            game: list = []
            made = [0]

            def seat_of(s):
                def decide(phase, who, view, params, u):
                    i, made[0] = made[0], made[0] + 1
                    if i < len(history):
                        return history[i]
                    if i == len(history):
                        assert who == seat and np.array_equal(view, st)
                        g = game[0]
                        g.stream = rng.Stream(seed, ROLLOUT_GAMES + k)
                        for deck in g.value_decks:
                            deck[:] = [int(x) for x in g.stream.shuffle(np.array(deck, dtype=np.int64))]
                        if g.swim_deck:
                            g.swim_deck = [int(x) for x in g.stream.shuffle(np.array(g.swim_deck, dtype=np.int64))]
                        return action
                    return seats[s].bot.fn(phase, who, view, params, u)

                return Seat(seats[s].spec, Bot("scripted", nb.engine_side(decide), (), "", -1), seats[s].params)

            game.append(luft_reference.Game(rules, [seat_of(s) for s in range(len(seats))], seed, 0))
            wins[-1].append(game[0].play().win60[seat] / 60)
    return wins


LUFT_CASES = [  # rules, bots (seat 0: the hint bot at a person's seat), seed
    (Rules(players=3, dives=2), "random,threshold:t=2,threshold:t=1", 4),
    (Rules(players=4, dives=2, swim="deck-no-reshuffle"), "threshold:t=2,random,threshold:t=3,random", 11),
    (Rules(players=2, dives=1, swim="d3", air=12), "random,threshold:t=2", 2),
]


@pytest.mark.parametrize("rules, specs, seed", LUFT_CASES)
def test_luft_compiled_rollouts_equal_reference_rollouts_game_for_game(rules, specs, seed):
    bots = LUFT_BOTS.parse_seats(specs, rules.players)
    decisions = luft_decisions(rules, bots, seed)
    seats = [table.human_seat()] + bots[1:]
    mine = [i for i, (s, phase, view, _) in enumerate(decisions) if s == 0 and len(LUFT.choices(phase, 0, view)) > 1]
    shares = set()
    for i in (mine[0], mine[len(mine) // 2], mine[-1]):  # early, midway, the last
        _, phase, view, _ = decisions[i]
        history = [a for *_, a in decisions[:i]]
        choices = LUFT.choices(phase, 0, view)
        compiled = rollout_wins(rules, seats, seed, history, 0, view, choices, bots[0], 5)
        oracle = luft_reference_rollouts(rules, bots, seed, history, 0, view, [c.action for c in choices], 5)
        assert compiled == oracle, (i, phase)
        shares |= {w for ws in compiled for w in ws}
    assert len(shares) > 1  # the rollouts' outcomes differ: the comparison says something


def test_a_luft_rollout_refuses_a_history_that_does_not_reach_the_position():
    rules, specs, seed = LUFT_CASES[0]
    bots = LUFT_BOTS.parse_seats(specs, rules.players)
    decisions = luft_decisions(rules, bots, seed)
    i = next(i for i, (s, *_) in enumerate(decisions) if s == 0 and i > 3)
    _, phase, view, _ = decisions[i]
    history = [a for *_, a in decisions[:i]]
    with pytest.raises(RuntimeError, match="did not reach the position"):
        rollout_wins(rules, bots, seed, history[:-1], 0, view, LUFT.choices(phase, 0, view), bots[0], 2)
    with pytest.raises(RuntimeError, match="did not reach the position"):  # the game ends before it
        rollout_wins(rules, bots, seed, [a for *_, a in decisions], 0, view, LUFT.choices(phase, 0, view), bots[0], 2)


def test_forgetting_keeps_the_hidden_cards_but_draws_their_order_anew():
    vals = np.arange(4 * VSTRIDE, dtype=np.int64)
    for lv in range(4):
        vals[lv * VSTRIDE + MAX_CARDS_PER_LEVEL] = lv  # level lv: lv cards drawn
    swim = np.array([2, 3, 3, 4, 4, 4, 5, 5, 6], dtype=np.int64)
    before_vals, before_swim = vals.copy(), swim.copy()
    scripted.forget_hidden(rng.game_stream(1, 2), vals, 8, swim, 5)
    for lv in range(4):
        base = lv * VSTRIDE
        assert (vals[base : base + lv] == before_vals[base : base + lv]).all()  # drawn: stay
        assert sorted(vals[base + lv : base + 8]) == sorted(before_vals[base + lv : base + 8])
        assert (vals[base + 8 : base + VSTRIDE] == before_vals[base + 8 : base + VSTRIDE]).all()
    assert (swim[:4] == before_swim[:4]).all() and sorted(swim[4:]) == sorted(before_swim[4:])
    assert (vals != before_vals).any() and (swim != before_swim).any()


# ---------------------------------------------------------------- Land unter


def land_unter_decisions(rules, bots, seed):
    """Every decision of a reference game, (seat, view, card), and its record."""
    out = []

    def seat_of(s):
        def decide(who, view, params, u):
            card = int(bots[s].bot.fn(who, view, params, u))
            out.append((who, np.array(view), card))
            return card

        return Seat(bots[s].spec, Bot("recorded", nb.engine_side(decide), (), "", -1), bots[s].params)

    record = landunter_reference.play_game(rules, [seat_of(s) for s in range(rules.players)], seed, 0)
    return out, record


def played_this_deal(st, hand):
    """The cards hand ``hand`` has shown this deal (public)."""
    return [
        c
        for c in range(1, int(st[layout.S_N_CARDS]) + 1)
        if st[layout.S_CARD_HAND + c] == hand + 1 and layout.played_this_deal(st, c)
    ]


def position_of(st, seat, hands_now, flood):
    """The reference engine's Position at the start of the view's round, in
    the world where seat t holds ``hands_now[t]`` (``seat``: its hand in the
    view) and the flood cards still face down come in the order ``flood``."""
    n, rnd = int(st[layout.S_PLAYERS]), int(st[layout.S_ROUND])
    hand_id = [int(x) for x in st[layout.S_HAND_ID : layout.S_HAND_ID + n]]
    still_in = [bool(x) for x in st[layout.S_IN : layout.S_IN + n]]
    held = []
    for t in range(n):
        size = int(st[layout.S_HAND_N + t]) if t == seat else layout.HAND_SIZE - len(played_this_deal(st, hand_id[t]))
        held.append(sorted(int(layout.hand_card(st, seat, k)) if t == seat else int(hands_now[t, k]) for k in range(size)))
    hands = [[] for _ in range(n)]
    for t in range(n):
        hands[hand_id[t]] = sorted(held[t] + played_this_deal(st, hand_id[t]))
    ds = landunter_reference.DealState(
        [held[t] if still_in[t] else [] for t in range(n)],
        [int(x) for x in st[layout.S_RINGS : layout.S_RINGS + n]],
        [int(x) for x in st[layout.S_TOP : layout.S_TOP + n]],
        still_in,
        [int(x) for x in st[layout.S_RINGS_FULL : layout.S_RINGS_FULL + n]],
        hand_id,
    )
    lo, hi = int(st[layout.S_FLOOD_LO]), int(st[layout.S_FLOOD_HI])
    flood_left = [int(x) for x in st[layout.S_FLOOD_LEFT : layout.S_FLOOD_LEFT + layout.FLOOD_MAX + 1]]
    flood_left[lo] += 1  # the position is before the round's reveal
    flood_left[hi] += 1
    mem = landunter_reference.Memory(
        int(st[layout.S_N_CARDS]),
        [int(x) for x in st[layout.S_SCORE : layout.S_SCORE + n]],
        st[layout.S_CARD_HAND : layout.S_CARD_HAND + layout.MAX_CARD + 1].copy(),
        st[layout.S_CARD_WHEN : layout.S_CARD_WHEN + layout.MAX_CARD + 1].copy(),
    )
    flood = [0] * (2 * rnd) + [lo, hi] + [int(x) for x in flood]
    return landunter_reference.Position(hands, mem, int(st[layout.S_DEAL]), rnd, ds, flood, flood_left)


def forced(card, then):
    """``then``'s seat, but its first decision is ``card``."""
    queue = [card]

    def decide(*args):
        return queue.pop() if queue else then.bot.fn(*args)

    return Seat(then.spec, Bot("forced", nb.engine_side(decide), (), "", -1), then.params)


def land_unter_reference_rollouts(rules, bots, seed, seat, st, cards, rollouts):
    """The oracle: each rollout plays on from a Position in the reference engine."""
    known, nknown, unseen, target, pool, npool, ways, ok = prepare(seat, st)
    assert ok
    wins = [[] for _ in cards]
    hands = np.zeros((layout.MAXP, layout.HAND_SIZE), np.int64)
    flood = np.zeros(layout.FLOOD_CARDS, np.int64)
    for k in range(rollouts):
        game = np.uint64(ROLLOUT_GAMES + k)
        rs, nflood = sample_world(
            rng.Stream(np.uint64(seed), game).state, seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood
        )
        for card, won in zip(cards, wins):
            stream = rng.Stream(np.uint64(seed), game)
            stream.state = np.uint64(rs)  # the later deals' flood cards: drawn on after the world
            trial = bots[:seat] + [forced(card, bots[seat])] + bots[seat + 1 :]
            position = position_of(st, seat, hands, flood[:nflood])
            won.append(landunter_reference.play_on(rules, trial, position, stream, seed, ROLLOUT_GAMES + k).win60[seat] / 60)
    return wins


LAND_UNTER_CASES = [  # rules, bots (the seat under test: the hint bot at a person's seat), seed
    (LandUnterRules(players=3), "random,dodge,counter", 3),
    (LandUnterRules(players=4), "dodge,high,random,low", 5),
    (LandUnterRules(players=6, allow_six=True, tie_simultaneous=False), "dodge,high,low,high,counter,random", 5),
]


@pytest.mark.parametrize("rules, specs, seed", LAND_UNTER_CASES)
def test_land_unter_compiled_rollouts_equal_reference_rollouts_game_for_game(rules, specs, seed):
    bots = LANDUNTER_BOTS.parse_seats(specs, rules.players)
    decisions, _ = land_unter_decisions(rules, bots, seed)
    n = rules.players
    at = [
        0,  # the first decision
        next(i for i, (_, v, _) in enumerate(decisions) if v[layout.S_DEAL] >= n // 2 and v[layout.S_ROUND] >= 4),  # mid-deal
        next(i for i, (_, v, _) in enumerate(decisions) if v[layout.S_DEAL] == n - 1 and v[layout.S_ROUND] >= 2),  # the last deal
    ]
    shares = set()
    for i in at:
        seat, view, _ = decisions[i]
        choices = LAND_UNTER.choices(0, seat, view)
        choices = [choices[0], choices[len(choices) // 2], choices[-1]]
        seats = bots[:seat] + [table.human_seat()] + bots[seat + 1 :]
        compiled = landunter_hint.rollout_wins(rules, seats, seed, seat, view, choices, bots[seat], 4)
        oracle = land_unter_reference_rollouts(rules, bots, seed, seat, view, [c.action for c in choices], 4)
        assert compiled == oracle, (i, int(view[layout.S_DEAL]), int(view[layout.S_ROUND]))
        shares |= {w for ws in compiled for w in ws}
    assert len(shares) > 1  # the rollouts' outcomes differ: the comparison says something


@pytest.mark.parametrize("rules, specs, seed", [LAND_UNTER_CASES[2]])
def test_a_land_unter_position_with_the_real_hidden_cards_plays_on_to_the_real_end(rules, specs, seed):
    """A rollout in the world that is the real game, with its real stream and
    the real card, ends as the real game did (deterministic bots)."""
    specs = specs.replace("random", "low")
    bots = LANDUNTER_BOTS.parse_seats(specs, rules.players)
    decisions, end = land_unter_decisions(rules, bots, seed)
    n = rules.players
    starts = [d for i, d in enumerate(decisions) if i == 0 or d[1][layout.S_ROUND] != decisions[i - 1][1][layout.S_ROUND]]
    assert any(0 in view[layout.S_IN : layout.S_IN + n] for _, view, _ in starts)  # some with a seat out
    for seat, st, card in starts:
        stream = rng.Stream(seed, 0)
        hands = landunter_reference.deal_hands(rules, stream)
        for _ in range(st[layout.S_DEAL] + 1):
            flood = stream.shuffle(np.array(landunter_reference.flood_deck(), dtype=np.int64))
        held = np.zeros((1, layout.MAXP, layout.HAND_SIZE), np.int64)
        for t in range(n):
            h = st[layout.S_HAND_ID + t]
            now = [c for c in hands[h] if c not in played_this_deal(st, h)]
            held[0, t, : len(now)] = now
        rest = np.zeros((1, layout.FLOOD_CARDS), np.int64)
        rest[0, : layout.FLOOD_CARDS - 2 * st[layout.S_ROUND] - 2] = flood[2 * st[layout.S_ROUND] + 2 :]
        script = landunter_script(seat, st, [card], held, rest, np.array([stream.state], np.uint64))
        batch = landunter_batch(rules, bots, seed, 0, 1, script=script)
        assert list(batch.score[0]) == end.score


def test_a_script_from_read_only_arrays_holds_writable_copies():
    """A read-only array is another numba type: passed on, it would compile the
    whole rollout kernel a second time (one of the suite's costliest compiles)."""
    frozen = np.arange(8, dtype=np.int64)
    frozen.flags.writeable = False
    luft = scripted.make(0, [], [1], frozen, frozen.astype(np.uint64))
    land = landunter_script(0, frozen, [1], frozen.reshape(2, 4), frozen.reshape(2, 4), frozen.astype(np.uint64))
    arrays = [a for a in (*luft, *land) if isinstance(a, np.ndarray)]
    assert len(arrays) == 8 and all(a.flags.writeable and a.flags.c_contiguous for a in arrays)
    assert not np.shares_memory(luft[1], frozen) and not np.shares_memory(land[1], frozen)
