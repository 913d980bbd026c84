"""Each game's bots as plug-ins: one table for every game and both engines.

A game describes its bots' call once (`Adapter`: its name, the size of the
state view, whether its bots take a phase first); `plugin_of` compiles a
bot's plug-in (`sim.nb.plugin`) behind that adapter, once per process, and
both engines take it from here: the compiled engine in its plug-in slots
(`plugin_slots`), the reference engine through `deciders`, so both refuse
and catch the same bots with the same words. The reference engine thus
needs no import of the compiled one.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from typing import Callable

from numba import types

from sim import nb
from sim.numba_errors import short_reason
from sim.provenance import plugin_salt
from sim.registry import MAX_PARAMS, BotCompileError, NotNjitBot
from sim.sealed import ViewWriteError, refuse_writes

_READ_ONLY_ROW = types.Array(types.float64, 1, "C", readonly=True)
_READ_ONLY_STATE = types.Array(types.int64, 1, "C", readonly=True)


@dataclass(frozen=True)
class Adapter:
    """How a game's bots are called: ``decide(phase, seat, st, params, u)``
    if ``phase`` else ``decide(seat, st, params, u)``, ``st`` the game's
    int64 state view of ``state_size``, ``params`` the seat's row.

    ``njit_only``: a bot must be an @njit function, and it is compiled alone
    first, so numba's error points at the user's line (inlined into the
    plug-in it would not) and a write to its views is a `ViewWriteError`.
    Without it a plain function is compiled as njit, and ``explain_refusal``
    (the error and the bot's function -> a reason, or None) may word why
    numba refused it."""

    game: str
    state_size: int
    phase: bool
    njit_only: bool = True
    explain_refusal: Callable | None = None

    @property
    def decide(self) -> str:
        """The bot's call, as the error messages name it."""
        return f"decide({'phase, ' if self.phase else ''}seat, st, params, u)"

    @property
    def call(self) -> str:
        """The plug-in's call of the bot: its views rebuilt from the addresses."""
        first = "phase, " if self.phase else ""
        return f"bot({first}seat, nb.state_view(st_addr, {self.state_size}), nb.param_row(params_addr, seat, {MAX_PARAMS}), u)"

    @property
    def signature(self):
        """A bot's own numba signature: its view and parameter row read-only."""
        args = (types.int64,) * (2 if self.phase else 1) + (_READ_ONLY_STATE, _READ_ONLY_ROW, types.float64)
        return types.int64(*args)


_PLUGINS: dict[tuple[str, object], object] = {}  # (game, bot function) -> its plug-in


def plugin_of(bot, adapter: Adapter):
    """``bot``'s plug-in in the game of ``adapter``, compiled once per
    process (and cached on disk); a user's bot is bounds-checked."""
    fn, name = bot.fn, bot.name
    key = (adapter.game, fn)
    if key not in _PLUGINS:
        if adapter.njit_only and not hasattr(fn, "py_func"):
            raise NotNjitBot(f"bot {name!r} is not an @njit function; the compiled engine runs @njit bots only")
        try:
            with refuse_writes(name, fn) if adapter.njit_only else nullcontext():
                if adapter.njit_only:
                    fn.compile(adapter.signature)
                salt = plugin_salt(adapter.game, bot)
                _PLUGINS[key] = nb.plugin(fn, adapter.call, salt, f"{adapter.game}_{name}", checked=bot.builtin_id < 0)
        except ViewWriteError:
            raise
        except Exception as exc:
            reason = (adapter.explain_refusal(exc, fn) if adapter.explain_refusal else None) or short_reason(exc)
            raise BotCompileError(f"bot {name!r} does not compile as an njit {adapter.decide} -> int: {reason}") from None
    return _PLUGINS[key]


def plugin_slots(seats, adapter: Adapter, slots: int):
    """None if every seat has a built-in bot; else a batch's plug-ins,
    ``slots`` long: seat s's bot where it has no built-in id, a placeholder
    (`sim.nb.no_bot`) elsewhere."""
    if all(s.bot.builtin_id >= 0 for s in seats):
        return None
    fns = [plugin_of(s.bot, adapter) if s.bot.builtin_id < 0 else nb.no_bot() for s in seats]
    return tuple(fns + [nb.no_bot()] * (slots - len(fns)))


_CALLERS: dict[tuple[str, object], Callable] = {}  # (game, bot function) -> its caller for the reference engine


def sealed(bot, adapter: Adapter) -> Callable:
    """The function both engines run for ``bot``: a built-in's own (or an
    engine-side function, `sim.nb.engine_side`); a user's bot through its
    plug-in (compiled then: the compiled engine's refusal is the reference
    engine's, word for word), via `sim.nb.plugin_caller` (bounds-checked as
    in the compiled engine)."""
    if bot.builtin_id >= 0 or nb.is_engine_side(bot.fn):
        return bot.fn
    key = (adapter.game, bot.fn)
    if key not in _CALLERS:
        _CALLERS[key] = nb.plugin_caller(plugin_of(bot, adapter), bot.fn, MAX_PARAMS, phase=adapter.phase)
    return _CALLERS[key]


def deciders(seats, adapter: Adapter) -> list:
    """Each seat's decide function for a reference engine (`sealed`)."""
    return [sealed(s.bot, adapter) for s in seats]
