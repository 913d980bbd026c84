"""numba's compile errors shortened to the lines that matter, for one-line messages.

A typing error is dozens of lines (pipeline stage, candidate overloads, the
source twice); a user needs the reason, the failing signature and where in
their own file it is.
"""

from __future__ import annotations

import re
from pathlib import Path

import numba

import sim

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TEMP_NAME = re.compile(r" for '\$[^']*', defined at \S+")  # numba's internal variable
_FILE = re.compile(r'^File "(?P<path>[^"]+)", line (?P<line>\d+):')
_FRAMEWORK = tuple(str(Path(m.__file__).resolve().parent) for m in (numba, sim))


def short_reason(exc: BaseException) -> str:
    """The reason numba gives, its failing signature and the user's source line, on one line."""
    lines = [line.rstrip() for line in _ANSI.sub("", str(exc)).splitlines()]
    reason = next(
        (line.strip() for line in lines if line.strip() and not line.startswith(("Failed in ", "During:"))), type(exc).__name__
    )
    reason = _TEMP_NAME.sub("", reason)
    signature = next((line.strip()[4:] for line in lines if line.strip().startswith(">>> ")), None)
    if signature:
        reason = f"{reason.rstrip(':')} {signature}"
    if reason.startswith(("mismatch of return type: none", "No conversion from none to")):
        reason += " (the function returns None: every path raises or lacks a return)"
    where = _user_location(lines)
    return reason + (f" (at {where})" if where else "")


def _user_location(lines: list[str]) -> str | None:
    """'file.py line N: <code>' of the last source excerpt outside numba and sim/."""
    found = None
    for i, line in enumerate(lines):
        m = _FILE.match(line)
        if not m or str(Path(m["path"]).resolve()).startswith(_FRAMEWORK):
            continue
        block = []
        for code in lines[i + 1 :]:
            if code.strip() == "^" or not code.strip():
                break
            if code.strip() != "<source elided>":
                block.append(code.strip())
        found = f"{Path(m['path']).name} line {m['line']}" + (f": {block[-1]}" if block else "")
    return found


_WRITE_AT = re.compile(r'File "(?P<path>[^"]+)", line (?P<line>\d+):\n(?P<code>(?:.*\n)*?)\s*\^')
_TARGET = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\s*(?:\[|\.\w+\s*\(|[-+*/%|&^]?=)")


def module_array_written(error: BaseException, fn) -> str | None:
    """The name of the module-level array a bot ``fn`` writes, if numba's
    refusal ``error`` (a write to a read-only array) is about one: numba
    compiles a global array as a read-only constant, so a bot that keeps
    memory in one is refused like a bot writing its view; the message then
    names the array. None if the write is to an argument or a local alias."""
    py = getattr(fn, "py_func", fn)
    found = _WRITE_AT.search(_ANSI.sub("", str(error)))
    if found is None or py is None:
        return None
    lines = [line for line in found["code"].splitlines() if line.strip() and line.strip() != "<source elided>"]
    target = _TARGET.match(lines[-1]) if lines else None
    if target is None:
        return None
    name = target["name"]
    code = getattr(py, "__code__", None)
    if code is None or name in code.co_varnames:
        return None
    return name if name in getattr(py, "__globals__", {}) else None
