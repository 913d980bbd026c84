"""The cheater suite: bots that try to write the game, read what their seat
may not know, or predict hidden cards from their uniforms. Every attack
fails, in both engines: a write is refused with an error naming the bot, a
peek sees nothing, a prediction is right no more often than chance.

Out of reach of this wall (and of these tests): a bot using raw pointers or
indexing outside its arrays (numba checks no bounds) reads and writes process
memory; `tests/landunter/recorder.py` does exactly that to keep a log.
"""

import math

import numpy as np
import pytest
from numba import njit

from sim import rng
from sim.games.landunter import engine, layout, reference
from sim.games.landunter.reference import ViewWriteError
from sim.games.landunter.rules import Rules
from sim.registry import MAX_PARAMS
from tests.landunter.conftest import python_seat, seats
from tests.landunter.user_bots import user_seat


def play(kind, rules, table, seed, games):
    """Per-game score lists of ``games`` games with one engine."""
    if kind == "reference":
        return [reference.play_game(rules, table, seed, g).score for g in range(games)]
    return engine.play_batch(rules, table, seed, 0, games).score.tolist()


ENGINES = ["reference", "compiled"]


# ---------------------------------------------------------------- writes
@njit(cache=True)
def state_writer(seat, st, params, u):
    """Gives itself a ring back before playing its lowest card."""
    st[layout.S_RINGS + seat] += 1
    return layout.hand_low(st, seat)


@njit(cache=True)
def params_writer(seat, st, params, u):
    """Writes past its own parameter row, into the next seat's."""
    params[MAX_PARAMS] = 12.0
    return layout.hand_low(st, seat)


@pytest.mark.parametrize("kind", ENGINES)
@pytest.mark.parametrize("fn", [state_writer, params_writer])
def test_a_bot_that_writes_its_view_or_parameters_is_refused_naming_it(compiled, kind, fn):
    table = [user_seat(fn, fn.__name__)] + seats("low", 4)[1:]
    with pytest.raises(ViewWriteError, match=f"bot '{fn.__name__}' writes to its read-only"):
        play(kind, Rules(players=4), table, 1, 2)


@pytest.mark.parametrize("target", ["st", "params"])
def test_a_plain_python_bot_that_writes_is_refused_naming_it(target):
    def writer(seat, st, params, u):
        (st if target == "st" else params)[0] = 1
        return int(layout.hand_low(st, seat))

    table = [python_seat(writer, "py-writer")] + seats("low", 4)[1:]
    with pytest.raises(ViewWriteError, match="bot 'py-writer' writes to its read-only"):
        reference.play_game(Rules(players=4), table, 1, 0)


# ---------------------------------------------------------------- peeks
@njit(cache=True)
def peeker(seat, st, params, u):
    """Plays its highest card if its view shows anything of another seat's
    hand or of this round's choices (another hand mask, a hand size that
    dropped before the reveal, a card stamped with this round); else its
    lowest, exactly like `low`."""
    now = layout.HAND_SIZE * st[layout.S_DEAL] + st[layout.S_ROUND] + 1
    seen = False
    for p in range(st[layout.S_PLAYERS]):
        if p != seat and (st[layout.S_HAND_LO + p] != 0 or st[layout.S_HAND_HI + p] != 0):
            seen = True
        if st[layout.S_IN + p] == 1 and st[layout.S_HAND_N + p] != st[layout.S_HAND_N + seat]:
            seen = True
    for v in range(1, layout.MAX_CARD + 1):
        if st[layout.S_CARD_WHEN + v] == now:
            seen = True
    if seen:
        return layout.hand_high(st, seat)
    return layout.hand_low(st, seat)


@pytest.mark.parametrize("kind", ENGINES)
def test_a_bot_peeking_at_other_hands_or_this_rounds_choices_sees_nothing(compiled, kind):
    """Peekers in every seat but the first (so earlier choices exist to peek
    at) play exactly as the honest `low` bot: they never saw anything."""
    rules = Rules(players=4)
    honest = seats("random,low,low,low", 4)
    cheats = honest[:1] + [user_seat(peeker, "peeker")] * 3
    assert play(kind, rules, cheats, 9, 40) == play(kind, rules, honest, 9, 40)


# ---------------------------------------------------------------- predicting the flood
_G = 0x9E3779B97F4A7C15
_M = (1 << 64) - 1
_INV_M1 = pow(0xBF58476D1CE4E5B9, -1, 1 << 64)
_INV_M2 = pow(0x94D049BB133111EB, -1, 1 << 64)
_LOW_BITS = np.arange(2048, dtype=np.uint64)


def _unshift(z, s):
    """Invert x -> x ^ (x >> s) on uint64 arrays."""
    x = z.copy()
    for _ in range(64 // s + 1):
        x = z ^ (x >> np.uint64(s))
    return x


def _unmix(z):
    """Invert SplitMix64's finaliser (`rng.mix64`) on a uint64 array."""
    z = _unshift(z, 31) * np.uint64(_INV_M2)
    z = _unshift(z, 27) * np.uint64(_INV_M1)
    return _unshift(z, 30)


def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _states_of(u):
    """Every stream state whose next uniform is u (53 bits seen, 11 guessed)."""
    top = np.uint64(int(u * 2.0**53) << 11)
    return _unmix(top | _LOW_BITS) - np.uint64(_G)


class FloodPredictor:
    """The strongest attack: a plain-Python bot with memory, in seat 0 (first
    to draw every round). It recovers the stream state behind its first
    uniform of a deal (2048 candidates), keeps the candidates that also
    produce its later uniforms (stepping over one draw per seat still in),
    replays the flood shuffle that came just before, and from its second
    decision of a deal on predicts one card of the next round's pair. It
    scores itself against the pair then shown, with the chance that a guess
    of that value hits given the flood cards left (public): ``log`` gets
    (hit, chance) per prediction."""

    def __init__(self):
        self.log = []
        self.deal = -1

    def __call__(self, seat, st, params, u):
        with np.errstate(over="ignore"):
            self.decide(st, u)
        return int(layout.hand_low(st, seat))

    def decide(self, st, u):
        deal, rnd = int(st[layout.S_DEAL]), int(st[layout.S_ROUND])
        if deal != self.deal:
            self.deal, self.guess = deal, None
            self.candidates = _states_of(u)  # the draw right after the flood shuffle
            self.steps = 0
        else:
            self.steps += self.n_in
            if self.guess is not None:
                hit = self.guess in (st[layout.S_FLOOD_LO], st[layout.S_FLOOD_HI])
                self.log.append((hit, self.chance))
            step = np.uint64((self.steps * _G) & _M)
            top = np.uint64(int(u * 2.0**53))
            match = (_mix(self.candidates + np.uint64(_G) + step) >> np.uint64(11)) == top
            if match.any():
                self.candidates = self.candidates[match]
        self.n_in = int(st[layout.S_N_IN])
        self.guess = None
        if 1 <= rnd < layout.HAND_SIZE - 1:  # two uniforms seen this deal
            stream = rng.Stream.__new__(rng.Stream)  # replay the flood shuffle
            stream.state = np.uint64(self.candidates[0] + np.uint64(_G) - np.uint64((24 * _G) & _M))
            flood = stream.shuffle(np.array(reference.flood_deck(), dtype=np.int64))
            self.guess = int(flood[2 * rnd + 2])
            left = sum(int(st[layout.S_FLOOD_LEFT + v]) for v in range(1, layout.FLOOD_MAX + 1))
            k = int(st[layout.S_FLOOD_LEFT + self.guess])
            self.chance = 1.0 - math.comb(left - k, 2) / math.comb(left, 2) if left >= 2 else 0.0


def predictions(games: int) -> tuple[int, float, float, int]:
    """(hits, expected hits by chance, its standard deviation, predictions)."""
    bot = FloodPredictor()
    table = [python_seat(bot, "predictor")] + seats("random", 4)[1:]
    for g in range(games):
        reference.play_game(Rules(players=4), table, 2024, g)
    hits = sum(h for h, _ in bot.log)
    p = np.array([c for _, c in bot.log])
    return hits, float(p.sum()), float(np.sqrt((p * (1 - p)).sum())), len(bot.log)


class _SharedStream(rng.Stream):
    """The old wiring: every bot's uniforms drawn from the game's own stream."""

    last = None

    def __init__(self, seed, game):
        super().__init__(seed, game)
        _SharedStream.last = self

    @classmethod
    def for_bot(cls, seed, game, seat):
        return cls.last


def test_the_flood_predictor_works_when_uniforms_share_the_card_stream(monkeypatch):
    """The attack is real: wired the old way it names a card of the next pair
    every time, where a guess of the same values would hit a third of the time."""
    monkeypatch.setattr(rng, "Stream", _SharedStream)
    hits, expected, sd, n = predictions(20)
    assert n > 500
    assert hits > 0.99 * n
    assert hits > expected + 10 * sd


def test_predicting_the_next_flood_card_from_the_uniforms_is_at_chance():
    """With the bots' own streams the same attack hits as often as a guess:
    within 4 standard deviations of the chance expectation (fixed seed)."""
    hits, expected, sd, n = predictions(60)
    assert n > 1500
    assert abs(hits - expected) <= 4 * sd, f"{hits} hits in {n}; chance {expected:.1f} +- {sd:.1f}"
