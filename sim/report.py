"""Analysis reports: tables as Parquet and CSV, plots, one Markdown file.

Every analysis command writes the same shape of output directory, so reports
committed under experiments/ and those a user makes with --out look alike.
The same report is what the terminal shows (`sim.report_terminal`): its tables
and figures stay in ``lines`` as Markdown text that still knows its DataFrame
or plot file, so the terminal can draw a table to fit its width.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

_collecting: ContextVar[list | None] = ContextVar("reports", default=None)


@contextmanager
def collected():
    """Every Report made inside the block, in order (the CLI prints them)."""
    token = _collecting.set([])
    try:
        yield _collecting.get()
    finally:
        _collecting.reset(token)


class TableText(str):
    """A table's Markdown in ``Report.lines`` that keeps its DataFrame."""

    frame: pd.DataFrame

    def __new__(cls, frame: pd.DataFrame):
        text = super().__new__(cls, frame.to_markdown(index=False, floatfmt=".4g"))
        text.frame = frame
        return text


class FigureText(str):
    """A figure's Markdown (image and caption) in ``Report.lines`` that keeps its file."""

    path: Path

    def __new__(cls, path: Path, caption: str):
        text = super().__new__(cls, f"![{caption}]({path.name})\n\n*{caption}*")
        text.path = path
        return text


class Report:
    def __init__(self, title: str, out_dir: str | Path | None):
        self.title = title
        self.out = Path(out_dir) if out_dir is not None else None
        self.lines = [f"# {title}", ""]
        self.tables: dict[str, pd.DataFrame] = {}
        if self.out is not None:
            self.out.mkdir(parents=True, exist_ok=True)
        if (reports := _collecting.get()) is not None:
            reports.append(self)

    def text(self, *paragraphs: str):
        for p in paragraphs:
            self.lines += [p, ""]

    def table(self, name: str, df: pd.DataFrame, caption: str):
        """Keep the table for --out (Parquet + CSV) and show it in the report."""
        self.tables[name] = df
        source = f" (`{name}.csv`)" if self.out is not None else ""  # no file without --out
        self.lines += [f"**{caption}**{source}", "", TableText(df), ""]
        if self.out is not None:
            df.to_parquet(self.out / f"{name}.parquet", index=False)
            df.to_csv(self.out / f"{name}.csv", index=False)

    def plot_stem(self, name: str) -> Path | None:
        return None if self.out is None else self.out / name

    def figure(self, paths, caption: str):
        if paths:
            self.lines += [FigureText(Path(paths[0]), caption), ""]

    def save(self, summary: dict) -> Path | None:
        """Write report.md and summary.json; the summary keeps the report's digest
        (``report_sha256``), so a report edited by hand no longer passes the claims check."""
        summary.setdefault("complete", True)  # only a finished analysis saves; Ctrl-C stops before
        if self.out is None:
            return None
        text = "\n".join(self.lines)
        (self.out / "report.md").write_text(text)
        summary["report_sha256"] = digest(text)
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1))
        return self.out / "report.md"


def digest(text: str) -> str:
    """The SHA-256 of a report's text, as recorded in its summary.json."""
    return hashlib.sha256(text.encode()).hexdigest()


def ci_column(table: pd.DataFrame, name: str, digits: int, lo: str | None = None, hi: str | None = None) -> pd.Series:
    """A column with its CI columns (default ``name_lo``, ``name_hi``) as
    ``mean [lo, hi]`` text, for the readable tables of a report."""
    lo, hi = lo or f"{name}_lo", hi or f"{name}_hi"
    return table.apply(lambda r: fmt({"mean": r[name], "ci95": [r[lo], r[hi]]}, digits), axis=1)


def fmt(fig: dict, digits: int = 3) -> str:
    """A {"mean", "ci95"} figure as text for reports."""
    lo, hi = fig["ci95"]
    return f"{fig['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"
