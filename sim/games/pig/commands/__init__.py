"""Pig's own commands, one module each (solve); every module defines
``register(sub)``, picked up here, so adding a command means adding one file."""

from __future__ import annotations

import typer

from sim.cli_common import register_package


def register(sub: typer.Typer) -> None:
    register_package(sub, __name__, __path__)
