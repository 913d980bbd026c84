"""Loading numba's cached kernels without the registry refresh, for a fast start.

numba's ``Cache.load_overload`` calls ``target_context.refresh()`` before it
reads a cached function. That imports and installs every typing and lowering
registry numba has (numba.np.arraymath, npyimpl, linalg and through it
scipy.linalg, ...): 0.5-0.6 CPU-s, a fifth of `sim luft simulate --games 1000`. Running
code that is already compiled needs none of them: only the runtime (NRT) and
what some of those modules set up when imported, for calls rather than
compiles: the symbols of `numba.cpython.hashing` and the type of a cfunc
argument (`numba.experimental.function_type`: the plug-in bots). A compile
refreshes the context itself (``numba.core.compiler``), so a cache miss
inside `quick_loads` compiles as usual.

This reaches into numba.core.caching (numba is pinned below 0.69 in
pyproject.toml for such uses): the one method is swapped only while the block
runs, and `tests/test_quick_load.py` checks that a run loads none of the skipped
registries and prints the same figures.
"""

from __future__ import annotations

from contextlib import contextmanager

import numba.cpython.hashing  # noqa: F401  (defines the hash secrets compiled code links against)
import numba.experimental.function_type  # noqa: F401  (types a cfunc passed to a kernel: the plug-ins)
from numba.core import caching
from numba.core.runtime import rtsys


def _load_overload(self, sig, target_context):
    """``Cache.load_overload`` less ``target_context.refresh()``: start the
    runtime the loaded code calls, then load."""
    rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        return self._load_overload(sig, target_context)


_NUMBA_LOAD = caching.Cache.load_overload


@contextmanager
def quick_loads():
    """Within the block, numba loads cached functions without refreshing its
    typing and lowering registries. Leaving it puts numba's own method back
    even when blocks overlap (warm-ups on a Dask worker's threads): a block
    still open then loads the usual way, which is only slower."""
    caching.Cache.load_overload = _load_overload
    try:
        yield
    finally:
        caching.Cache.load_overload = _NUMBA_LOAD
