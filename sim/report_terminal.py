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
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sim.report import FigureText, Report, TableText

if TYPE_CHECKING:
    import pandas as pd

Columns = dict  # column name -> values, in order
Cells = dict  # column name -> text cells, in order

LABEL_LIMIT = 16  # longer text cells become [a], [b], … when the table does not fit
MAX_KEYS = 3  # leading label columns repeated in every part of a split table


def show(report: Report, console: Console) -> None:
    """Print a report: Markdown text, fitted tables, one line per figure file."""
    from rich.markdown import Markdown  # markdown-it and pygments: ~0.1 s that `simulate`'s tables do not need

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


def print_table(table: pd.DataFrame | list[dict], console: Console, title: str | None = None) -> None:
    """A table fitted to the console, then its legend: one line per long label,
    never folded (a terminal wraps it on screen, and a copy gets it whole)."""
    tables, legend = fitted(table, console)
    if title:
        console.print(Text(title, style="bold"))
    for table in tables:
        console.print(table)
        console.print()
    for tag, label in legend.items():
        console.print(Text(f"{tag} {label}"), soft_wrap=True)
    if legend:
        console.print()


def columns_of(table: pd.DataFrame | list[dict]) -> Columns:
    """The table's columns in order: a DataFrame's as lists, or those of a list
    of row dicts with pandas' upcasting (a number column holding a float or a
    gap becomes floats, gaps NaN), so both print alike without importing pandas."""
    if hasattr(table, "columns"):
        return {name: table[name].tolist() for name in table.columns}
    names = list(dict.fromkeys(name for row in table for name in row))
    columns = {name: [row.get(name) for row in table] for name in names}
    for name, values in columns.items():
        given = [v for v in values if v is not None]
        if given and all(_number(v) for v in given) and (len(given) < len(values) or any(isinstance(v, float) for v in given)):
            columns[name] = [math.nan if v is None else float(v) for v in values]
    return columns


def fitted(table: pd.DataFrame | list[dict], console: Console) -> tuple[list[Table], dict[str, str]]:
    """The table as rich tables no wider than the console, and the legend
    (tag -> label) of the labels it abbreviated."""
    columns = columns_of(table)
    cells = readable(columns)
    width = console.width
    if (whole := _laid_out(cells, width, console)) is not None:
        return [whole], {}
    keys = row_keys(columns)
    legend = {}
    if _laid_out(_pick(cells, keys), width // 2, console) is None:  # labels would crowd out the figures
        cells, legend = abbreviated(cells, keys)
    parts, group = [], []
    for column in (c for c in cells if c not in keys):
        if group and _laid_out(_pick(cells, keys + group + [column]), width, console) is None:
            parts.append(group)
            group = []
        group.append(column)
    parts.append(group)
    tables = [_laid_out(_pick(cells, keys + g), width, console) or _table(_pick(cells, keys + g), None) for g in parts]
    return tables, legend


def row_keys(columns: Columns) -> list:
    """The leading label columns that tell the rows apart (at most MAX_KEYS):
    the labels repeated in every part of a split table. A whole-number column
    after them is data (``depth 4``, ``hi 1``), not a label to repeat."""
    keys: list = []
    rows = len(next(iter(columns.values()), []))
    for name in takewhile(lambda c: _is_label(columns[c]), list(columns)[:MAX_KEYS]):
        keys.append(name)
        if len(set(zip(*(map(repr, columns[k]) for k in keys)))) == rows:
            break
    return keys


def readable(columns: Columns) -> Cells:
    """Cells as text; a number followed by its ``*_lo`` and ``*_hi`` columns
    becomes one ``mean [lo, hi]`` column."""
    names = list(columns)
    shown = {}
    i = 0
    while i < len(names):
        name = names[i]
        pair = names[i + 1 : i + 3]
        if (
            len(pair) == 2
            and str(pair[0]).endswith("_lo")
            and str(pair[1]).endswith("_hi")
            and all(all(map(_number, columns[c])) for c in [name, *pair])
        ):
            shown[name] = [ci_text(m, lo, hi) for m, lo, hi in zip(columns[name], columns[pair[0]], columns[pair[1]])]
            i += 3
        else:
            shown[name] = [_cell(v) for v in columns[name]]
            i += 1
    return shown


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


def abbreviated(cells: Cells, names: list) -> tuple[Cells, dict[str, str]]:
    """Labels in these columns longer than LABEL_LIMIT replaced by ``[a]``,
    ``[b]`` …, and the legend (tag -> label) that spells them out."""
    long = list(dict.fromkeys(v for row in zip(*(cells[c] for c in names)) for v in row if len(v) > LABEL_LIMIT))
    tags = {v: f"[{_tag(i)}]" for i, v in enumerate(long)}
    short = {c: [tags.get(v, v) for v in values] if c in names else values for c, values in cells.items()}
    return short, {tag: label for label, tag in tags.items()}


def _tag(i: int) -> str:
    return ascii_lowercase[i] if i < 26 else f"{ascii_lowercase[i // 26 - 1]}{ascii_lowercase[i % 26]}"


def _pick(cells: Cells, names: list) -> Cells:
    return {c: cells[c] for c in names}


def _laid_out(cells: Cells, width: int, console: Console) -> Table | None:
    """The table with column widths that fit in ``width``, or None if it cannot fit.

    A column is at least as wide as its widest cell and its header's longest
    word; spare width lets headers stand on one line, left to right."""
    least = [max([len(v) for v in values] + [max(map(len, _header(c).split()), default=0)]) for c, values in cells.items()]
    full = [max([len(v) for v in values] + [len(_header(c))]) for c, values in cells.items()]
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


def _table(cells: Cells, widths: list[int] | None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for i, (name, values) in enumerate(cells.items()):
        table.add_column(
            Text(_header(name)),
            justify="right" if all(map(_numeric, values)) else "left",
            width=None if widths is None else widths[i],
            overflow="fold",
        )
    for row in zip(*cells.values()):
        table.add_row(*map(Text, row))
    return table


def _header(name) -> str:
    return str(name).replace("_", " ")


def _measure(console: Console, table: Table) -> int:
    """Columns a table takes, measured as if the console were unbounded."""
    return console.measure(table, options=console.options.update_width(10_000)).maximum


def _number(value) -> bool:
    """A value of a numeric pandas column: a number, NaN included (bool too, as in pandas)."""
    return isinstance(value, (int, float))


def _is_label(values: list) -> bool:
    """A column that names the row (text or whole numbers) rather than a figure."""
    return not (values and all(isinstance(v, float) for v in values)) and not any(isinstance(v, str) and "[" in v for v in values)


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
