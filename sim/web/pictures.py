"""A game's pictures for the web table: ``sim/games/<game>/picture.py`` supplies
``svg(rules, phase, seat, st, players)`` (the table as that seat sees it) and
``moves(phase, seat, st)`` (every move, ``None`` for the illegal ones)."""

from __future__ import annotations

import importlib

from sim import api


def picture_of(game: str):
    api.get_game(game)  # a clear error for an unknown game
    return importlib.import_module(api.GAMES[game] + ".picture")
