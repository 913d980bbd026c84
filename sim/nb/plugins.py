"""Plug-ins: the one way a bot that is not compiled into a kernel (a user's
bot, or a built-in too big to inline) is called from it.

`plugin` compiles the bot, behind the game's adapter (`sim.nb.views`:
`state_view`, `param_row`), as a `numba.cfunc` of the one signature
`PLUGIN_SIG`: decide(phase, seat, address of the state, address of the
parameter table, u) -> action, written as a module of its own so that numba's
disk cache serves it to every later process. A cfunc object is a numba
first-class function value of type `PLUGIN_TYPE` (public API: numba passes it
by its ``.address``), so a kernel compiled once for a tuple of `PLUGIN_TYPE`
calls any bot without recompiling. Passing addresses, not arrays, keeps a
call to five scalars in registers, with no reference counting (the adapter
rebuilds the views as borrowed, read-only arrays and has the bot inlined). A
plug-in of a user's bot (``checked``) is compiled with numba's bounds
checking: an index past the view or the parameter row raises instead of
reading the engine's private arrays beyond them; built-in bots are compiled
unchecked, at full speed. A bot that raises answers `BOT_RAISED` (numba loses
an exception raised in a first-class function on a worker thread); the
engine reports it by name. The reference engines call a user's bot through
the very same plug-in (`plugin_caller`), so both engines refuse and catch the
same bots. Which bot gets which plug-in, in every game: `sim.plugins`.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import sys
import tempfile
from pathlib import Path

import numpy as np
from numba import cfunc, types

# decide(phase, seat, address of the state, address of the parameter table (all seats), u) -> action
PLUGIN_SIG = types.int64(types.int64, types.int64, types.uintp, types.uintp, types.float64)
PLUGIN_TYPE = types.FunctionType(PLUGIN_SIG)
BOT_RAISED = -(2**62)  # a plug-in's answer when its bot raised


_PLUGIN_SOURCE = '''"""The plug-in of bot {owner}, salt {salt}: written by sim.nb.plugin, safe to delete."""

from numba import cfunc, njit

from sim import nb

bot = njit(inline="always", boundscheck={checked})(nb.pending_bot({name!r}))


@njit(boundscheck={checked})
def views(phase, seat, st_addr, params_addr, u):
    return {call}


@cfunc(nb.PLUGIN_SIG, cache=True)
def plugged(phase, seat, st_addr, params_addr, u):
    try:
        return views(phase, seat, st_addr, params_addr, u)
    except Exception:
        return nb.BOT_RAISED
'''
_PENDING: dict[str, object] = {}


def plugin(fn, call: str, salt: str, owner: str, checked: bool = False):
    """Bot ``fn`` as a plug-in: a cfunc of `PLUGIN_SIG`, cached on disk.
    Compiles now (or loads from the cache); raises what numba raises.
    ``checked``: with numba's bounds checking in the bot's own code (and in
    what it inlines), for a user's bot: an index outside the view or the
    parameter row then raises (`BOT_RAISED`) instead of reading or writing
    whatever lies beyond. A helper the bot calls that numba compiles as a
    function of its own keeps that function's own setting.

    ``call``: the game's adapter, an expression in ``phase, seat, st_addr,
    params_addr, u`` that rebuilds the bot's views (`state_view`,
    `param_row`) and calls ``bot`` (inlined). ``salt``: the fingerprint of
    every source the bot's code depends on (`sim.provenance.plugin_salt` of
    the game with this bot). ``owner`` names the bot (game and bot name).

    The plug-in is written as a small module of its own, named after owner and
    salt (under ``__pycache__/plugins`` beside this file), and numba caches it
    there like any module's function: a closure would not do, since numba
    keys a cached closure on its captured values, and a captured dispatcher
    pickles with a per-process id, so every new process compiled every
    plug-in afresh. An edit to any source the bot depends on changes the salt,
    hence the module, and compiles afresh; the owner's modules and cache
    entries of other salts are deleted. The ``try`` sits one level above the
    bot: numba cannot catch what an ``inline="always"`` callee raises."""
    owner = re.sub(r"\W", "_", owner)
    name = f"plugin_{owner}_{salt}"
    folder = _plugin_folder()
    path = folder / f"{name}.py"
    source = _PLUGIN_SOURCE.format(owner=owner, salt=salt, name=name, call=call, checked=bool(checked))
    if not path.exists() or path.read_text() != source:
        scratch = folder / f".{name}.{os.getpid()}.tmp"
        scratch.write_text(source)
        os.replace(scratch, path)  # atomic: a concurrent process sees the whole file or none
    _PENDING[name] = getattr(fn, "py_func", fn)
    spec = importlib.util.spec_from_file_location(f"_deepsim_{name}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # numba finds a cached function's module by name
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[spec.name]
        raise
    _drop_other_salts(folder, owner, salt)
    return module.plugged


def pending_bot(name: str):
    """The Python function of the bot whose plug-in module ``name`` is being loaded."""
    return _PENDING[name]


_ENGINE_SIDE = "_deepsim_engine_side"


def engine_side(fn):
    """Mark ``fn`` as a function of the engines' own (a caller built by
    `plugin_caller`, a wrapper that records or hooks bot calls, a test's
    spy): the reference engines call it as it is. Every other function of a
    bot without a built-in id is called through its plug-in."""
    setattr(fn, _ENGINE_SIDE, True)
    return fn


def is_engine_side(fn) -> bool:
    return bool(getattr(fn, _ENGINE_SIDE, False))


class CompiledBotRaised(RuntimeError):
    """A bot raised in its compiled plug-in but not as pure Python with the same arguments."""


def plugin_caller(plugged, fn, width: int, phase: bool):
    """Bot ``fn``'s decide function as the reference engines call it: through
    its compiled plug-in ``plugged``, so that both engines run the same code,
    refuse the same bots (compiling the plug-in is the test) and catch the
    same out-of-bounds index. Arguments as the bot takes them: ``(phase,
    seat, st, params, u)`` if ``phase`` else ``(seat, st, params, u)``;
    ``params`` is the seat's row of ``width`` floats. When the plug-in
    answers `BOT_RAISED`, the bot's pure Python function is called with the
    same arguments for the reason (numpy names an index out of bounds)."""
    call = plugged.ctypes
    py = getattr(fn, "py_func", fn)

    def decide(*args):
        ph, (seat, st, params, u) = (args[0], args[1:]) if phase else (0, args)
        st = np.ascontiguousarray(st, dtype=np.int64)
        row = np.zeros(width) if params.size < width else np.ascontiguousarray(params, dtype=np.float64)
        if params.size < width:
            row[: params.size] = params
        table = row.ctypes.data - 8 * width * int(seat)  # param_row adds it back: the plug-in reads this row
        action = call(int(ph), int(seat), st.ctypes.data, table, float(u))
        if action == BOT_RAISED:
            py(*args)
            raise CompiledBotRaised("it raised in compiled code (numba keeps no message; as pure Python it did not raise)")
        return action

    return engine_side(decide)


def _plugin_folder() -> Path:
    folder = Path(__file__).parents[1] / "__pycache__" / "plugins"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # a read-only install: a folder of this user's own
        folder = Path(tempfile.gettempdir()) / f"deepsim-plugins-{os.getuid()}"
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def _drop_other_salts(folder: Path, owner: str, salt: str) -> None:
    """Delete ``owner``'s plug-in modules and their numba cache entries of
    other salts (each edit of the code a bot depends on would leave one behind)."""
    entry = re.compile(rf"plugin_{re.escape(owner)}_([0-9a-f]+)[.-]")
    for path in [*folder.glob(f"plugin_{owner}_*"), *(folder / "__pycache__").glob(f"plugin_{owner}_*")]:
        found = entry.match(path.name)
        if found and found.group(1) != salt:
            path.unlink(missing_ok=True)


@functools.cache
def no_bot():
    """The plug-in in the slots of seats whose bot is compiled in (never called)."""
    return cfunc(PLUGIN_SIG, cache=True)(_answer_nothing)


def _answer_nothing(phase, seat, st_addr, params_addr, u):
    return -1
