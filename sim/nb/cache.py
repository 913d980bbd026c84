"""The code fingerprint and the stale-cache guard.

numba's ``cache=True`` keys each function's on-disk cache on that function's
OWN source file (path, mtime, size). A kernel that inlines a rule from
another file, or a bot behind the built-in switch, is therefore served from
the cache after that other file was edited: the run plays the old code while
the store's fingerprint (which covers every file) already names the new one.
`refresh_stale_caches` closes that gap with the very file list and
fingerprint the store records: when they changed since the cache was
written, every cached function of the game and its bots is flushed and
recompiles. Both read a file once, when its code is loaded
(`loaded_source`): an edit while a process runs changes neither its
fingerprints nor its salts.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Iterable

from numba.core.registry import CPUDispatcher

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
    core = Path(__file__).parents[1]
    files.update(Path(__file__).parent.glob("*.py"))
    files.update(core / name for name in ("_borrowed.py", "rng.py", "registry.py"))
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
