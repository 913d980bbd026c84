"""Bot registry shared by every game: names, parameters, ranges, spec strings.

A bot is an njit decision function plus metadata. Its parameters travel to the
kernel as a float vector, so changing a parameter never recompiles. A spec
string such as ``threshold:t=2`` selects a bot and sets its parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points

import numpy as np

MAX_PARAMS = 256  # room for a trained policy's weights, one block per player count


class BotError(ValueError):
    """A bot spec names an unknown bot or a bad parameter."""


class BotCompileError(BotError):
    """A bot's code does not compile for the engine (raised before any game is played)."""


class NotNjitBot(BotCompileError, TypeError):
    """A bot function the compiled engine cannot call: it is not an @njit function."""


class IllegalBotAction(ValueError):
    """A bot chose an action the rules forbid; each game's engines raise a subclass."""


@dataclass(frozen=True)
class Param:
    name: str
    default: float
    low: float
    high: float
    integer: bool = False
    doc: str = ""


@dataclass(frozen=True)
class Bot:
    name: str
    fn: object
    params: tuple[Param, ...]
    doc: str
    builtin_id: int
    # options(values: {key: text}, players: int | None) -> parameter vector, for a bot
    # whose spec takes text options (a weight file, a preset) instead of numeric Params;
    # players: the table's player count when the caller knows it
    options: object = None

    def vector(self, values: dict[str, float]) -> np.ndarray:
        """Parameter vector (length MAX_PARAMS) with defaults filled in."""
        vec = np.zeros(MAX_PARAMS)
        for i, p in enumerate(self.params):
            vec[i] = values.get(p.name, p.default)
        return vec


@dataclass(frozen=True)
class Seat:
    """One seat's bot as parsed from a spec string. Its parameter vector is
    frozen: a bot handed it (the terminal table does) cannot change its own
    later play by writing to it."""

    spec: str
    bot: Bot
    params: np.ndarray

    def __post_init__(self):
        params = np.array(self.params, dtype=np.float64)
        params.flags.writeable = False
        object.__setattr__(self, "params", params)


@dataclass
class Registry:
    """All bots of one game; `entry_group` lets third-party packages add bots."""

    game: str
    entry_group: str
    bots: dict[str, Bot] = field(default_factory=dict)
    _plugins_loaded: bool = False
    # adapt(name, fn) -> fn: the game's shim for a bot written against an earlier bot interface
    adapt: object = None
    # agents written by others that play through sim.envs (slow): parsed and listed
    # like any bot, but no default field or every-bot test counts them
    outside: dict[str, Bot] = field(default_factory=dict)

    def __post_init__(self):
        _REGISTRIES.append(self)

    def register(self, name, params=(), builtin_id=-1, options=None, doc=None, outside=False):
        """Decorator: register an njit decision function under ``name``
        (``doc`` replaces its docstring in `sim <game> bots`; ``outside``: an
        outside agent, kept in `outside`)."""

        def deco(fn):
            if name in self.bots or name in self.outside:
                raise BotError(f"bot {name!r} is registered twice for {self.game}; give each bot a name of its own")
            text = " ".join((doc or getattr(fn, "__doc__", None) or "").split())
            if outside:
                self.outside[name] = Bot(name, fn, tuple(params), text, builtin_id, options)
                return fn
            plays = self.adapt(name, fn) if self.adapt is not None else fn
            self.bots[name] = Bot(name, plays, tuple(params), text, builtin_id, options)
            return fn

        return deco

    def load_plugins(self):
        if self._plugins_loaded:
            return
        self._plugins_loaded = True
        for ep in entry_points(group=self.entry_group):
            ep.load()

    def names(self) -> list[str]:
        self.load_plugins()
        return sorted(self.bots)

    def get(self, name: str) -> Bot:
        self.load_plugins()
        if name in self.outside:
            return self.outside[name]
        if name not in self.bots:
            choices = ", ".join(self.names() + sorted(self.outside))
            raise BotError(f"unknown bot {name!r} for {self.game}; choose one of: {choices}")
        return self.bots[name]

    def parse(self, spec: str, players: int | None = None) -> Seat:
        """Parse ``name`` or ``name:key=value:key=value`` (the documented form;
        ``;`` between parameters still works for old scripts); ``players``: the
        table it will sit at, when known (a weight file trained for another
        count warns)."""
        spec = spec.strip()
        name, _, rest = spec.partition(":")
        bot = self.get(name.strip())
        values: dict[str, float] = {}
        known = {p.name: p for p in bot.params}
        if bot.options is not None:
            return Seat(spec, bot, bot.options(spec_options(spec, rest), players))
        for item in filter(None, (s.strip() for s in rest.replace(":", ";").split(";"))):
            key, eq, raw = item.partition("=")
            key = key.strip()
            if not eq:
                raise BotError(f"bot parameter {item!r} in {spec!r} needs the form key=value")
            if key in values:
                raise BotError(f"bot parameter {key} is given twice in {spec!r}; give each parameter once")
            if key not in known:
                choices = ", ".join(known) or "none"
                raise BotError(f"bot {bot.name!r} has no parameter {key!r}; parameters: {choices}")
            p = known[key]
            try:
                value = float(raw)
            except ValueError:
                raise BotError(f"bot parameter {key}={raw!r} in {spec!r} is not a number") from None
            if p.integer and value != int(value):
                raise BotError(f"bot parameter {key}={raw} must be a whole number")
            if not p.low <= value <= p.high:
                raise BotError(f"bot parameter {key}={raw} is out of range [{p.low:g}, {p.high:g}] for {bot.name!r}")
            values[key] = value
        return Seat(spec, bot, bot.vector(values))

    def parse_specs(self, specs: str | list[str]) -> list[str]:
        """A list of specs (text is split on commas), each checked, so a bad
        one raises before any game is played."""
        specs = split_specs(specs) if isinstance(specs, str) else list(specs)
        for spec in specs:
            self.parse(spec)
        return specs

    def parse_seats(self, specs: str | list[str], players: int) -> list[Seat]:
        """One spec for every seat, or exactly one spec per seat."""
        if isinstance(specs, str):
            specs = split_specs(specs)
        if len(specs) == 1:
            specs = specs * players
        if len(specs) != players:
            raise BotError(f"got {len(specs)} bot specs for {players} players; give one spec for all seats or exactly {players}")
        return [self.parse(s, players) for s in specs]


_REGISTRIES: list[Registry] = []  # every registry made (one per game)


def _registered() -> dict[tuple[int, str], Bot]:
    """Every registered bot, by (registry, name)."""
    return {(id(reg), name): bot for reg in _REGISTRIES for name, bot in reg.bots.items()}


def _refuse_replaced(path, before: dict, module) -> None:
    """Undo and refuse a bot file's change to bots registered before it loaded
    (a replaced or removed built-in would change every run that seats it),
    and refuse a built-in id on a function of the file (a registry the file
    itself imported first had no bots to compare with before)."""
    by_id = {id(reg): reg for reg in _REGISTRIES}
    changed = []
    for (key, name), bot in before.items():
        reg = by_id[key]
        if reg.bots.get(name) is not bot:
            reg.bots[name] = bot
            changed.append(f"{name!r} of {reg.game}")
    for reg in _REGISTRIES:
        for name, bot in reg.bots.items():
            mine = getattr(getattr(bot.fn, "py_func", bot.fn), "__module__", None) == module.__name__
            if mine and bot.builtin_id >= 0 and f"{name!r} of {reg.game}" not in changed:
                changed.append(f"{name!r} of {reg.game}")
    if changed:
        raise BotError(
            f"bot file {str(path)!r} replaces or removes the registered bot {', '.join(changed)}; "
            "a bot file may only add bots, under names of their own"
        )


def spec_options(spec: str, rest: str) -> dict[str, str]:
    """The ``key=text`` options after a bot's name, as text (a path may hold ``:``
    only when it is the last option)."""
    values: dict[str, str] = {}
    while rest.strip():
        item, _, rest = rest.partition(":")
        key, eq, raw = item.partition("=")
        if not eq:
            raise BotError(f"bot option {item!r} in {spec!r} needs the form key=value")
        if key.strip() in values:
            raise BotError(f"bot option {key.strip()} is given twice in {spec!r}; give each option once")
        if key.strip() == "file":  # the rest is the path
            raw, rest = raw + (":" + rest if rest else ""), ""
        values[key.strip()] = raw.strip()
    return values


def split_specs(text: str) -> list[str]:
    """Split ``a:t=1,b,c:x=2:y=3`` into specs; a ``key=value`` part after a comma
    stays with its bot (``c:x=2,y=3`` is read as ``c:x=2:y=3``)."""
    specs: list[str] = []
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts) and any(parts):
        raise BotError(f"an empty bot spec in {text!r} (a stray comma?); give the specs as a,b,c")
    for part in parts:
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += ":" + part
        else:
            specs.append(part)
    if not specs:
        raise BotError("no bot spec given; e.g. --bots threshold:t=2")
    return specs


_LOADED_BOT_FILES: dict[str, object] = {}


def bot_file_of(bot: Bot) -> str | None:
    """The ``--bot-file`` path a bot was loaded from, or None (built-in or installed)."""
    module = getattr(getattr(bot.fn, "py_func", bot.fn), "__module__", None)
    return next((path for path, mod in _LOADED_BOT_FILES.items() if mod.__name__ == module), None)


def load_bot_file(path) -> object:
    """Import a user's bot file so its ``@register`` calls run; returns the module.

    The module gets a stable name derived from the file's resolved path (so
    numba's on-disk cache finds it again in the next process). Modules next
    to the file can be imported by it (its folder is on ``sys.path`` while it
    loads); numba's cache of it is refreshed when one of those changed
    (`sim.local_imports`). Loading the same file twice is a no-op. A missing
    file or one that fails to import raises a one-line BotError. The file and
    the local modules it imported anew are read now (`sim.nb.loaded_source`),
    so the fingerprints name the code that runs.
    """
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    import hashlib
    import importlib.util
    import sys
    from pathlib import Path

    from sim import nb
    from sim.local_imports import local_imports, refresh_numba_caches

    p = Path(path).expanduser()
    if not p.is_file():
        raise BotError(f"bot file {str(path)!r} does not exist")
    key = str(p.resolve())
    if key in _LOADED_BOT_FILES:
        return _LOADED_BOT_FILES[key]
    digest = hashlib.sha1(key.encode()).hexdigest()[:10]
    name = f"_deepsim_botfile_{''.join(c if c.isalnum() else '_' for c in p.stem)}_{digest}"
    spec = importlib.util.spec_from_file_location(name, p)
    if spec is None or spec.loader is None:
        raise BotError(f"bot file {str(path)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    folder = str(p.resolve().parent)
    sys.path.insert(0, folder)
    before = set(sys.modules)
    registered = _registered()
    try:
        spec.loader.exec_module(module)
        _refuse_replaced(path, registered, module)
    except BotError as exc:
        sys.modules.pop(name, None)
        raise BotError(str(exc) if str(path) in str(exc) else f"bot file {str(path)!r}: {exc}") from None
    except Exception as exc:  # any import failure, reported in one line
        sys.modules.pop(name, None)
        msg = " ".join(str(exc).split()) or type(exc).__name__
        raise BotError(f"bot file {str(path)!r} failed to import: {type(exc).__name__}: {msg}") from None
    finally:
        sys.path.remove(folder)
    imported = [getattr(m, "__file__", None) for n, m in list(sys.modules.items()) if n not in before]
    executed = {Path(f).resolve() for f in imported if isinstance(f, str)}
    for source in [p, *(dep for dep in local_imports(p) if dep in executed)]:  # just run: read anew
        nb.loaded_source(source, fresh=True)
    refresh_numba_caches(module, p)
    _LOADED_BOT_FILES[key] = module
    return module
