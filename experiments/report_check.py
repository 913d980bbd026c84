"""Analysis reports (experiments/**/report.md) hold only figures their data files hold.

An analysis writes report.md beside the CSV tables and summary.json it was
rendered from (`sim.report.Report`), and the summary keeps the report's
SHA-256. This check shows that a report is what its analysis wrote and what its
data hold:

- the report's digest equals the one in its summary.json, so any edit by hand
  (one digit is enough) fails;
- every table equals its CSV file cell by cell, to the digits shown;
- every decimal in its prose is a value of the folder's summary.json or CSV
  files at the digits shown (a percentage: the value × 100; milliseconds:
  seconds × 1000; "fair x": the fair share 1/n). Figure captions describe a
  plot and are left out, as are code spans and link targets.

A folder whose report is rendered by its own ``report.py`` (from the JSON
files beside it) is checked by rendering it again instead of by digest: its
``report_text()`` must give the report's text.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import re
from pathlib import Path

import pandas as pd

from sim.report import digest

HERE = Path(__file__).resolve().parent
TABLE = re.compile(r"\*\*[^\n]*?\(`([\w\-.]+)\.csv`\)\n\n((?:\|[^\n]*\n?)+)")
DECIMAL = re.compile(r"(?<![\w.\-−])([+−-]?\d+\.\d+)(?!\w|\.\d)(%| ms\b)?")
SCALE = {"%": 100, " ms": 1000}
CAPTION = re.compile(r"^!\[.*$|^\*[^*\n].*\*$", re.M)
NOT_PROSE = re.compile(r"`[^`\n]*`|\]\([^)]*\)")


def _name(report: Path) -> str:
    return report.relative_to(HERE.parent).as_posix() if report.is_relative_to(HERE.parent) else str(report)


def reports() -> list[Path]:
    return sorted(HERE.rglob("report.md"))


def _number(text: str) -> float | None:
    try:
        return float(text.replace("−", "-").replace(",", ""))
    except ValueError:
        return None


def _shown_equal(shown: str, value) -> bool:
    """Whether a table cell as printed is the CSV's value at the digits printed."""
    shown, value = shown.strip(), value.strip()
    if value in ("", "nan"):
        return shown in ("", "nan")
    number, target = _number(shown), _number(value)
    if number is None or target is None:
        return shown.lower() == value.lower()
    if target == 0 or number == target:
        return number == target
    mantissa = shown.lower().replace("−", "-").split("e")[0]
    digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
    exponent = int(shown.lower().split("e")[1]) if "e" in shown.lower() else 0
    return abs(number - target) <= 0.5 * 10 ** (exponent - digits) * (1 + 1e-9)


def _cells(markdown: str) -> list[list[str]]:
    rows = [line.strip().strip("|").split("|") for line in markdown.strip().splitlines()]
    return [r for i, r in enumerate(rows) if i != 1]  # row 1 is the alignment line


def table_problems(report: Path, text: str) -> list[str]:
    out = []
    for m in TABLE.finditer(text):
        csv = report.parent / f"{m.group(1)}.csv"
        name = f"{_name(report)} table {csv.name}"
        if not csv.exists():
            out.append(f"{name}: the CSV file is missing")
            continue
        frame = pd.read_csv(csv, dtype=str, keep_default_na=False)
        cells = _cells(m.group(2))
        if [c.strip() for c in cells[0]] != [str(c) for c in frame.columns] or len(cells) - 1 != len(frame):
            out.append(f"{name}: its columns or row count differ from the CSV file")
            continue
        for i, (row, values) in enumerate(zip(cells[1:], frame.itertuples(index=False)), start=1):
            for column, shown, value in zip(frame.columns, row, values):
                if not _shown_equal(shown, value):
                    out.append(f"{name} row {i} {column}: {shown.strip()!r} is not the file's {value!r}")
    return out


@functools.lru_cache(maxsize=None)
def data_values(folder: Path) -> frozenset[float]:
    """Every number of the folder's summary.json and CSV files (also inside text cells)."""
    found: set[float] = set()

    def walk(x):
        if isinstance(x, bool):
            return
        if isinstance(x, (int, float)):
            if not math.isnan(x):
                found.add(float(x))
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found.update(float(n) for n in (_number(t) for t, _ in DECIMAL.findall(x)) if n is not None)

    for path in folder.glob("*.json"):
        walk(json.loads(path.read_text()))
    for path in folder.glob("*.csv"):
        for column in pd.read_csv(path).to_dict("list").values():
            walk(column)
    return frozenset(found)


def _held(shown: str, unit: str | None, fair: bool, values: frozenset[float]) -> bool:
    number = _number(shown)
    digits = len(shown.split(".")[1])
    candidates = [v * SCALE[unit] for v in values] if unit else list(values)
    if fair:
        candidates += [1 / n for n in range(2, 9)]
    return any(abs(v - number) <= 0.5 * 10**-digits * (1 + 1e-9) for v in candidates)


def prose_problems(report: Path, text: str) -> list[str]:
    prose = NOT_PROSE.sub("", CAPTION.sub("", TABLE.sub("", text)))
    values = data_values(report.parent)
    name = _name(report)
    return [
        f"{name}: {m.group(0)!r} is in no data file of its folder"
        for m in DECIMAL.finditer(prose)
        if not _held(m.group(1), m.group(2), prose[max(0, m.start() - 5) : m.start()] == "fair ", values)
    ]


def _rendered(report: Path) -> str:
    spec = importlib.util.spec_from_file_location(f"report_{report.parent.name}", report.parent / "report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.report_text()


def digest_problems(report: Path, text: str) -> list[str]:
    name = _name(report)
    if (report.parent / "report.py").exists():
        return [] if _rendered(report) == text else [f"{name}: differs from what its report.py renders; rerun it"]
    summary = report.parent / "summary.json"
    recorded = json.loads(summary.read_text()).get("report_sha256") if summary.exists() else None
    if recorded is None:
        return [f"{name}: its summary.json records no report digest; rerun the analysis that wrote it"]
    return [] if recorded == digest(text) else [f"{name}: not the text its analysis wrote (digest differs); rerun it"]


def problems_in(report: Path, text: str) -> list[str]:
    """Everything wrong with ``text`` as the content of ``report``."""
    return digest_problems(report, text) + table_problems(report, text) + prose_problems(report, text)


def problems() -> list[str]:
    return [p for report in reports() for p in problems_in(report, report.read_text())]
