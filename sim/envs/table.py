"""One game played step by step, on the game's own reference engine.

The reference engine plays a whole game in one call and asks the seats' bots
when they have a choice. Here it runs inside a greenlet: a seat's "bot" hands
the decision out (`Decision`) and waits for the action, and with explicit
chance every card or die draw is handed out too (`Chance`): the rules are the
engine's, stated once. A table is its history, ``(player, action)`` pairs
with `CHANCE` for a draw: replaying a history gives the same table (the way
clones, serialization and resampled worlds are made).
"""

from __future__ import annotations

import atexit
import weakref
from collections import deque
from dataclasses import replace
from typing import NamedTuple

import numpy as np
from greenlet import getcurrent, greenlet

from sim import rng
from sim.envs.faces import face
from sim.games import get_game
from sim.sealed import seat_params

CHANCE = -1


_LIVE: weakref.WeakSet = weakref.WeakSet()  # tables whose engine may still be suspended


@atexit.register
def _close_all():
    """End suspended engines before the interpreter shuts down (a greenlet
    collected during shutdown can crash it)."""
    for table in list(_LIVE):
        table.close()


class Decision(NamedTuple):
    seat: int
    view: np.ndarray  # exactly what the seat's bot would get (read-only)
    phase: int  # the game's decision kind (0 when it has one kind)
    u: float  # the uniform the reference engine draws for the seat's bot
    legal: tuple[int, ...]  # legal actions, ascending


class Chance(NamedTuple):
    outcomes: int  # the draw is randbelow(outcomes): each value with probability 1/outcomes


class ChanceStream:
    """The card and dice draws of a game as single draws ``randbelow(n)`` from
    ``draw``; the shuffle is `sim.rng.shuffle`'s Fisher-Yates, draw for draw
    (each draw picks the card for one place among the cards left), so with the
    game's own stream as ``draw`` it shuffles exactly as `rng.Stream` does."""

    def __init__(self, draw):
        self.randbelow = draw

    def shuffle(self, arr: np.ndarray) -> np.ndarray:
        for i in range(len(arr) - 1, 0, -1):
            j = self.randbelow(i + 1)
            arr[i], arr[j] = arr[j], arr[i]
        return arr


def shuffle_draws(start, order) -> list[int]:
    """The draws with which `ChanceStream.shuffle` turns ``start`` into ``order``
    (a rearrangement of it): each draw picks, for one place, a card of the value
    that place needs. A resampler states a world as the cards' order; this
    turns it back into the table's history."""
    arr, draws = list(start), []
    for i in range(len(arr) - 1, 0, -1):
        j = arr.index(order[i], 0, i + 1)
        draws.append(j)
        arr[i], arr[j] = arr[j], arr[i]
    return draws


class IllegalStep(ValueError):
    """An action that is not legal at this point of the game (or none is expected)."""


class Table:
    """A game of ``face`` (a game's `env` module) at one point of its history.

    ``explicit_chance``: draws are asked for (OpenSpiel's chance nodes); else
    they come from the game's own stream of (``seed``, ``index``), so the
    table deals exactly the game `sim <game> trace --seed S --game I` shows.
    ``trace``: keep the engine's trace lines in ``lines``.
    ``seats``: the table's bots (`sim.registry.Seat`): a seat whose bot plays
    only through a table (an outside agent) hands its decisions out, every
    other seat's bot is called where the engine calls it, through the same
    sealed function the engines run (`GameSpec.sealed`: a user's bot through
    its compiled plug-in, read-only view and parameters), under the engine's
    own refusals naming the bot; its decisions are recorded like any.
    Without ``seats`` every decision is handed out.
    """

    def __init__(self, face, rules, seed: int = 0, index: int = 0, *, explicit_chance=False, trace=False, history=(), seats=None):
        seed = np.uint64(int(seed) & (2**64 - 1))  # any master seed 0 .. 2**64 - 1, as the CLI takes
        self.face, self.rules, self.seed, self.index = face, rules, seed, index
        self.explicit_chance, self.trace = explicit_chance, trace
        self.history: list[tuple[int, int]] = []
        self.points: list[Decision] = []  # every decision point so far, in order
        self.lines: list[str] = []
        self.engine = None  # whatever the face keeps of the engine's state (its observe reads it)
        self.request: Decision | Chance | None = None  # None once the game is over
        self.record = None
        self._own = None if explicit_chance else rng.Stream(seed, np.uint64(index))
        self._replay = deque(history)
        self._seats = seats
        self._inside = _sealed_bots(face, seats) if seats is not None else {}
        self._caller = None
        self._choose = None  # set by `play_out`: the engine picks every later step itself
        self._game = greenlet(self._play)
        _LIVE.add(self)
        self._resume(None)

    # -- the driver's side ----------------------------------------------------
    @property
    def over(self) -> bool:
        return self.request is None

    def legal(self) -> tuple[int, ...]:
        r = self.request
        if isinstance(r, Decision):
            return r.legal
        if isinstance(r, Chance):
            return tuple(range(r.outcomes))
        return ()

    def apply(self, action: int) -> None:
        """Answer the pending decision or draw."""
        if self.request is None:
            raise IllegalStep("the game is over; no action can be applied")
        action = int(action)
        if action not in self.legal():
            who = "draw" if isinstance(self.request, Chance) else f"seat {self.request.seat}"
            raise IllegalStep(f"action {action} is not legal for {who}; legal: {list(self.legal())}")
        self._resume(action)

    def play_out(self, choose) -> None:
        """Play the game to its end, ``choose(legal)`` picking every step from
        its legal actions (draws: ``range(outcomes)``), inside the engine: a
        playout hands no step out, which costs more than the step itself."""
        if self.request is not None:
            self._choose = choose
            self.apply(choose(self.legal()))

    def clone(self) -> "Table":
        return self.replayed(self.history)

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):  # pickled as its history: unpickling replays it
        return _unpickle, (self.face.NAME, self.rules, self.seed, self.index, self.explicit_chance, self.trace, self.history)

    def close(self) -> None:
        """Stop the engine of an unfinished game (its greenlet ends now, not at exit)."""
        if self._game and not self._game.dead:
            self._game.throw()
        self.request = None

    def replayed(self, history, **kw) -> "Table":
        """A table of the same game after ``history`` (e.g. a resampled world);
        ``kw``: ``explicit_chance``, ``trace`` changed."""
        kw = {"explicit_chance": self.explicit_chance, "trace": self.trace, **kw}
        return Table(self.face, self.rules, self.seed, self.index, history=history, **kw)

    def _resume(self, value):
        self._caller = getcurrent()
        self._game.parent = self._caller
        self.request = self._game.switch(value)

    # -- the engine's side (inside the greenlet) ------------------------------
    def _play(self, _):
        log = self.lines.append if self.trace else None
        stream = ChanceStream(self._draw)
        proxies = self.face.proxy_seats(self.rules, self._decide)
        for p in self._inside:  # the engine's refusals name the seat's own bot
            real = self._seats[p]
            proxies[p] = replace(proxies[p], spec=real.spec, bot=replace(proxies[p].bot, name=real.bot.name))
        self.record = self.face.play(self, proxies, log, stream)
        return None

    def _wait(self, player: int, request):
        if self._replay:
            who, action = self._replay.popleft()
            if who != player or action not in (range(request.outcomes) if player == CHANCE else request.legal):
                raise IllegalStep(f"history step ({who}, {action}) does not fit the game here")
        elif self._choose is not None:
            action = self._choose(range(request.outcomes) if player == CHANCE else request.legal)
        else:
            action = self._caller.switch(request)
        self.history.append((player, action))
        return action

    def _draw(self, n: int) -> int:
        if self._own is not None:
            value = self._own.randbelow(n)
            self.history.append((CHANCE, value))
            if self._replay and self._replay.popleft() != (CHANCE, value):
                raise IllegalStep("the history's draws are not this game's own; replay it with explicit_chance=True")
            return value
        return self._wait(CHANCE, Chance(n))

    def _decide(self, seat: int, view: np.ndarray, phase: int, u: float) -> int:
        point = Decision(seat, view, phase, u, self.face.legal(seat, view, phase))
        self.points.append(point)
        if seat in self._inside:
            fn, params = self._inside[seat]
            action = self.face.call_bot(fn, point, params)
            self.history.append((seat, action))
            return action
        return self._wait(seat, point)


def _sealed_bots(face, seats) -> dict:
    """{seat: (sealed decide function, read-only parameter row)} of the seats
    whose bot the engine calls (not an outside agent's)."""
    sealed = get_game(face.NAME).sealed
    params = seat_params(seats)
    params.flags.writeable = False
    return {p: (sealed(s.bot), params[p]) for p, s in enumerate(seats) if not getattr(s.bot.fn, "plays_at_table", False)}


def _unpickle(name, rules, seed, index, explicit_chance, trace, history) -> Table:
    return Table(face(name), rules, seed, index, explicit_chance=explicit_chance, trace=trace, history=history)
