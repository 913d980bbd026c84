"""Land unter's face for `sim.envs`: the reference engine played step by step.

What an environment needs of the game and nothing more (see the Geteilte Luft
face for the same parts); the rules stay in `reference.py`. A round's cards
are chosen secretly and simultaneously: a seat's view holds only its own hand
and what was played in earlier rounds.
"""

from __future__ import annotations

from math import comb

import numpy as np

from sim import nb
from sim.envs.table import CHANCE, ChanceStream, shuffle_draws
from sim.games.landunter import layout, reference
from sim.games.landunter.bits import LO_CARDS, masks_of
from sim.games.landunter.rules import Rules
from sim.registry import MAX_PARAMS, Bot, Seat

NAME = "landunter"
TITLE = "Land unter"
OPENSPIEL_NAME = "python_land_unter"
RULES = Rules
N_ACTIONS = layout.MAX_CARD + 1  # the weather card played (1..72); 0 is never legal
VIEW_SIZE = layout.STATE_SIZE
VIEW_HIGH = (1 << 62) - 1  # the hand masks use up to 60 bits
PHASES = ("play a card",)
SIMULTANEOUS = True  # a round's cards are chosen without seeing each other's


def proxy_seats(rules: Rules, decide) -> list[Seat]:
    """Seats whose bot hands each decision to ``decide(seat, view, phase, u)``."""

    def fn(seat, view, params, u):
        return decide(seat, view, 0, u)

    bot = Bot("env", nb.engine_side(fn), (), "a seat played from outside", -1)  # the engine calls it as it is
    return [Seat("env", bot, np.zeros(MAX_PARAMS)) for _ in range(rules.players)]


def play(table, seats, log, stream):
    return reference.play_game(table.rules, seats, table.seed, table.index, log, stream)


def _cards(lo: int, hi: int) -> list[int]:
    """The cards of a hand's (lo, hi) masks (`bits.masks_of`), ascending."""
    out = []
    for mask, base in ((int(lo), 1), (int(hi), LO_CARDS + 1)):
        while mask:
            low = mask & -mask
            out.append(base + low.bit_length() - 1)
            mask ^= low
    return out


def legal(seat: int, view: np.ndarray, phase: int) -> tuple[int, ...]:
    """The cards in the seat's hand, ascending."""
    return tuple(_cards(view[layout.S_HAND_LO + seat], view[layout.S_HAND_HI + seat]))


def call_bot(fn, point, params) -> int:
    return int(fn(point.seat, point.view, params, point.u))


def dealt_hands(table) -> list[list[int]] | None:
    """Every hand as dealt (by hand id), from the table's first draws; None before the deal."""
    if getattr(table, "_dealt", None) is None:
        table._dealt = _dealt_hands(table)
    return table._dealt


def _dealt_hands(table) -> list[list[int]] | None:
    n_cards, players = table.rules.n_cards, table.rules.players
    draws = [a for who, a in table.history[: n_cards - 1] if who == CHANCE]
    if len(draws) < n_cards - 1:
        return None
    it = iter(draws)
    deck = ChanceStream(lambda n: next(it)).shuffle(np.arange(1, n_cards + 1, dtype=np.int64))
    return [sorted(int(c) for c in deck[layout.HAND_SIZE * h : layout.HAND_SIZE * (h + 1)]) for h in range(players)]


def hand_now(view: np.ndarray, hand: list[int], hand_id: int) -> list[int]:
    """The cards of a dealt hand not yet played from it in this deal (per the public view)."""
    now = layout.HAND_SIZE * int(view[layout.S_DEAL])
    return [c for c in hand if not (view[layout.S_CARD_HAND + c] == hand_id + 1 and view[layout.S_CARD_WHEN + c] > now)]


def observe(table, seat: int, k: int | None = None) -> np.ndarray:
    """What ``seat`` sees now (``k``: saw at decision point k): the public part
    of the latest decision point's view plus its own hand (its bot's view when
    it is the one deciding); zeros before the first decision."""
    if not table.points:
        return np.zeros(VIEW_SIZE, np.int64)
    last = table.points[-1 if k is None else k]
    if last.seat == seat:
        return last.view
    st = last.view.copy()
    st[layout.S_HAND_LO + last.seat] = st[layout.S_HAND_HI + last.seat] = 0
    hid = int(st[layout.S_HAND_ID + seat])
    st[layout.S_HAND_LO + seat], st[layout.S_HAND_HI + seat] = masks_of(hand_now(st, dealt_hands(table)[hid], hid))
    st.flags.writeable = False
    return st


def revealed(table, seat: int) -> tuple:
    """Nothing beyond the views: played cards and flood cards are in them."""
    return ()


def outcome(record) -> tuple[list[float], list[int]]:
    return [w / 60 for w in record.win60], list(record.score)


def max_steps(rules: Rules) -> int:
    return rules.n_cards + rules.players * (layout.FLOOD_CARDS + layout.HAND_SIZE * rules.players)


def max_chance_outcomes(rules: Rules) -> int:
    return rules.n_cards


def resample(table, seat: int, rand: np.random.Generator, tries: int = 1_000) -> list[tuple[int, int]]:
    """A history of a world ``seat`` cannot tell from this one.

    Kept: the hands the seat has held (it saw them whole), every card seen
    played and the hand it came from, each hand's life-ring count (public),
    the flood cards revealed so far and every earlier decision. Drawn afresh:
    the unseen cards of the other hands, the unrevealed rest of this deal's
    flood cards, and the cards other seats chose in the round under way but
    have not shown (any card left in their new hand).
    """
    rules, hist = table.rules, list(table.history)
    n, n_cards = rules.players, rules.n_cards
    hands = dealt_hands(table)
    point = table.points[-1]
    deal = int(point.view[layout.S_DEAL])
    held = {(seat - d) % n for d in range(deal + 1)}
    known = {h: list(hands[h]) if h in held else [] for h in range(n)}
    for c in range(1, n_cards + 1):
        h = int(point.view[layout.S_CARD_HAND + c]) - 1
        if h >= 0 and h not in held:
            known[h].append(c)
    taken = {c for cards in known.values() for c in cards}
    pool = [c for c in range(1, n_cards + 1) if c not in taken]
    rings = [reference.ring_count(hand, n_cards) for hand in hands]
    dealt = _deal_rest(known, pool, rings, n_cards, rand, tries)
    if dealt is None:
        raise RuntimeError(f"no deal consistent with seat {seat}'s view found in {tries} tries")
    new, unused = dealt
    deck = [c for h in range(n) for c in new[h]] + unused
    out = [(CHANCE, d) for d in shuffle_draws(range(1, n_cards + 1), deck)]
    i = len(out)
    # later draws are flood shuffles (one per deal begun) and the seats' choices;
    # of each deal's flood cards the seat saw two per round played
    rounds = {}
    for p in table.points:
        d, r = int(p.view[layout.S_DEAL]), int(p.view[layout.S_ROUND])
        rounds[d] = max(rounds.get(d, 0), r + 1)
    deals_begun = 0
    while i < len(hist):
        if hist[i][0] == CHANCE:  # a deal's flood shuffle: 23 draws
            flood = _flood_order(hist[i : i + layout.FLOOD_CARDS - 1])
            shown = 2 * rounds.get(deals_begun, 0)
            rest = sorted(flood[shown:])  # their order is what the seat must not know
            flood = flood[:shown] + [rest[j] for j in rand.permutation(len(rest))]
            out += [(CHANCE, d) for d in shuffle_draws(reference.flood_deck(), flood)]
            i += layout.FLOOD_CARDS - 1
            deals_begun += 1
        else:
            out.append(hist[i])
            i += 1
    # the round under way: choices other seats have not shown become any card of their new hand
    k = 0
    for j, (who, card) in enumerate(out):
        if who == CHANCE:
            continue
        p = table.points[k]
        k += 1
        if who != seat and p.view[layout.S_DEAL] == deal and p.view[layout.S_ROUND] == point.view[layout.S_ROUND]:
            hid = (who - deal) % n
            left = hand_now(point.view, new[hid], hid)
            out[j] = (who, int(left[rand.integers(len(left))]))
    return out


def _deal_rest(known, pool, rings, n_cards, rand, tries):
    """Fill every hand up to 12 cards from ``pool`` keeping its ring count, hand
    by hand: first how many cards of each ring symbol (none, half, one) it
    gets, drawn in proportion to the ways to pick them, then which ones
    (a dead end, possible only for the last hands, starts over)."""
    for _ in range(tries):
        left, new = list(pool), {}
        for h, cards in known.items():
            k = layout.HAND_SIZE - len(cards)
            base = sum(reference.ring_halves(c, n_cards) for c in cards)
            kinds = [[c for c in left if reference.ring_halves(c, n_cards) == r] for r in (0, 1, 2)]
            options, ways = [], []
            for two in range(min(k, len(kinds[2])) + 1):
                for one in range(min(k - two, len(kinds[1])) + 1):
                    zero = k - two - one
                    if zero <= len(kinds[0]) and (base + one + 2 * two) // 2 == rings[h]:
                        options.append((zero, one, two))
                        ways.append(comb(len(kinds[0]), zero) * comb(len(kinds[1]), one) * comb(len(kinds[2]), two))
            if not options:
                break
            counts = options[rand.choice(len(options), p=np.array(ways, float) / sum(ways))]
            chosen = [kinds[r][i] for r, m in enumerate(counts) for i in rand.choice(len(kinds[r]), m, replace=False)]
            new[h] = sorted(cards + chosen)
            taken = set(chosen)
            left = [c for c in left if c not in taken]
        else:
            return new, left
    return None


def _flood_order(draws) -> list[int]:
    it = iter(a for _, a in draws)
    return [int(c) for c in ChanceStream(lambda n: next(it)).shuffle(np.array(reference.flood_deck(), np.int64))]


def round_of(view: np.ndarray) -> tuple[int, int]:
    """(deal, round) of a decision point: the choices made without seeing each other."""
    return int(view[layout.S_DEAL]), int(view[layout.S_ROUND])


def to_act(table) -> list[int]:
    """The seats that choose a card in the round under way (those still in the deal)."""
    view = table.points[-1].view
    return [p for p in range(table.rules.players) if view[layout.S_IN + p]]
