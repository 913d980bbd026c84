"""Analysis reports: tables as Parquet and CSV, plots, one Markdown file.

Every analysis command writes the same shape of output directory, so reports
committed under experiments/ and those a user makes with --out look alike.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd


class Report:
    def __init__(self, title: str, out_dir: str | Path | None):
        self.title = title
        self.out = Path(out_dir) if out_dir is not None else None
        self.lines = [f"# {title}", ""]
        self.tables: dict[str, pd.DataFrame] = {}
        if self.out is not None:
            self.out.mkdir(parents=True, exist_ok=True)

    def text(self, *paragraphs: str):
        for p in paragraphs:
            self.lines += [p, ""]

    def table(self, name: str, df: pd.DataFrame, caption: str):
        """Keep the table for --out (Parquet + CSV) and show it in the report."""
        self.tables[name] = df
        self.lines += [f"**{caption}** (`{name}.csv`)", "", df.to_markdown(index=False, floatfmt=".4g"), ""]
        if self.out is not None:
            df.to_parquet(self.out / f"{name}.parquet", index=False)
            df.to_csv(self.out / f"{name}.csv", index=False)

    def plot_stem(self, name: str) -> Path | None:
        return None if self.out is None else self.out / name

    def figure(self, paths, caption: str):
        if paths:
            png = Path(paths[0]).name
            self.lines += [f"![{caption}]({png})", "", f"*{caption}*", ""]

    def save(self, summary: dict) -> Path | None:
        summary.setdefault("complete", True)     # only a finished analysis saves; Ctrl-C stops before
        if self.out is None:
            return None
        (self.out / "report.md").write_text("\n".join(self.lines))
        (self.out / "summary.json").write_text(json.dumps(summary, indent=1))
        return self.out / "report.md"


def ci_column(table: pd.DataFrame, name: str, digits: int, lo: str | None = None,
              hi: str | None = None) -> pd.Series:
    """A column with its CI columns (default ``name_lo``, ``name_hi``) as
    ``mean [lo, hi]`` text, for the readable tables of a report."""
    lo, hi = lo or f"{name}_lo", hi or f"{name}_hi"
    return table.apply(lambda r: fmt({"mean": r[name], "ci95": [r[lo], r[hi]]}, digits), axis=1)


def fmt(fig: dict, digits: int = 3) -> str:
    """A {"mean", "ci95"} figure as text for reports."""
    lo, hi = fig["ci95"]
    return f"{fig['mean']:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"
