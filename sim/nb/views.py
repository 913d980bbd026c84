"""Views for the kernels and bots, at no run-time cost.

Read-only typing (`read_only`). The same array retyped read-only: numba refuses
to compile any code that writes to it. Bots get the state and their
parameters this way. This seals against mistakes, not against intent: a bot
is native code in this process (docs/concepts/trust-model.md).

Range assumptions (`assume_range`). numba fixes up negative array indices (a
compare and a select per access). Telling LLVM ``0 <= x < hi`` lets it prove
the indices built from x non-negative and drop the fix-ups (+10% in Luft). A
false assumption is undefined behaviour: assert only what the state guarantees.

A plug-in's adapter rebuilds a bot's views from addresses (`state_view`,
`param_row`); `keep_alive` keeps a borrowed view's owner alive.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import carray, njit, types
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic

from sim import _borrowed


@njit(cache=True)
def keep_alive(owners):
    """Use ``owners`` (a tuple of the arrays behind borrowed views) here, after
    the views' last use: numba frees an array after its own last use."""
    return len(owners)


@intrinsic
def read_only(typingctx, arr):
    """The same array typed read-only: a write to it does not compile."""

    def codegen(context, builder, signature, args):
        return impl_ret_borrowed(context, builder, signature.return_type, args[0])

    return arr.copy(readonly=True)(arr), codegen


def assume_range(hi):
    """An identity on int64 that tells the compiler ``0 <= x < hi``."""

    @intrinsic
    def assume(typingctx, x):
        def codegen(context, builder, signature, args):
            (val,) = args
            fnty = ir.FunctionType(ir.VoidType(), [ir.IntType(1)])
            llvm_assume = builder.module.declare_intrinsic("llvm.assume", fnty=fnty)
            builder.call(llvm_assume, [builder.icmp_signed(">=", val, ir.Constant(val.type, 0))])
            builder.call(llvm_assume, [builder.icmp_signed("<", val, ir.Constant(val.type, hi))])
            return val

        return types.int64(types.int64), codegen

    return assume


@njit(cache=True, inline="always")
def param_row(params_addr, seat, width):
    """Seat ``seat``'s row of the parameter table at ``params_addr`` (rows of
    ``width`` float64), read-only: a plug-in hands its bot this row only, so a
    bot never reads another seat's parameters."""
    return read_only(carray(_borrowed.voidptr(params_addr + np.uintp(8 * width * seat)), (width,), np.float64))


@njit(cache=True, inline="always")
def state_view(st_addr, size):
    """The int64 state vector of ``size`` at ``st_addr``, read-only."""
    return read_only(carray(_borrowed.voidptr(st_addr), (size,), np.int64))
