"""Reports and tables in the terminal: an analysis report's text as Markdown,
and every table (reports, simulate, tournament, results list) drawn to fit the
console's width.

A table too wide for the terminal is first made shorter (each ``x``, ``x_lo``,
``x_hi`` triple becomes one ``x [lo, hi]`` column; long labels such as bot
mixes become ``[a]``, ``[b]`` … with a legend), then split into several tables
that each repeat the row labels. A column is never narrower than its widest
cell and its header's longest word, so no value or header is cut.
"""

from __future__ import annotations

import math
from itertools import takewhile
from string import ascii_lowercase

import pandas as pd
from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from sim.report import FigureText, Report, TableText

LABEL_LIMIT = 16  # longer text cells become [a], [b], … when the table does not fit
MAX_KEYS = 3  # leading label columns repeated in every part of a split table


def show(report: Report, console: Console) -> None:
    """Print a report: Markdown text, fitted tables, one line per figure file."""
    text: list[str] = []

    def flush():
        if any(line.strip() for line in text):
            console.print(Markdown("\n".join(text)))
        text.clear()

    for line in report.lines:
        if isinstance(line, TableText):
            flush()
            print_table(line.frame, console)
        elif isinstance(line, FigureText):
            flush()
            console.print(Text(f"plot: {line.path}", style="dim"), soft_wrap=True)  # a path copies whole
        else:
            text.append(line)
    flush()


def print_table(frame: pd.DataFrame, console: Console, title: str | None = None) -> None:
    """A table fitted to the console, then its legend: one line per long label,
    never folded (a terminal wraps it on screen, and a copy gets it whole)."""
    tables, legend = fitted(frame, console)
    if title:
        console.print(Text(title, style="bold"))
    for table in tables:
        console.print(table)
        console.print()
    for tag, label in legend.items():
        console.print(Text(f"{tag} {label}"), soft_wrap=True)
    if legend:
        console.print()


def fitted(frame: pd.DataFrame, console: Console) -> tuple[list[Table], dict[str, str]]:
    """The table as rich tables no wider than the console, and the legend
    (tag -> label) of the labels it abbreviated."""
    cells = readable(frame)
    width = console.width
    if (whole := _laid_out(cells, width, console)) is not None:
        return [whole], {}
    keys = list(takewhile(lambda c: _is_label(frame, c), cells.columns[:MAX_KEYS]))
    legend = {}
    if _laid_out(cells[keys], width // 2, console) is None:  # labels would crowd out the figures
        cells, legend = abbreviated(cells, keys)
    parts, group = [], []
    for column in (c for c in cells.columns if c not in keys):
        if group and _laid_out(cells[keys + group + [column]], width, console) is None:
            parts.append(group)
            group = []
        group.append(column)
    parts.append(group)
    tables = [_laid_out(cells[keys + g], width, console) or _table(cells[keys + g], None) for g in parts]
    return tables, legend


def readable(frame: pd.DataFrame) -> pd.DataFrame:
    """Cells as text; a number followed by its ``*_lo`` and ``*_hi`` columns
    becomes one ``mean [lo, hi]`` column."""
    columns = list(frame.columns)
    shown = {}
    i = 0
    while i < len(columns):
        name = columns[i]
        pair = columns[i + 1 : i + 3]
        if (
            len(pair) == 2
            and str(pair[0]).endswith("_lo")
            and str(pair[1]).endswith("_hi")
            and all(pd.api.types.is_numeric_dtype(frame[c]) for c in [name, *pair])
        ):
            shown[name] = [ci_text(m, lo, hi) for m, lo, hi in zip(frame[name], frame[pair[0]], frame[pair[1]])]
            i += 3
        else:
            shown[name] = [_cell(v) for v in frame[name]]
            i += 1
    return pd.DataFrame(shown, index=frame.index, dtype=object)


def ci_text(mean: float, lo: float, hi: float) -> str:
    """``mean [lo, hi]`` to the precision the interval supports: its half-width
    to one significant digit, two when that digit is a 1 (0.0013, not 0.001)."""
    half = (hi - lo) / 2
    if not all(map(math.isfinite, (mean, lo, hi))):
        return f"{_cell(mean)} [{_cell(lo)}, {_cell(hi)}]"
    if half <= 0:
        digits = 3
    else:
        power = math.floor(math.log10(half))
        digits = min(6, max(0, -power + (1 if half / 10**power < 2 else 0)))
    return f"{mean:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def abbreviated(cells: pd.DataFrame, columns: list) -> tuple[pd.DataFrame, dict[str, str]]:
    """Labels in these columns longer than LABEL_LIMIT replaced by ``[a]``,
    ``[b]`` …, and the legend (tag -> label) that spells them out."""
    long = list(dict.fromkeys(v for v in cells[columns].to_numpy().ravel() if len(v) > LABEL_LIMIT))
    tags = {v: f"[{_tag(i)}]" for i, v in enumerate(long)}
    short = cells.copy()
    short[columns] = cells[columns].apply(lambda col: col.map(lambda v: tags.get(v, v)))
    return short, {tag: label for label, tag in tags.items()}


def _tag(i: int) -> str:
    return ascii_lowercase[i] if i < 26 else f"{ascii_lowercase[i // 26 - 1]}{ascii_lowercase[i % 26]}"


def _laid_out(cells: pd.DataFrame, width: int, console: Console) -> Table | None:
    """The table with column widths that fit in ``width``, or None if it cannot fit.

    A column is at least as wide as its widest cell and its header's longest
    word; spare width lets headers stand on one line, left to right."""
    least = [max([len(v) for v in cells[c]] + [max(map(len, _header(c).split()), default=0)]) for c in cells.columns]
    full = [max([len(v) for v in cells[c]] + [len(_header(c))]) for c in cells.columns]
    chrome = _measure(console, _table(cells, least)) - sum(least)
    spare = width - chrome - sum(least)
    if spare < 0:
        return None
    widths = []
    for low, high in zip(least, full):
        grow = min(spare, high - low)
        widths.append(low + grow)
        spare -= grow
    return _table(cells, widths)


def _table(cells: pd.DataFrame, widths: list[int] | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for i, name in enumerate(cells.columns):
        table.add_column(
            Text(_header(name)),
            justify="right" if all(map(_numeric, cells[name])) else "left",
            width=None if widths is None else widths[i],
            overflow="fold",
        )
    for row in cells.itertuples(index=False):
        table.add_row(*map(Text, row))
    return table


def _header(name) -> str:
    return str(name).replace("_", " ")


def _measure(console: Console, table: Table) -> int:
    """Columns a table takes, measured as if the console were unbounded."""
    return console.measure(table, options=console.options.update_width(10_000)).maximum


def _is_label(frame: pd.DataFrame, column) -> bool:
    """A column that names the row (text or whole numbers) rather than a figure."""
    return (
        column in frame.columns
        and not pd.api.types.is_float_dtype(frame[column])
        and not any(isinstance(v, str) and "[" in v for v in frame[column])
    )


def _numeric(text: str) -> bool:
    head = text.split(" [")[0]
    try:
        float(head.replace(",", ""))
    except ValueError:
        return head in ("n/a", "")
    return True


def _cell(value) -> str:
    if isinstance(value, float):
        return "n/a" if math.isnan(value) else f"{value:.4g}"
    return "" if value is None else str(value)
