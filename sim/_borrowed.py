"""Borrowed views: the engines' own trick, NOT for bots (private module).

numba reference-counts every array: each copy or pass of a view costs an
atomic NRT increment and decrement. A view built with `carray` from the raw
address (`voidptr`) has no reference count and costs nothing to pass. It is
valid only while its owner array is alive, so a kernel keeps the owner and
touches it after its last use (`sim.nb.keep_alive`).

These helpers turn any array, the read-only view a bot is handed included,
into a writable one at any address: they unseal. The kernels and the
built-in bots use them; a bot file must not (the bot-facing API is listed in
docs/concepts/trust-model.md). They used to be importable from `sim.nb`;
that still works, with a DeprecationWarning.
"""

from __future__ import annotations

import numpy as np
from numba import carray, njit, types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def voidptr(typingctx, addr):
    """An integer address as a void pointer (for `carray`)."""

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], cgutils.voidptr_t)

    return types.voidptr(types.uintp), codegen


@njit(cache=True, inline="always")
def borrow(arr, dtype):
    """A C-contiguous array, flattened, as a borrowed view (no reference count)."""
    return carray(voidptr(arr.ctypes.data), (arr.size,), dtype)


@njit(cache=True, inline="always")
def borrow_shaped(arr, dtype):
    """A C-contiguous array of any shape as a borrowed view of that shape."""
    return carray(voidptr(arr.ctypes.data), arr.shape, dtype)


@njit(cache=True, inline="always")
def borrow_row(mat, i, dtype):
    """Row i of a C-contiguous 2-D array as a 1-D borrowed view."""
    return carray(voidptr(mat.ctypes.data + np.uintp(mat.strides[0] * i)), (mat.shape[1],), dtype)
