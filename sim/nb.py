"""The numba toolkit both games share: each trick the kernels use is written
and explained once, here.

Borrowed views (`sim._borrowed`: `borrow`, `borrow_shaped`, `borrow_row`,
`voidptr`): arrays without a reference count, for the kernels and built-in
bots. They unseal any array, so they live in a private module, not in this
bot-facing one (`sim.nb.borrow` etc. still work, with a DeprecationWarning).
`keep_alive` keeps a borrowed view's owner alive.

Read-only typing (`read_only`). The same array retyped read-only: numba refuses
to compile any code that writes to it. Bots get the state and their
parameters this way, at no run-time cost. This seals against mistakes, not
against intent: a bot is native code in this process (docs/concepts/trust-model.md).

Range assumptions (`assume_range`). numba fixes up negative array indices (a
compare and a select per access). Telling LLVM ``0 <= x < hi`` lets it prove
the indices built from x non-negative and drop the fix-ups (+10% in Luft). A
false assumption is undefined behaviour: assert only what the state guarantees.

Bit helpers (`popcount`, `lowest_bit`, `highest_bit`, `select_bit`): single
LLVM instructions (popcnt, tzcnt, lzcnt) on int64 bit masks, for occupancy
masks (Luft) and hands (Land unter). Callable from Python too. `select_bit`
(the k-th set bit) is one PDEP and a tzcnt where the CPU does PDEP in
hardware (`FAST_PDEP`: x86-64 with BMI2, not AMD before Zen 3, where it is
microcoded and slower than the branch-free search used elsewhere).

Plug-ins: the one way a bot that is not compiled into a kernel (a user's bot,
or a built-in too big to inline) is called from it. `plugin` compiles the
bot, behind the game's adapter (`state_view`, `param_row`), as a
`numba.cfunc` of the one signature `PLUGIN_SIG`: decide(phase, seat, address
of the state, address of the parameter table, u) -> action, written as a
module of its own so that numba's disk cache serves it to every later process. A cfunc object is a numba first-class
function value of type `PLUGIN_TYPE` (public API: numba passes it by its
``.address``), so a kernel compiled once for a tuple of `PLUGIN_TYPE` calls any
bot without recompiling. Passing addresses, not arrays, keeps a call to five
scalars in registers, with no reference counting (the adapter rebuilds the
views as borrowed, read-only arrays and has the bot inlined). A plug-in of a
user's bot (``checked``) is compiled with numba's bounds checking: an index
past the view or the parameter row raises instead of reading the engine's
private arrays beyond them; built-in bots are compiled unchecked, at full
speed. A bot that raises answers `BOT_RAISED` (numba loses an exception
raised in a first-class function on a worker thread); the engine reports it
by name. The reference engines call a user's bot through the very same
plug-in (`plugin_caller`), so both engines refuse and catch the same bots.

Stale-cache guard. numba's ``cache=True`` keys each function's on-disk cache
on that function's OWN source file (path, mtime, size). A kernel that inlines
a rule from another file, or a bot behind the built-in switch, is therefore
served from the cache after that other file was edited: the run plays the old
code while the store's fingerprint (which covers every file) already names
the new one. `refresh_stale_caches` closes that gap with the very file list and
fingerprint the store records: when they changed since the cache was written,
every cached function of the game and its bots is flushed and recompiles.
Both read a file once, when its code is loaded (`loaded_source`): an
edit while a process runs changes neither its fingerprints nor its salts.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import sys
import tempfile
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable

import numpy as np
from llvmlite import ir
from numba import carray, cfunc, njit, types
from numba.core import cgutils
from numba.core.errors import NumbaExperimentalFeatureWarning
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic

from sim import _borrowed

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


# ------------------------------------------------------------ views and ranges
@njit(cache=True)
def keep_alive(owners):
    """Use ``owners`` (a tuple of the arrays behind borrowed views) here, after
    the views' last use: numba frees an array after its own last use."""
    return len(owners)


@njit(cache=True, inline="always")
def add_moments(out, maxima, sums, squares, first, mat, g0, g1):
    """Add rows g0 .. g1-1 of each column j of the [game, column] integer array
    ``mat`` to the moments of column ``first + j`` of a kernel's chunk-sums
    vector (``sim/games/<game>/chunk_sums.py``), whose largest |x|, sums and
    sums of squares start at ``maxima``, ``sums``, ``squares``. Row by row into
    accumulators of its own, written to ``out`` once: updating ``out`` per
    value took 8% of the Luft kernel, column by column in registers over
    64-row blocks 33 ns per 28 columns, this 25."""
    k = mat.shape[1]
    s = np.zeros(k, np.int64)
    ss = np.zeros(k, np.int64)
    m = np.zeros(k, np.int64)
    for g in range(g0, g1):
        for j in range(k):
            x = np.int64(mat[g, j])
            s[j] += x
            ss[j] += x * x
            m[j] = max(m[j], abs(x))
    for j in range(k):
        out[sums + first + j] += s[j]
        out[squares + first + j] += ss[j]
        out[maxima + first + j] = max(out[maxima + first + j], m[j])


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


# ------------------------------------------------------------------ bit helpers
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
    import platform

    import llvmlite.binding as llvm
    from numba import config

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


# --------------------------------------------------------------------- plug-ins
# decide(phase, seat, address of the state, address of the parameter table (all seats), u) -> action
PLUGIN_SIG = types.int64(types.int64, types.int64, types.uintp, types.uintp, types.float64)
PLUGIN_TYPE = types.FunctionType(PLUGIN_SIG)
BOT_RAISED = -(2**62)  # a plug-in's answer when its bot raised


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
    folder = Path(__file__).with_name("__pycache__") / "plugins"
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


_ENTRIES: dict[tuple, object] = {}  # (kernel, argument type keys) -> its compiled entry point


def _type_key(a):
    """What decides numba's type of an argument, cheaply; None where this
    does not know (the call then always goes through the dispatcher)."""
    if isinstance(a, np.ndarray):
        f = a.flags
        return (a.dtype.str, a.ndim, f.c_contiguous, f.f_contiguous, f.writeable, f.aligned)
    if isinstance(a, tuple):
        keys = tuple(_type_key(x) for x in a)
        return None if None in keys else ("tuple", keys)
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
        from numba import typeof

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


# ----------------------------------------------------------- stale-cache guard
_SKIPPED = ("analyses", "commands", "commands.py")  # host-side code, never compiled in


def compiled_sources(package: Path, bot_folders: Iterable[Path]) -> list[Path]:
    """The files whose code decides a game's outcomes: the game's package
    (not its analyses or commands), its built-in bots' folders, the RNG,
    this toolkit and its borrowed views (all compiled into every kernel) and the registry (its
    MAX_PARAMS, the width of a parameter row, is compiled into every plug-in)."""
    package = Path(package)
    files = {p for p in package.rglob("*.py") if p.relative_to(package).parts[0] not in _SKIPPED}
    for folder in bot_folders:
        files.update(Path(folder).glob("*.py"))
    files.update(Path(__file__).with_name(name) for name in ("nb.py", "_borrowed.py", "rng.py", "registry.py"))
    return sorted(p.resolve() for p in files)


def fingerprint(files: Iterable[Path]) -> str:
    """sha256 (16 hex digits) over the names and `loaded_source` of ``files``:
    the code this process runs, not what the files hold on disk now."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(Path(path).name.encode() + b"\0" + loaded_source(path))
    return digest.hexdigest()[:16]


_LOADED: dict[Path, bytes] = {}  # resolved source file -> its contents when its code was loaded


def loaded_source(path, fresh: bool = False) -> bytes:
    """Source file ``path`` as this process loaded its code. Read when first
    asked: at the engine's import for the game's and built-in bots' files
    (`refresh_stale_caches`), at `sim.registry.load_bot_file` for a user bot
    file and the local modules it imports; kept until ``fresh`` (the file was
    executed again). A file edited while a process runs thus keeps the
    fingerprint of the code in memory, so no plug-in, result or checkpoint of
    the old code is stored under the new code's key; the next process reads
    it anew."""
    path = Path(path).resolve()
    if fresh or path not in _LOADED:
        _LOADED[path] = path.read_bytes()
    return _LOADED[path]


def refresh_stale_caches(tag: str, probe, module_prefixes: tuple[str, ...], sources: list[Path]) -> bool:
    """Flush numba's on-disk cache of every function in ``module_prefixes`` when
    ``sources`` changed since it was written; True if it flushed.

    Call it when the engine module is imported, before any kernel runs. The
    stamp (the fingerprint the cache was built from) lives in the cache folder
    of ``probe``, one of the game's cached dispatchers.
    """
    for path in sources:  # their code was just imported: from now on they count as this code (`loaded_source`)
        loaded_source(path)
    cache_path = getattr(getattr(probe, "_cache", None), "cache_path", None)
    if not cache_path:
        return False
    modules = [m for name, m in list(sys.modules.items()) if m is not None and name.startswith(module_prefixes)]
    return flush_when_changed(Path(cache_path) / f"{tag}-sources.sha256", sources, module_caches(modules))


def module_caches(modules) -> list:
    """The on-disk caches of the numba functions defined at the top of ``modules``."""
    from numba.core.registry import CPUDispatcher

    return [
        obj._cache
        for module in modules
        for obj in vars(module).values()
        if isinstance(obj, CPUDispatcher) and getattr(obj, "_cache", None) is not None
    ]


def flush_when_changed(stamp: Path, sources, caches) -> bool:
    """The one stale-cache guard: flush ``caches`` unless ``stamp`` holds the
    fingerprint of ``sources``; then record it. True if it flushed."""
    new = fingerprint(sources)
    try:
        if stamp.read_text().strip() == new:
            return False
    except OSError:
        pass
    for cache in caches:
        try:
            cache.flush()
        except OSError:  # a read-only install: nothing cached there to go stale
            pass
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(new + "\n")
    except OSError:
        pass
    return True
