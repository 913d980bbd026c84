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
