"""Sealed bots, the same in every game: a bot's view and parameters are
read-only, and a write is refused with one error naming the bot (numba
refuses to compile such a bot; numpy refuses the write of a plain-Python one)."""

from __future__ import annotations

import re
from contextlib import contextmanager

import numpy as np
from numba.core.errors import TypingError

from sim.numba_errors import module_array_written
from sim.registry import MAX_PARAMS


class ViewWriteError(ValueError):
    """A bot wrote (or would write) its read-only view or parameters."""


# numba's reason when a compiled bot writes a read-only array: "setitem",
# an in-place operator or method with the array as its first argument.
_READONLY_WRITE = re.compile(r">>> \w+\(readonly array")


@contextmanager
def refuse_writes(bot: str, fn=None):
    """Turn a bot's write to its read-only view or parameters, or to a
    module-level array (numba compiles one as a read-only constant), into one
    ViewWriteError naming the bot (and the array): numba refuses to compile
    such a bot ``fn``, and numpy refuses the write of a plain-Python bot."""
    try:
        yield
    except TypingError as exc:
        if not _READONLY_WRITE.search(str(exc)):
            raise
        raise ViewWriteError(_write_message(bot, module_array_written(exc, fn))) from None
    except ValueError as exc:
        if "read-only" not in str(exc):
            raise
        raise ViewWriteError(_write_message(bot)) from None


def _write_message(bot: str, array: str | None = None) -> str:
    if array is not None:
        return (
            f"bot {bot!r} writes to the module-level array {array!r}, which numba compiles as a read-only "
            "constant; a bot keeps no memory between decisions"
        )
    return (
        f"bot {bot!r} writes to its read-only state view or parameters; a bot may only "
        "read them (copy what it needs into an array of its own)"
    )


def seat_params(seats) -> np.ndarray:
    """The (seats, MAX_PARAMS) float64 parameter table; row p is seat p's vector."""
    params = np.zeros((len(seats), MAX_PARAMS), np.float64)
    for p, seat in enumerate(seats):
        vec = np.asarray(seat.params, dtype=np.float64).ravel()
        params[p, : len(vec)] = vec
    return params


def sealer(plugin_of, phase: bool):
    """A game engine's ``sealed(bot)``: the function both engines run for a
    bot. A built-in's own (or an engine-side function, `sim.nb.engine_side`);
    a user's bot through its plug-in (``plugin_of(bot)``, compiled then: the
    compiled engine's refusal is the reference engine's, word for word), via
    `sim.nb.plugin_caller` (bounds-checked as in the compiled engine).
    ``phase``: the game's bots take a phase first."""
    from sim import nb

    callers: dict = {}

    def sealed(bot):
        if bot.builtin_id >= 0 or nb.is_engine_side(bot.fn):
            return bot.fn
        if bot.fn not in callers:
            callers[bot.fn] = nb.plugin_caller(plugin_of(bot), bot.fn, MAX_PARAMS, phase=phase)
        return callers[bot.fn]

    return sealed


def deciders(seats, engine: str) -> list:
    """Each seat's decide function for a reference engine: a built-in's own,
    a user's bot through the compiled plug-in of ``engine`` (the module's
    `sealer`-made ``sealed``; imported only when a seat needs it)."""
    from sim import nb

    if all(s.bot.builtin_id >= 0 or nb.is_engine_side(s.bot.fn) for s in seats):
        return [s.bot.fn for s in seats]
    import importlib

    sealed = importlib.import_module(engine).sealed
    return [sealed(s.bot) for s in seats]
