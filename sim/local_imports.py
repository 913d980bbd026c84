"""The user's own modules a bot file imports (not the stdlib, not installed packages).

They decide a user bot's games as much as the bot file does, so the store's
engine fingerprint covers them (an edited helper never serves a stale cached
result), and numba's on-disk cache of the bot, which numba keys on the bot's
own file alone although the helpers' code is compiled into it, is flushed
when one of them changed.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import site
import sys
import sysconfig
from pathlib import Path

from sim import nb


def _installed_roots() -> tuple[str, ...]:
    """Folders of the stdlib and of installed packages (venv and base interpreter)."""
    roots = set()
    for base in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        paths = sysconfig.get_paths(vars={"base": base, "platbase": base, "installed_base": base, "installed_platbase": base})
        roots.update(paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib"))
    roots.update(getattr(site, "getsitepackages", lambda: [])())
    roots.add(site.getusersitepackages())
    return tuple(str(Path(r).resolve()) + "/" for r in roots if r)


_INSTALLED = _installed_roots()


def is_local(path: Path) -> bool:
    """A Python source file of the user's (or of this checkout), not an installed one."""
    return path.suffix == ".py" and not str(path.resolve()).startswith(_INSTALLED)


def local_imports(path) -> list[Path]:
    """Source files of the local modules ``path`` imports, directly or through
    each other (sorted, resolved; ``path`` itself not included)."""
    start = Path(path).resolve()
    by_file = {
        str(Path(f).resolve()): name
        for name, m in list(sys.modules.items())
        if isinstance(f := getattr(m, "__file__", None), str)
    }
    found: set[Path] = set()
    todo = [start]
    while todo:
        file = todo.pop()
        package = _package_of(by_file.get(str(file)))
        for name in _imported_names(file, package):
            dep = _source_of(name)
            if dep is not None and dep != start and dep not in found and is_local(dep):
                found.add(dep)
                todo.append(dep)
    return sorted(found)


def _package_of(module_name: str | None) -> str | None:
    module = sys.modules.get(module_name) if module_name else None
    return getattr(module, "__package__", None) or None


def _imported_names(file: Path, package: str | None) -> list[str]:
    """Every module name an ``import`` in the file may load (with its parents)."""
    try:
        tree = ast.parse(file.read_bytes(), filename=str(file))
    except (OSError, SyntaxError, ValueError):
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                if not package:
                    continue
                try:
                    base = importlib.util.resolve_name("." * node.level + base, package)
                except ImportError:
                    continue
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names if alias.name != "*"]
    parents = [".".join(n.split(".")[:i]) for n in names for i in range(1, n.count(".") + 1)]
    return list(dict.fromkeys(n for n in parents + names if n))


def _source_of(name: str) -> Path | None:
    module = sys.modules.get(name)
    origin = getattr(module, "__file__", None) if module is not None else None
    if module is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError, AttributeError):
            return None
        origin = spec.origin if spec is not None else None
    return Path(origin).resolve() if isinstance(origin, str) and origin.endswith(".py") else None


def refresh_numba_caches(module, path) -> bool:
    """Flush numba's on-disk cache of the bot file's functions (and of its local
    helpers outside this package) when a local module it imports changed since
    the cache was written (`sim.nb.flush_when_changed`); returns True if it flushed."""
    deps = local_imports(path)
    user_modules = [module] + [
        m
        for n, m in list(sys.modules.items())
        if not n.startswith(("sim.", "strategies."))
        and isinstance(f := getattr(m, "__file__", None), str)
        and Path(f).resolve() in deps
    ]
    caches = nb.module_caches(user_modules)
    cache_path = next((getattr(c, "cache_path", None) for c in caches), None)
    if not cache_path:
        return False
    key = hashlib.sha1(str(Path(path).resolve()).encode()).hexdigest()[:10]
    stamp = Path(cache_path) / f"{Path(path).stem}-{key}.deepsim-imports.sha256"
    return nb.flush_when_changed(stamp, sorted(deps), caches)
