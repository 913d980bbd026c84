"""`sim.nb.call_kernel`: a kernel called through its cached entry point gives
what the dispatcher gives, and any other argument types still go through the
dispatcher (typed, compiled or refused there)."""

import numpy as np
import pytest
from numba import njit, types

from sim import nb


@njit
def _weighted(a, w):
    return a.sum() * w


def test_a_kernel_called_again_with_the_same_types_uses_its_entry_point_and_gives_the_same_result():
    a = np.arange(5.0)
    assert nb.call_kernel(_weighted, a, 2.0) == _weighted(a, 2.0) == 20.0
    keys = tuple(nb.calls._type_key(x) for x in (a, 2.0))
    assert (_weighted, keys) not in nb.calls._ENTRIES  # a Python float: not a key this knows, always the dispatcher
    b = np.arange(4.0)
    assert nb.call_kernel(_weighted, b, np.float64(3.0)) == 18.0
    entry = nb.calls._ENTRIES[(_weighted, tuple(nb.calls._type_key(x) for x in (b, np.float64(3.0))))]
    assert entry(np.ones(3), np.float64(2.0)) == 6.0  # the compiled overload itself
    assert nb.call_kernel(_weighted, np.ones(3), np.float64(2.0)) == 6.0


def test_other_argument_types_go_through_the_dispatcher():
    ints, floats = np.arange(4), np.arange(4.0)
    assert nb.call_kernel(_weighted, floats, np.float64(1.0)) == 6.0
    assert nb.call_kernel(_weighted, ints, np.int64(2)) == 12  # another dtype: its own overload
    frozen = np.arange(4.0)
    frozen.setflags(write=False)  # numba types a read-only array apart
    assert nb.calls._type_key(frozen) != nb.calls._type_key(floats)
    assert nb.call_kernel(_weighted, frozen, np.float64(1.0)) == 6.0
    assert nb.calls._type_key(2**63) != nb.calls._type_key(1)  # an int beyond int64 is typed uint64
    assert nb.calls._type_key([1, 2]) is None  # unknown: never cached


def test_a_kernel_closed_to_compilation_refuses_other_types_as_the_dispatcher_does():
    @njit
    def twice(a):
        return a * 2

    twice.compile((types.float64[::1],))
    twice.disable_compile()
    assert nb.call_kernel(twice, np.ones(2))[0] == 2.0
    with pytest.raises(TypeError):
        nb.call_kernel(twice, np.ones(2, dtype=np.int32))
