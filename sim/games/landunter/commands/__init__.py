"""The Land unter analysis commands, one module each (balance, seats, …).

Every module here defines ``register(sub)`` that adds its command(s) to the
``sim landunter`` group; `register` below picks them all up, so adding an
analysis command means adding one file.
"""

from __future__ import annotations

import typer

from sim.cli_common import register_package


def register(sub: typer.Typer) -> None:
    register_package(sub, __name__, __path__)
