"""Single keys at the table: only legal choices are accepted, anything else
gets one clear line; ``?`` shows the rules summary, ``q`` asks before quitting."""

from __future__ import annotations

import sys
import termios
from dataclasses import dataclass
from typing import Callable

import click
from rich.console import Console
from rich.markup import escape

HELP_KEY, QUIT_KEY, HINT_KEY = "?", "q", "h"


@dataclass(frozen=True)
class Choice:
    key: str  # one character; never "?" or "q" (nor "h" in a game with hints)
    action: int  # what the engine receives
    label: str  # what the screen says


class QuitGame(Exception):
    """The player confirmed quitting; the log so far stays resumable."""


def read_key() -> str:
    """One key press from the terminal, without Enter (Ctrl-C raises KeyboardInterrupt)."""
    return click.getchar()


def drop_typeahead():
    """Forget keys pressed while the bots were thinking: a new question gets fresh keys."""
    if sys.stdin.isatty():
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


def choices_line(choices: list[Choice], hint: bool = False) -> str:
    return (
        "  ".join(f"[bold]{escape(f'[{c.key}]')}[/bold] {escape(c.label)}" for c in choices)
        + f"   ({f'[bold]{HINT_KEY}[/bold] hint, ' if hint else ''}"
        f"[bold]{escape(HELP_KEY)}[/bold] rules, [bold]{QUIT_KEY}[/bold] quit)"
    )


def choose(
    console: Console,
    draw: Callable[[], None],
    prompt: str,
    choices: list[Choice],
    rules_summary: str,
    keys: Callable[[], str] = read_key,
    hint: Callable[[], str] | None = None,
) -> int:
    """Draw the screen, read keys until one names a legal choice; return its action.
    ``hint`` (if given) makes the key ``h`` show its text under the table."""
    by_key = {c.key: c for c in choices}
    message = ""
    drop_typeahead()
    while True:
        console.clear()
        draw()
        if message:
            console.print(message, highlight=False)
        console.print(f"{prompt} — choose: {choices_line(choices, hint is not None)}", highlight=False)
        key = keys()
        if key in by_key:
            return by_key[key].action
        if key == HINT_KEY and hint is not None:
            console.print("thinking ...", highlight=False)
            message = hint()
        elif key == HELP_KEY:
            console.clear()
            console.print(rules_summary, highlight=False)
            console.print("press any key to go back to the table", highlight=False)
            keys()
            message = ""
        elif key == QUIT_KEY:
            console.print(
                "Quit this game? The log keeps every decision so far; [bold]y[/bold] quits, any other key goes on.",
                highlight=False,
            )
            if keys().lower() == "y":
                raise QuitGame
            message = ""
        else:
            shown = key if key.isprintable() else repr(key)
            message = (
                f"[red]'{escape(shown)}' is not a choice here[/red]; press one of "
                f"{', '.join(by_key)} ({HELP_KEY} rules, {QUIT_KEY} quit)"
            )
