"""The compiled rollouts behind hints and review costs equal rollouts played
in the reference engine, game for game on the same random streams.

The oracle here is the reference engine itself, driven as a hint used to
drive it: Geteilte Luft replays the game's decisions, draws the hidden order
anew at the position and plays the choice; Land unter plays on from a
position built in Python from the seat's view and a sampled world.
"""

import numpy as np
import pytest

from sim import rng
from sim.games.luft import reference as luft_reference, script as scripted
from sim.games.luft.core import VSTRIDE
from sim.games.luft.hint import ROLLOUT_GAMES, rollout_wins
from sim.games.luft.rules import MAX_CARDS_PER_LEVEL, Rules
from sim.play import table
from sim.registry import Bot, Seat
from strategies.luft import LUFT_BOTS

LUFT = table.table_of("luft")


def luft_decisions(rules, bots, seed):
    """Every decision of a reference game: (seat, phase, view, action)."""
    out = []

    def seat_of(s):
        def decide(phase, who, view, params, u):
            action = int(bots[s].bot.fn(phase, who, view, params, u))
            out.append((who, phase, np.array(view), action))
            return action

        return Seat(bots[s].spec, Bot("recorded", decide, (), "", -1), bots[s].params)

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

                return Seat(seats[s].spec, Bot("scripted", decide, (), "", -1), seats[s].params)

            game.append(luft_reference.Game(rules, [seat_of(s) for s in range(len(seats))], seed, 0))
            wins[-1].append(game[0].play().win60[seat] / 60)
    return wins


LUFT_CASES = [  # rules, bots (seat 0: the hint bot at a person's seat), seed
    (Rules(players=3, dives=2), "random,threshold:t=2,threshold:t=1", 4),
    (Rules(players=4, dives=2, swim="deck-no-reshuffle"), "threshold:t=3,random,threshold:t=2,random", 11),
    (Rules(players=2, dives=1, swim="d3", air=12), "random,threshold:t=2", 2),
]


@pytest.mark.parametrize("rules, specs, seed", LUFT_CASES)
def test_luft_compiled_rollouts_equal_reference_rollouts_game_for_game(rules, specs, seed):
    bots = LUFT_BOTS.parse_seats(specs, rules.players)
    decisions = luft_decisions(rules, bots, seed)
    seats = [table.human_seat()] + bots[1:]
    mine = [i for i, (s, phase, view, _) in enumerate(decisions) if s == 0 and len(LUFT.choices(phase, 0, view)) > 1]
    for i in (mine[0], mine[len(mine) // 2], mine[-1]):  # early, midway, the last
        _, phase, view, _ = decisions[i]
        history = [a for *_, a in decisions[:i]]
        choices = LUFT.choices(phase, 0, view)
        compiled = rollout_wins(rules, seats, seed, history, 0, view, choices, bots[0], 5)
        oracle = luft_reference_rollouts(rules, bots, seed, history, 0, view, [c.action for c in choices], 5)
        assert compiled == oracle, (i, phase)


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
