"""Provenance: the fingerprint of the code that decides a run's games.

One module computes it for every caller — the store's cache keys, the
runner's checkpoint keys, the plug-ins' salts — from the sources as this
process loaded them (`sim.nb.loaded_source`).
"""

from __future__ import annotations

import hashlib
import inspect
from pathlib import Path

import numpy as np

from sim import nb
from sim.games import get_game
from sim.local_imports import local_imports


def engine_fingerprint(game, bots=()) -> str:
    """sha256 of the code that decides a game's outcomes with these bots
    (`engine_files`). Part of every cache and checkpoint key, so a stored
    result or chunk is never reused after that code changed (the git commit
    alone misses uncommitted edits, and changes when only docs changed).
    Of the code as this process loaded it (`sim.nb.loaded_source`): an edit
    on disk after the import counts from the next process on."""
    return nb.fingerprint(engine_files(game, bots))


def play_fingerprint(game, seats) -> str:
    """`engine_fingerprint` of the seats' bots plus every seat's parameter
    vector: what the seats play, not what they are called. A spec such as
    `trained` or `policy:file=…` names other weights once its file changed,
    so a result stored under the same spec must not be served again."""
    h = hashlib.sha256(engine_fingerprint(game, [s.bot for s in seats]).encode())
    for seat in seats:
        h.update(np.ascontiguousarray(seat.params, dtype=np.float64).tobytes())
        h.update(b"|")
    return h.hexdigest()


def engine_files(game, bots=()) -> list[Path]:
    """The game's package (not its analyses or commands), the RNG, the
    folders of its built-in bots (they share the compiled switch), the
    files of the given bots and, for user bots, every local module their
    file imports (`sim.local_imports`). Bots loaded but not playing do not
    count, so loading a bot file does not change the key of other runs."""

    def source(bot) -> Path | None:
        path = inspect.getsourcefile(getattr(bot.fn, "py_func", bot.fn))
        return Path(path) if path else None

    package = Path(inspect.getsourcefile(game.rules_cls)).parent
    builtin_dirs = {source(game.registry.get(n)).parent for n in game.registry.names() if game.registry.get(n).builtin_id >= 0}
    files = set(nb.compiled_sources(package, builtin_dirs))
    files.update(p.resolve() for p in map(source, bots) if p is not None)
    for bot in bots:
        if bot.builtin_id < 0 and (path := source(bot)) is not None:
            files.update(p.resolve() for p in local_imports(path))
    return sorted(files)


def plugin_salt(game_name: str, bot) -> str:
    """The salt of ``bot``'s plug-in in game ``game_name`` (`sim.nb.plugin`):
    the fingerprint of every source the bot's code depends on."""
    return engine_fingerprint(get_game(game_name), [bot])
