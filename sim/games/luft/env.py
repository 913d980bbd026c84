"""Geteilte Luft's face for `sim.envs`: the reference engine played step by step.

What an environment needs of the game and nothing more: how the engine is
started, how a decision reaches a seat, which actions are legal, what a seat
sees, the outcome, and a world consistent with what a seat knows (for
information-set search). The rules stay in `reference.py`.
"""

from __future__ import annotations

import numpy as np

from sim import nb
from sim.envs.table import CHANCE, ChanceStream, shuffle_draws
from sim.games.luft import layout, reference
from sim.games.luft.rules import SWIM_DECK, Rules
from sim.registry import MAX_PARAMS, Bot, Seat

NAME = "luft"
TITLE = "Geteilte Luft"
OPENSPIEL_NAME = "python_geteilte_luft"
RULES = Rules
N_ACTIONS = layout.DROP + layout.MAX_PATH  # stay down / turn back; nothing, pick up, drop the k-th item
VIEW_SIZE = layout.SIZE
VIEW_HIGH = 999 * layout.MAX_PATH * 4  # no field of the view exceeds it (scores are sums of card values)
PHASES = ("turn back?", "treasure")
SIMULTANEOUS = False  # every decision is seen by the next seat


def proxy_seats(rules: Rules, decide) -> list[Seat]:
    """Seats whose bot hands each decision to ``decide(seat, view, phase, u)``."""

    def fn(phase, seat, view, params, u):
        return decide(seat, view, phase, u)

    bot = Bot("env", nb.engine_side(fn), (), "a seat played from outside", -1)  # the engine calls it as it is
    return [Seat("env", bot, np.zeros(MAX_PARAMS)) for _ in range(rules.players)]


def play(table, seats, log, stream):
    """Play the table's game on the reference engine; keep the engine for `observe`."""
    game = reference.Game(table.rules, seats, table.seed, table.index, log, stream)
    table.engine = game
    game.dealt = [list(deck) for deck in game.value_decks]  # the value decks' order, for the resampler
    return game.play()


def legal(seat: int, view: np.ndarray, phase: int) -> tuple[int, ...]:
    """The actions `layout.is_legal` allows, ascending."""
    if phase == layout.PHASE_TURN_BACK:
        return (layout.STAY_DOWN, layout.TURN_BACK) if layout.can_turn_back(view, seat) else (layout.STAY_DOWN,)
    actions = [layout.NOTHING] + ([layout.PICK_UP] if layout.can_pick_up(view, seat) else [])
    if layout.can_drop(view, seat):
        actions += range(layout.DROP, layout.DROP + int(view[layout.N_CARRIED + seat]))
    return tuple(actions)


def call_bot(fn, point, params) -> int:
    """A registered bot's decision at a decision point, called as the engine calls it."""
    return int(fn(point.phase, point.seat, point.view, params, point.u))


def observe(table, seat: int, k: int | None = None) -> np.ndarray:
    """What ``seat`` sees now (``k``: saw at decision point k): the public view
    (Geteilte Luft hides nothing from one seat that it shows another); zeros
    before the game is set up."""
    if k is not None:
        return table.points[k].view
    game = table.engine
    return game.public_view() if game is not None and game.record is not None else np.zeros(VIEW_SIZE, np.int64)


def revealed(table, seat: int) -> tuple:
    """What every seat has seen beyond its views (face up at the table): the
    value cards scored so far, per level, and every swim draw so far (with
    deck-no-reshuffle the swim cards turned up, not the shuffles' draws,
    which hold the order of the cards still in the deck)."""
    game = table.engine
    if game is None or game.record is None:
        return ()
    scored = tuple(tuple(dealt[: len(dealt) - len(left)]) for dealt, left in zip(game.dealt, game.value_decks))
    if table.rules.swim == "deck-no-reshuffle":
        decks = swim_decks(table)
        turned = [card for _, order in decks[:-1] for card in order]
        if decks:
            turned += decks[-1][1][: len(SWIM_DECK) - len(game.swim_deck)]
        return scored, tuple(turned)
    first = value_draws(table.rules)
    return scored, tuple(a for who, a in table.history[first:] if who == CHANCE)


def swim_decks(table) -> list[tuple[list[int], list[int]]]:
    """deck-no-reshuffle: every swim deck shuffled so far, as (the places of
    its shuffle's draws in the history, the deck's order); the draws after
    the value decks' are the swim decks' shuffles, one after another (a
    shuffle still under way is left out: no card of it is drawn yet)."""
    places = [i for i, (who, _) in enumerate(table.history) if who == CHANCE][value_draws(table.rules) :]
    per_deck = len(SWIM_DECK) - 1
    decks = []
    for k in range(len(places) // per_deck):
        group = places[k * per_deck : (k + 1) * per_deck]
        it = iter(table.history[i][1] for i in group)
        order = ChanceStream(lambda n: next(it)).shuffle(np.array(SWIM_DECK, np.int64))
        decks.append((group, [int(c) for c in order]))
    return decks


def value_draws(rules: Rules) -> int:
    """The game's first draws: the four value decks' shuffles."""
    return sum(len(rules.values(level)) - 1 for level in (1, 2, 3, 4))


def outcome(record) -> tuple[list[float], list[int]]:
    """(win share per seat, score per seat) of a finished game."""
    return [w / 60 for w in record.win60], list(record.score)


def max_steps(rules: Rules) -> int:
    """An upper bound of a game's decisions and draws (OpenSpiel's max game length)."""
    turns = rules.dives * (rules.air + 4 * rules.cards_per_level * rules.players * rules.stalemate_rounds)
    return 4 * rules.cards_per_level + turns * 4


def max_chance_outcomes(rules: Rules) -> int:
    return max(9, rules.cards_per_level)


def resample(table, seat: int, rand: np.random.Generator) -> list[tuple[int, int]]:
    """A history of a world ``seat`` cannot tell from this one: the value cards
    not yet scored lie in a fresh random order, and with deck-no-reshuffle so
    do the swim cards still in the deck (everything else is face up). The
    value decks are the game's first draws (reference: shuffled at game
    start); a swim deck is shuffled when the last one is used up."""
    game, history = table.engine, list(table.history)
    draws = []
    for level, (dealt, left) in enumerate(zip(game.dealt, game.value_decks), start=1):
        seen = len(dealt) - len(left)
        unseen = sorted(left)  # their order is what the seat must not know
        order = dealt[:seen] + [unseen[i] for i in rand.permutation(len(unseen))]
        draws += shuffle_draws(list(table.rules.values(level)), order)
    world = [(CHANCE, d) for d in draws] + history[len(draws) :]
    if table.rules.swim == "deck-no-reshuffle" and game.swim_deck:
        places, order = swim_decks(table)[-1]
        turned = len(SWIM_DECK) - len(game.swim_deck)
        unseen = order[turned:]
        order = order[:turned] + [unseen[i] for i in rand.permutation(len(unseen))]
        for place, d in zip(places, shuffle_draws(list(SWIM_DECK), order)):
            world[place] = (CHANCE, d)
    return world
