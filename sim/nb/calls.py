"""Calling a compiled kernel from Python: without numba's typing of every
argument at every call (`call_kernel`), and with first-class functions (the
plug-ins) as the design they are (`first_class_calls`)."""

from __future__ import annotations

import warnings
from contextlib import contextmanager

import numpy as np
from numba import typeof
from numba.core.errors import NumbaExperimentalFeatureWarning

_ENTRIES: dict[tuple, object] = {}  # (kernel, argument type keys) -> its compiled entry point


def _type_key(a):
    """What decides numba's type of an argument, cheaply; None where this
    does not know (the call then always goes through the dispatcher)."""
    if isinstance(a, np.ndarray):
        f = a.flags
        return (a.dtype.str, a.ndim, f.c_contiguous, f.f_contiguous, f.writeable, f.aligned)
    if isinstance(a, tuple):
        keys = tuple(_type_key(x) for x in a)
        return None if None in keys else (type(a), keys)  # a named tuple types apart from a plain one
    if isinstance(a, (bool, np.generic)) or a is None:
        return type(a)
    if isinstance(a, int):
        return ("int", -(2**63) <= a < 2**63)  # numba types an int by its size
    sig = getattr(a, "_sig", None)  # a cfunc (a plug-in): typed by its signature
    return None if sig is None else (type(a), sig)


def call_kernel(kernel, *args):
    """``kernel(*args)`` without numba's typing of every argument at every
    call: typing the tuple of first-class functions (the plug-ins) cost
    ~150 us a call (numba.typeof; the key takes ~6 us), a large share of a
    one-game chunk. The first call of each
    combination of argument types goes through the dispatcher (which types,
    compiles or refuses them); later ones call the overload it used
    directly, found by a cheap key of the same types."""
    keys = tuple(_type_key(a) for a in args)
    entry = None if None in keys else _ENTRIES.get((kernel, keys))
    if entry is not None:
        return entry(*args)
    result = kernel(*args)
    if None not in keys:
        cres = kernel.overloads.get(tuple(typeof(a) for a in args))
        if cres is not None:
            _ENTRIES[(kernel, keys)] = cres.entry_point
    return result


@contextmanager
def first_class_calls():
    """Around a kernel call with plug-ins: numba warns that first-class
    functions are "experimental"; they are the design, and tests pin them."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaExperimentalFeatureWarning)
        yield
