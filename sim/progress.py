"""The one progress bar every long run shows (simulate, tournament, analyses)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar(label: str, show: bool | None = None, rate: bool = False) -> Progress:
    """A rich bar on stderr that vanishes when done; shown on a terminal only,
    unless ``show`` says. ``label``: its text, or ``"{task.description}"``
    for a text the run updates; ``rate``: a games/s column (task field ``rate``)."""
    console = Console(stderr=True)
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn()]
    if rate:
        columns.append(TextColumn("{task.fields[rate]} games/s"))
    return Progress(
        *columns,
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not (console.is_terminal if show is None else show),
    )
