"""The Land unter analysis commands, one module each (balance, seats, …).

Every module here defines ``register(sub)`` that adds its command to the
``sim landunter`` group; `register` below picks them all up, so adding an
analysis command means adding one file.
"""
from __future__ import annotations

import importlib
import pkgutil

import typer


def register(sub: typer.Typer) -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}").register(sub)
