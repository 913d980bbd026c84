"""The numba toolkit every game shares: each trick the kernels use is
written and explained once, in the module of its job.

- `sim.nb.views`: read-only typing (`read_only`), range assumptions
  (`assume_range`), the plug-in adapter's views of an address
  (`state_view`, `param_row`) and `keep_alive` for a borrowed view's owner.
- `sim.nb.bits`: `popcount`, `lowest_bit`, `highest_bit`, `select_bit`.
- `sim.nb.moments`: `add_moments`, a kernel's chunk sums.
- `sim.nb.plugins`: a bot that is not compiled into a kernel, as a plug-in
  (`plugin`), and how the reference engines call it (`plugin_caller`).
- `sim.nb.calls`: calling a kernel without numba's typing of every argument
  (`call_kernel`), and `first_class_calls`.
- `sim.nb.cache`: the code fingerprint and the stale-cache guard.

Every name stays importable from `sim.nb` itself, as bots and engines have
always written it (``from sim.nb import popcount``). Borrowed views
(`sim._borrowed`) unseal any array, so they live in a private module
(`sim.nb.borrow` etc. still work, with a DeprecationWarning).
"""

from __future__ import annotations

import warnings

from sim import _borrowed
from sim.nb.bits import FAST_PDEP, highest_bit, lowest_bit, pdep, popcount, select_bit
from sim.nb.cache import (
    compiled_sources,
    fingerprint,
    flush_when_changed,
    loaded_source,
    module_caches,
    refresh_stale_caches,
)
from sim.nb.calls import call_kernel, first_class_calls
from sim.nb.moments import add_moments
from sim.nb.plugins import (
    BOT_RAISED,
    PLUGIN_SIG,
    PLUGIN_TYPE,
    CompiledBotRaised,
    engine_side,
    is_engine_side,
    no_bot,
    pending_bot,
    plugin,
    plugin_caller,
)
from sim.nb.views import assume_range, keep_alive, param_row, read_only, state_view

__all__ = [
    "BOT_RAISED",
    "FAST_PDEP",
    "PLUGIN_SIG",
    "PLUGIN_TYPE",
    "CompiledBotRaised",
    "add_moments",
    "assume_range",
    "call_kernel",
    "compiled_sources",
    "engine_side",
    "fingerprint",
    "first_class_calls",
    "flush_when_changed",
    "highest_bit",
    "is_engine_side",
    "keep_alive",
    "loaded_source",
    "lowest_bit",
    "module_caches",
    "no_bot",
    "param_row",
    "pdep",
    "pending_bot",
    "plugin",
    "plugin_caller",
    "popcount",
    "read_only",
    "refresh_stale_caches",
    "select_bit",
    "state_view",
]

_MOVED = ("borrow", "borrow_shaped", "borrow_row", "voidptr")


def __getattr__(name):
    """The borrowed-view helpers, moved to the private `sim._borrowed`: they
    unseal any array, so they are not part of the bot-facing API."""
    if name in _MOVED:
        warnings.warn(
            f"sim.nb.{name} is deprecated and not part of the bot API: it makes the read-only view writable; "
            f"the engines' own code imports it from sim._borrowed",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(_borrowed, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
