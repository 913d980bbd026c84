"""The numba toolkit both games share.

Stale-cache guard. numba's ``cache=True`` keys each function's on-disk cache
on that function's OWN source file (path, mtime, size). A kernel that inlines
a rule from another file, or a bot behind the built-in switch, is therefore
served from the cache after that other file was edited: the run plays the old
code while the store's fingerprint (which covers every file) already names
the new one. `refresh_stale_caches` closes that gap with the very file list and
fingerprint the store records: when they changed since the cache was written,
every cached function of the game and its bots is flushed and recompiles.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Iterable

_SKIPPED = ("analyses", "commands", "commands.py")   # host-side code, never compiled in


def compiled_sources(package: Path, bot_folders: Iterable[Path]) -> list[Path]:
    """The files whose code decides a game's outcomes: the game's package
    (not its analyses or commands), its built-in bots' folders and the RNG."""
    package = Path(package)
    files = {p for p in package.rglob("*.py") if p.relative_to(package).parts[0] not in _SKIPPED}
    for folder in bot_folders:
        files.update(Path(folder).glob("*.py"))
    files.add(Path(__file__).with_name("rng.py"))
    return sorted(p.resolve() for p in files)


def fingerprint(files: Iterable[Path]) -> str:
    """sha256 (16 hex digits) over the names and contents of ``files``."""
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def refresh_stale_caches(tag: str, probe, module_prefixes: tuple[str, ...], sources: list[Path]) -> bool:
    """Flush numba's on-disk cache of every function in ``module_prefixes`` when
    ``sources`` changed since it was written; True if it flushed.

    Call it when the engine module is imported, before any kernel runs. The
    stamp (the fingerprint the cache was built from) lives in the cache folder
    of ``probe``, one of the game's cached dispatchers.
    """
    cache_path = getattr(getattr(probe, "_cache", None), "cache_path", None)
    if not cache_path:
        return False
    modules = [m for name, m in list(sys.modules.items()) if m is not None and name.startswith(module_prefixes)]
    return flush_when_changed(Path(cache_path) / f"{tag}-sources.sha256", sources, module_caches(modules))


def module_caches(modules) -> list:
    """The on-disk caches of the numba functions defined at the top of ``modules``."""
    from numba.core.registry import CPUDispatcher

    return [obj._cache for module in modules for obj in vars(module).values()
            if isinstance(obj, CPUDispatcher) and getattr(obj, "_cache", None) is not None]


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
        except OSError:          # a read-only install: nothing cached there to go stale
            pass
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(new + "\n")
    except OSError:
        pass
    return True
