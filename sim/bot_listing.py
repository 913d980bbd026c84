"""What `sim <game> bots` prints, without loading numba.

Importing a game's bots loads numba and builds every dispatcher (about 0.9
CPU-s); the list itself (names, parameters, rules) is a few kilobytes. It
is kept in a JSON file in ``sim/__pycache__``, valid while the files that
define it are unchanged (a fingerprint of every source and preset under
``sim`` and ``strategies``) and no installed package adds bots through the
game's entry-point group; otherwise the bots are imported and the file
rewritten. Bots from ``--bot-file`` are not in it (the command lists those
from the registry), and it is not written while such bots are registered.
Once the bots are imported in this process (a test, a notebook, a bot file
registered more), the live registry is listed, never the file: a bot
registered at run time is never hidden by it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from importlib.metadata import entry_points
from pathlib import Path

from sim.games import get_game

CACHE_DIR = Path(__file__).resolve().parent / "__pycache__"
PACKAGES = ("sim", "strategies")
SUFFIXES = (".py", ".json")


def describe(registry) -> list[dict]:
    """Every bot of ``registry`` as `sim <game> bots --json` lists it, the
    outside agents (`sim.envs`) last; ``slow``: the slow tier (a search
    whose every game costs a thousand of the others': the game's
    ``slow_bots`` and every outside agent)."""
    slow = set(get_game(registry.game).slow_bots) | set(registry.outside)
    return [
        {
            "name": b.name,
            "doc": b.doc,
            "params": [
                {"name": p.name, "default": p.default, "low": p.low, "high": p.high, "integer": p.integer} for p in b.params
            ],
            "slow": b.name in slow,
        }
        for b in map(registry.get, registry.names() + sorted(registry.outside))
    ]


def sources() -> list[Path]:
    """The files the listing is built from: every source and preset of the
    packages that register bots or define what they list."""
    files = []
    for package in PACKAGES:
        for folder in importlib.util.find_spec(package).submodule_search_locations:
            files += (p for p in Path(folder).rglob("*") if p.suffix in SUFFIXES and "__pycache__" not in p.parts)
    return sorted(files)


def fingerprint(files: list[Path]) -> str:
    """sha256 over the paths and contents of ``files``."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def ours(fn) -> bool:
    """``fn`` is defined in one of PACKAGES (not a bot file or a test's bot, which the cache must not keep)."""
    module = getattr(getattr(fn, "py_func", fn), "__module__", None) or ""
    return module.split(".")[0] in PACKAGES


def plugins_installed(group: str) -> bool:
    """Some installed package adds bots to ``group`` (they may change without our sources)."""

    return bool(entry_points(group=group))


def listing(game: str) -> list[dict]:
    """The built-in and plug-in bots of ``game``: from the cache when it is
    current, else imported (and the cache rewritten)."""
    path = CACHE_DIR / f"bots-{game}.json"
    stamp = fingerprint(sources())
    try:
        cached = json.loads(path.read_text())
        live = sys.modules.get(cached["registry_module"])
        if live is not None:  # imported here already: what is registered now, bots added at run time too
            return describe(get_game(game).registry)
        if cached["fingerprint"] == stamp and not plugins_installed(cached["entry_group"]):
            return cached["bots"]
    except (OSError, ValueError, KeyError, TypeError):
        pass

    registry = get_game(game).registry
    bots = describe(registry)
    if all(ours(bot.fn) for bot in registry.bots.values()) and not plugins_installed(registry.entry_group):
        data = {
            "fingerprint": stamp,
            "entry_group": registry.entry_group,
            "registry_module": _registry_package(registry),
            "bots": bots,
        }
        try:
            path.parent.mkdir(exist_ok=True)
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_text(json.dumps(data))
            os.replace(part, path)  # readers see the old file or the new one, never half of it
        except OSError:  # a read-only install: list from the import every time
            pass
    return bots


def _registry_package(registry) -> str:
    """The package whose import registers the built-in bots of ``registry`` (its first bot's package)."""
    module = getattr(getattr(next(iter(registry.bots.values())).fn, "py_func", None), "__module__", "")
    return module.rpartition(".")[0]
