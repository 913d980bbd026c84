"""Results store: one directory per run, Parquet tables plus a JSON manifest.

A result must be reproducible and reusable: the manifest holds the resolved
config (game, rules and their version, bots, games, seed, command), the code
and library versions that produced it, and a key (sha256 of the config) that
lets a repeated command reuse the stored result instead of replaying it.

Layout::

    <out>/<name>-<key12>/
        manifest.json          written last: a directory without it is not a result
        <table>.parquet        one per summary table ("summary" by default)
        records.parquet        optional per-game records
        chunks/chunk-000123.parquet   checkpoints of a long run, for resuming

Every file is written to a temporary name and moved into place with
``os.replace``, so a killed run never leaves a half-written file behind.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import platform
import re
import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

import numpy as np

import sim

if TYPE_CHECKING:  # pandas and pyarrow load where a table is read or written (`simulate` without --out needs neither)
    import pandas as pd

FORMAT = "deepsim-result/1"
MANIFEST = "manifest.json"
RECORDS = "records"
CHUNKS = "chunks"
_LIBRARIES = ("numpy", "numba", "pandas", "pyarrow", "scipy")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_CHUNK = re.compile(r"^chunk-(\d+)\.parquet$")


class StoreError(ValueError):
    """A path is not a readable deepsim result; the message says what to do."""


# ---------------------------------------------------------------- JSON, keys


def _jsonable(obj: Any) -> Any:
    """json.dumps fallback for the values configs and summaries really hold."""
    if hasattr(obj, "to_json"):
        return obj.to_json()
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.floating):
        return float(obj)
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if isinstance(obj, Path):
        return str(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serialisable: {obj!r}")


def _finite(obj: Any) -> Any:
    """nan/inf -> None, so the manifest stays strict JSON."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, dict):
        return {k: _finite(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_finite(v) for v in obj]
    return obj


def _plain(obj: Any) -> Any:
    """Config/summary as plain JSON types (numpy scalars, tuples, dataclasses resolved)."""
    return _finite(json.loads(json.dumps(obj, default=_jsonable)))


def canonical_json(config: Mapping[str, Any]) -> str:
    """Key order, whitespace and numpy/tuple types never change the text."""
    return json.dumps(_plain(config), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def config_key(config: Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON config: equal configs, equal keys (the cache key)."""
    return hashlib.sha256(canonical_json(config).encode("utf-8")).hexdigest()


def result_dir(out_dir: str | os.PathLike, name: str, config: Mapping[str, Any]) -> Path:
    """Where ``save`` puts this run; the runner checkpoints chunks here too."""
    safe = _SAFE.sub("-", name).strip("-.") or "result"
    return Path(out_dir) / f"{safe}-{config_key(config)[:12]}"


# ---------------------------------------------------------------- provenance
# What code decided a run: `sim.provenance` (re-exported here, where stores use it).
from sim.provenance import engine_files, engine_fingerprint, play_fingerprint  # noqa: E402, F401


def _git_commit() -> tuple[str | None, bool | None]:
    """HEAD of the checkout the package runs from, and whether it has local edits."""
    here = Path(sim.__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None, None
    return head or None, bool(status.strip())


def _libraries() -> dict[str, str | None]:
    libs: dict[str, str | None] = {"python": platform.python_version()}
    for lib in _LIBRARIES:
        try:
            libs[lib] = version(lib)
        except PackageNotFoundError:
            libs[lib] = None
    return libs


# ---------------------------------------------------------------- atomic writes


def _tmp(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp-{os.getpid()}")


def _write_parquet(df: pd.DataFrame, path: Path) -> None:
    tmp = _tmp(path)
    try:
        df.to_parquet(tmp, engine="pyarrow")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _write_json(obj: Any, path: Path) -> None:
    tmp = _tmp(path)
    try:
        tmp.write_text(json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _read_parquet(path: Path) -> pd.DataFrame:
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    try:
        return pd.read_parquet(path, engine="pyarrow")
    except FileNotFoundError:
        raise StoreError(f"{path} is missing; the result is incomplete, run the command again") from None
    except Exception as exc:  # pyarrow raises several types for damaged files
        raise StoreError(
            f"{path} is not readable Parquet ({type(exc).__name__}: {exc}); delete the result directory and run the command again"
        ) from None


# ---------------------------------------------------------------- save / load


@dataclass(frozen=True)
class Result:
    """A stored result. ``records`` is read on first access (it can be large)."""

    path: Path
    manifest: dict
    summary: dict
    tables: dict[str, pd.DataFrame]

    @property
    def config(self) -> dict:
        return self.manifest["config"]

    @property
    def complete(self) -> bool:
        return bool(self.manifest.get("complete"))

    @cached_property
    def records(self) -> pd.DataFrame | None:
        path = self.path / f"{RECORDS}.parquet"
        return _read_parquet(path) if self.manifest.get("records") else None


def save(
    out_dir: str | os.PathLike,
    name: str,
    config: Mapping[str, Any],
    summary: Mapping[str, Any],
    tables: Mapping[str, pd.DataFrame],
    records: pd.DataFrame | None,
    wall_seconds: float,
    compile_seconds: float,
    complete: bool = True,
) -> Path:
    """Write a result and return its directory.

    Re-saving the same config overwrites the earlier result (e.g. a partial
    run finished later); the manifest is removed first and written last, so an
    interrupted save is never mistaken for a result.
    """
    for table in tables:
        if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]*", table) or table in (RECORDS, CHUNKS):
            raise ValueError(f"table name {table!r} must be a plain file name other than {RECORDS!r} or {CHUNKS!r}")
    plain_config = _plain(config)
    key = config_key(plain_config)
    path = result_dir(out_dir, name, plain_config)
    path.mkdir(parents=True, exist_ok=True)
    (path / MANIFEST).unlink(missing_ok=True)

    wanted = {f"{t}.parquet" for t in tables} | ({f"{RECORDS}.parquet"} if records is not None else set())
    for stale in path.glob("*.parquet"):
        if stale.name not in wanted:
            stale.unlink()
    for table, df in tables.items():
        _write_parquet(df, path / f"{table}.parquet")
    if records is not None:
        _write_parquet(records, path / f"{RECORDS}.parquet")

    commit, dirty = _git_commit()
    manifest = {
        "format": FORMAT,
        "config": plain_config,
        "key": key,
        "summary": _plain(summary),
        "package_version": sim.__version__,
        "git_commit": commit,
        "git_dirty": dirty,
        "libraries": _libraries(),
        "wall_seconds": float(wall_seconds),
        "compile_seconds": float(compile_seconds),
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "complete": bool(complete),
        "tables": list(tables),
        "records": records is not None,
    }
    _write_json(manifest, path / MANIFEST)
    return path


def _read_manifest(path: Path) -> dict:
    """The manifest of a result directory, or StoreError saying why there is none."""
    if not path.exists():
        raise StoreError(f"{path} does not exist; point at a directory written with --out")
    if not path.is_dir():
        raise StoreError(f"{path} is a file, not a deepsim result directory; point at a directory written with --out")
    mpath = path / MANIFEST
    if not mpath.is_file() and ((path / "report.md").is_file() or (path / "runs").is_dir()):
        raise StoreError(
            f"{path} is an analysis's --out folder, not one stored result: its report is {path / 'report.md'}, "
            f"its stored configurations are listed by `sim results list {path}`"
        )
    if not mpath.is_file():
        raise StoreError(f"{path} is not a deepsim result (no {MANIFEST}); point at a directory written with --out")
    try:
        manifest = json.loads(mpath.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"{mpath} is not valid JSON ({exc}); delete the result directory and run the command again") from None
    fmt = manifest.get("format") if isinstance(manifest, dict) else None
    if fmt != FORMAT:
        raise StoreError(
            f"{mpath} has format {fmt!r}, expected {FORMAT!r}; it was not written by "
            "this version of deepsim, rerun the command to regenerate it"
        )
    for field in ("config", "key", "summary", "tables"):
        if field not in manifest:
            raise StoreError(f"{mpath} lacks {field!r}; delete the result directory and run again")
    return manifest


def load(path: str | os.PathLike) -> Result:
    """Read a result directory (a path to its manifest.json also works)."""
    path = Path(path)
    if path.name == MANIFEST and path.is_file():
        path = path.parent
    manifest = _read_manifest(path)
    tables = {t: _read_parquet(path / f"{t}.parquet") for t in manifest["tables"]}
    if manifest.get("records"):
        rpath = path / f"{RECORDS}.parquet"
        # deferred: loads pyarrow, slow to import (python -X importtime), for this path only
        import pyarrow.parquet as pq

        try:  # check the footer now, read the data only when asked
            pq.read_metadata(rpath)
        except FileNotFoundError:
            raise StoreError(f"{rpath} is missing; the result is incomplete, run the command again") from None
        except Exception as exc:
            raise StoreError(
                f"{rpath} is not readable Parquet ({type(exc).__name__}: {exc}); "
                "delete the result directory and run the command again"
            ) from None
    return Result(path=path, manifest=manifest, summary=manifest["summary"], tables=tables)


def find(out_dir: str | os.PathLike, config: Mapping[str, Any]) -> Path | None:
    """A complete stored result for exactly this config, or None (the cache lookup)."""
    out = Path(out_dir)
    if not out.is_dir():
        return None
    key = config_key(config)
    for candidate in sorted(out.glob(f"*-{key[:12]}")):
        try:
            manifest = _read_manifest(candidate)
        except StoreError:
            continue
        if (
            manifest["key"] == key
            and manifest.get("complete")
            and all((candidate / f"{t}.parquet").is_file() for t in manifest["tables"])
        ):
            return candidate
    return None


def list_results(out_dir: str | os.PathLike) -> pd.DataFrame:
    """One row per stored result under out_dir, oldest first. A result that
    cannot be read (e.g. a truncated manifest.json) or a run that left only
    checkpoints gets a row saying so in ``problem``; other entries are skipped."""
    out = Path(out_dir)
    if not out.is_dir():
        raise StoreError(f"{out} is not a directory; point at the directory given to --out")
    rows = []
    folders = [out] + ([out / "runs"] if (out / "runs").is_dir() else [])  # an analysis keeps its configurations in runs/
    for child in sorted(c for folder in folders for c in folder.iterdir()):
        if not child.is_dir() or not ((child / MANIFEST).exists() or (child / CHUNKS).is_dir()):
            continue
        try:
            m = _read_manifest(child)
        except StoreError as exc:
            problem = (
                str(exc)
                if (child / MANIFEST).exists()
                else "only checkpoints of an unfinished run (no manifest.json); run its command again to finish it"
            )
            rows.append({"path": str(child), "complete": False, "problem": problem})
            continue
        cfg = m["config"] if isinstance(m["config"], dict) else {}
        rows.append(
            {
                "path": str(child),
                "command": cfg.get("command"),
                "game": cfg.get("game"),
                "games": cfg.get("games"),
                "seed": cfg.get("seed"),
                "created": m.get("created"),
                "complete": bool(m.get("complete")),
                "key": m["key"],
                "problem": _unreadable_table(child, m["tables"]),
            }
        )
    columns = ["path", "command", "game", "games", "seed", "created", "complete", "key", "problem"]
    # deferred: loads pandas, slow to import (python -X importtime), for this path only
    import pandas as pd

    return pd.DataFrame(rows, columns=columns, dtype=object).sort_values("created", kind="stable", ignore_index=True)


def _unreadable_table(path: Path, tables: list) -> str | None:
    """What is wrong with the first of a result's tables that is missing or not readable Parquet, or None."""
    # deferred: loads pyarrow, slow to import (python -X importtime), for this path only
    import pyarrow.parquet as pq

    for table in tables:
        file = path / f"{table}.parquet"
        try:
            pq.read_metadata(file)
        except Exception as exc:  # missing, truncated, not Parquet
            reason = "missing" if not file.exists() else f"not readable Parquet ({type(exc).__name__})"
            return f"{file.name} is {reason}; delete the result directory and run its command again"
    return None


# ---------------------------------------------------------------- chunk checkpoints


def save_chunk(run_dir: str | os.PathLike, index: int, table: pd.DataFrame) -> Path:
    """Checkpoint one finished chunk of a long run, atomically."""
    if index < 0:
        raise ValueError(f"chunk index must be non-negative, got {index}")
    chunks = Path(run_dir) / CHUNKS
    chunks.mkdir(parents=True, exist_ok=True)
    path = chunks / f"chunk-{index:06d}.parquet"
    _write_parquet(table, path)
    return path


def load_chunks(run_dir: str | os.PathLike) -> dict[int, pd.DataFrame]:
    """All checkpointed chunks by index ({} if none yet); leftover temp files are ignored."""
    chunks = Path(run_dir) / CHUNKS
    if not chunks.is_dir():
        return {}
    found = {}
    for path in chunks.iterdir():
        m = _CHUNK.match(path.name)
        if m:
            found[int(m.group(1))] = _read_parquet(path)
    return dict(sorted(found.items()))


def clear_chunks(run_dir: str | os.PathLike) -> None:
    """Drop checkpoints once the complete result is saved."""
    chunks = Path(run_dir) / CHUNKS
    if chunks.is_dir():
        for path in chunks.iterdir():
            path.unlink()
        chunks.rmdir()
