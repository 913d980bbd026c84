"""Bit helpers: single LLVM instructions (popcnt, tzcnt, lzcnt) on int64 bit
masks, for occupancy masks (Luft) and hands (Land unter). Callable from
Python too. `select_bit` (the k-th set bit) is one PDEP and a tzcnt where the
CPU does PDEP in hardware (`FAST_PDEP`: x86-64 with BMI2, not AMD before Zen
3, where it is microcoded and slower than the branch-free search used
elsewhere)."""

from __future__ import annotations

import platform

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of an int64."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def lowest_bit(typingctx, x):
    """Index of the lowest set bit of a nonzero int64."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


@intrinsic
def highest_bit(typingctx, x):
    """Index of the highest set bit of a nonzero int64."""

    def codegen(context, builder, signature, args):
        lz = builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))
        return builder.sub(ir.Constant(ir.IntType(64), 63), lz)

    return types.int64(types.int64), codegen


def _fast_pdep() -> bool:
    """Whether kernels compile for a CPU with a hardware PDEP: the host's
    (numba's default target) on x86-64 with BMI2, except AMD's families
    before Zen 3 (microcoded PDEP, tens to hundreds of cycles)."""
    if config.CPU_NAME or config.CPU_FEATURES or platform.machine().lower() not in ("x86_64", "amd64"):
        return False  # a chosen target (e.g. a portable cache): do not assume BMI2
    name = llvm.get_host_cpu_name()
    return bool(llvm.get_host_cpu_features().get("bmi2")) and not name.startswith(("znver1", "znver2", "bdver"))


FAST_PDEP = _fast_pdep()


@intrinsic
def pdep(typingctx, src, mask):
    """x86 PDEP: the low bits of ``src`` deposited at the set bits of ``mask`` (BMI2 only)."""

    def codegen(context, builder, signature, args):
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return types.int64(types.int64, types.int64), codegen


@njit(cache=True, inline="always")
def _select_bit_pdep(x, k):
    """Index of the k-th lowest set bit of x (k = 0 is the lowest; k < popcount): one PDEP."""
    return lowest_bit(pdep(np.int64(1) << k, x))


@njit(cache=True, inline="always")
def _select_bit_search(x, k):
    """Index of the k-th lowest set bit of x (k = 0 is the lowest; k < popcount).

    Branch-free binary search: at each width w the target lies in the upper
    half of the current 2w-bit window iff k >= popcount of its lower half.
    """
    pos = 0
    c = popcount(x & 0xFFFFFFFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 5
    x >>= s
    pos += s
    c = popcount(x & 0xFFFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 4
    x >>= s
    pos += s
    c = popcount(x & 0xFF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 3
    x >>= s
    pos += s
    c = popcount(x & 0xF)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 2
    x >>= s
    pos += s
    c = popcount(x & 0x3)
    up = np.int64(k >= c)
    k -= up * c
    s = up << 1
    x >>= s
    pos += s
    up = np.int64(k >= (x & 1))
    return pos + up


select_bit = _select_bit_pdep if FAST_PDEP else _select_bit_search
