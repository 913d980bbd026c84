"""``sim landunter metrics`` and ``sim landunter design`` (`sim.design.commands`)."""

from __future__ import annotations

import typer

from sim.design import commands


def register(sub: typer.Typer) -> None:
    commands.register(sub, "landunter")
