"""Bots written for the earlier parameter convention keep running, with a
DeprecationWarning: a Geteilte Luft bot used to get the whole parameter
table and read its own row as ``params[seat, k]``; it now gets its own row,
``params[k]``. Such a bot is wrapped so it is handed a table whose row
``seat`` is its own parameters and every other row zero (another seat's
parameters are that seat's strategy, not this one's to know)."""

from __future__ import annotations

import inspect
import re

import numpy as np
from numba import njit

from sim import deprecation
from sim.games.luft.layout import MAX_SEATS


def reads_params_by_seat(fn) -> bool:
    """``fn(phase, seat, st, params, u)`` indexes its parameters as ``params[seat, …]``."""
    py = getattr(fn, "py_func", fn)
    try:
        names = list(inspect.signature(py).parameters)
        source = inspect.getsource(py)
    except (OSError, TypeError, ValueError):
        return False
    return len(names) == 5 and re.search(rf"\b{re.escape(names[3])}\s*\[\s*{re.escape(names[1])}\s*,", source) is not None


def adapt(name: str, fn):
    """``fn`` as registered: unchanged, or wrapped (with a warning) when it reads ``params[seat, k]``."""
    if not reads_params_by_seat(fn):
        return fn
    deprecation.warn(
        f"bot {name!r} reads params[seat, k]; a Geteilte Luft bot now gets its own parameter row: write "
        "params[k] (params[seat, k] keeps working, with this warning, until the next release)"
    )
    return _own_row_in_a_table(fn)


def _own_row_in_a_table(fn):
    old = fn if hasattr(fn, "py_func") else njit(fn)

    def bot(phase, seat, st, params, u):
        table = np.zeros((MAX_SEATS, params.shape[0]))
        table[seat] = params
        return old(phase, seat, st, table, u)

    # Named after the bot's own code, so that its fingerprint (which decides
    # when its compiled plug-in is stale) and `sim <game> bots` follow its file.
    code = old.py_func.__code__
    bot.__code__ = bot.__code__.replace(co_filename=code.co_filename, co_firstlineno=code.co_firstlineno)
    bot.__module__, bot.__name__, bot.__doc__ = old.py_func.__module__, old.py_func.__name__, old.py_func.__doc__
    return njit(bot)
