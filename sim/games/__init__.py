"""The registered games: the one place a game is listed.

Each entry maps the CLI name to the package whose ``spec.py`` builds the game's
`GameSpec`. `sim.api` and the CLI read this mapping and nothing else, so adding
a game is one line here. Packages are named, not imported: listing the games
costs nothing, and a game's engine loads when it is first used.
"""

from __future__ import annotations

import importlib

GAMES = {"luft": "sim.games.luft", "landunter": "sim.games.landunter"}


def get_game(name: str):
    """The `GameSpec` of a registered game (ValueError naming the choices otherwise)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name] + ".spec").GAME
