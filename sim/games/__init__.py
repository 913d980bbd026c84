"""The registered games: found through the entry-point group ``deepsim.games``.

Each entry maps the CLI name to the package whose ``spec.py`` builds the game's
`GameSpec` (deepsim's own are the lines under
``[project.entry-points."deepsim.games"]`` in pyproject.toml; a separate
package registers a game the same way in its own metadata). `sim.api` and the
CLI read this mapping and nothing else, so adding a game is one line.
Packages are named, not imported: listing the games costs nothing, and a
game's engine loads when it is first used.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

GROUP = "deepsim.games"


def registered() -> dict[str, str]:
    """{CLI name: package} of every game installed, in registration order."""
    games = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    if not games:
        raise SystemExit(
            f"error: no game is registered (entry points {GROUP!r}): deepsim's installed metadata is "
            'out of date; reinstall it with pip install -e ".[test]"'
        )
    return games


GAMES = registered()


def get_game(name: str):
    """The `GameSpec` of a registered game (ValueError naming the choices otherwise)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of: {', '.join(GAMES)}")
    return importlib.import_module(GAMES[name] + ".spec").GAME


def package(name: str):
    """A registered game's package, imported (cheap: its engine loads only with ``.GAME``)."""
    return importlib.import_module(GAMES[name])
