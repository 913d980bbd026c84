"""Counter-based per-game random streams (SplitMix64).

Every game draws from its own stream, keyed by (master seed, game index), so a
game's course never depends on thread count, chunk size or machine split. The
same njit functions run inside compiled kernels and, called from plain Python,
in the reference engines: one implementation, identical output.

A stream state is a ``uint64``; every draw returns ``(new_state, value)``.

What the bots' streams do and do not hide. A bot's uniforms come from a
stream of its own (`bot_stream`), keyed apart from the game's cards and dice,
so no function of them gives the game's draws *without knowing the seed*.
SplitMix64 is invertible and the seed is no secret: with the default seed 0
or any small seed, one uniform of a seat's first decision identifies (seed,
game) by search, and then every card. In-process play is therefore fair only
among bots that do not try (docs/concepts/trust-model.md). A run with
``--isolate`` keys every stream with a run secret instead (`KeyedSeed`): the
states are blake2b of the secret, the seed and the game (and seat), which no
bot sees, so a bot's uniforms say nothing about the cards whatever the seed.
"""

import hashlib
import struct

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0  # 2**-53


@njit(cache=True, inline="always")
def mix64(z):
    """SplitMix64 finaliser: a bijective scramble of 64 bits."""
    z = np.uint64(z)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def game_stream(seed, game):
    """Initial stream state of game number ``game`` under master ``seed``."""
    return mix64(mix64(np.uint64(seed)) + np.uint64(game))


_BOT_TAG = np.uint64(0xD1B54A32D192ED03)


@njit(cache=True)
def bot_stream(seed, game, seat):
    """Initial state of the stream of uniforms handed to the bot in ``seat``.

    Keyed apart from the game's card and dice stream (a tagged master key, then
    game and seat), and one seat's apart from another's. Still a pure
    function of (seed, game, seat): same seed, same game. This hides the
    game's draws only from a bot that does not know, or search for, the seed
    (see the module's docstring); `KeyedSeed` hides them from any bot.
    """
    key = mix64(mix64(np.uint64(seed) ^ _BOT_TAG) + np.uint64(game))
    return mix64(key ^ mix64(np.uint64(seat) + _BOT_TAG))


@njit(cache=True, inline="always")
def next_u64(state):
    """Advance the stream; return (state, 64 random bits)."""
    state = state + _GOLDEN
    return state, mix64(state)


@njit(cache=True, inline="always")
def randbelow(state, n):
    """Uniform integer in [0, n) for 1 <= n < 2**32 (multiply-shift)."""
    state, bits = next_u64(state)
    return state, np.int64(((bits >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, inline="always")
def uniform(state):
    """Uniform float in [0, 1) from the top 53 bits."""
    state, bits = next_u64(state)
    return state, np.float64(bits >> _S11) * _INV53


@njit(cache=True, inline="always")
def shuffle(state, arr, n):
    """Fisher–Yates shuffle of arr[:n] in place, drawing from the stream."""
    for i in range(n - 1, 0, -1):
        state, j = randbelow(state, i + 1)
        tmp = arr[i]
        arr[i] = arr[j]
        arr[j] = tmp
    return state


_MASK64 = (1 << 64) - 1


class KeyedSeed(int):
    """A master seed whose streams are keyed with a run secret (``--isolate``).

    It is the seed as an int (messages, manifests); `Stream` and
    `Stream.for_bot` draw its games from ``blake2b(secret; seed, game[, seat])``
    instead of `game_stream` and `bot_stream`: one-way, so neither the secret
    nor the game's state follows from a bot's uniforms. The same secret
    replays the same games; the secret never leaves the host's process.
    """

    def __new__(cls, seed: int, secret: bytes):
        obj = super().__new__(cls, int(seed))
        obj.secret = bytes(secret)
        return obj

    def state(self, purpose: bytes, game: int, seat: int = 0) -> np.uint64:
        h = hashlib.blake2b(key=self.secret, person=purpose, digest_size=8)
        h.update(struct.pack("<QQQ", int(self) & _MASK64, int(game) & _MASK64, int(seat) & _MASK64))
        return np.uint64(int.from_bytes(h.digest(), "little"))


def masked(seed):
    """A seed as the reference engines hand it to `Stream`: a `KeyedSeed` as it
    is, any other int as its low 64 bits (a ``uint64``)."""
    return seed if isinstance(seed, KeyedSeed) else np.uint64(int(seed) & _MASK64)


class Stream:
    """One game's stream for plain-Python callers (the reference engines).

    Keeps the state as ``np.uint64`` between calls, so Python code draws
    exactly what the compiled kernels draw for the same (seed, game). With a
    `KeyedSeed`, the keyed streams of an isolated run instead.
    """

    def __init__(self, seed: int, game: int):
        if isinstance(seed, KeyedSeed):
            self.state = seed.state(b"deepsim-game", game)
        else:
            self.state = np.uint64(game_stream(np.uint64(seed), game))

    @classmethod
    def for_bot(cls, seed: int, game: int, seat: int) -> "Stream":
        """The stream of the uniforms handed to the bot in ``seat``."""
        stream = cls.__new__(cls)
        if isinstance(seed, KeyedSeed):
            stream.state = seed.state(b"deepsim-bot", game, seat)
        else:
            # a seed typed uint64: numba would push one above 2**63 through an int64 overload
            stream.state = np.uint64(bot_stream(np.uint64(seed), game, seat))
        return stream

    def randbelow(self, n: int) -> int:
        state, value = randbelow(self.state, n)
        self.state = np.uint64(state)
        return int(value)

    def uniform(self) -> float:
        state, value = uniform(self.state)
        self.state = np.uint64(state)
        return float(value)

    def shuffle(self, arr: np.ndarray) -> np.ndarray:
        """Shuffle an int64 array in place (and return it)."""
        self.state = np.uint64(shuffle(self.state, arr, len(arr)))
        return arr
