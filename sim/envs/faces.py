"""The registered games' faces for `sim.envs` (the module its spec names as ``env``)."""

from __future__ import annotations

import importlib
from dataclasses import MISSING, fields

from sim.games import GAMES, get_game


def face(game: str):
    """The `env` module of a registered game (ValueError naming the choices otherwise)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose one of: {', '.join(GAMES)}")
    module = get_game(game).env
    if module is None:
        raise ValueError(f"game {game!r} has no environment face (its spec names no env module)")
    return importlib.import_module(module)


def rules_of(face, players: int | None = None, rules: dict | None = None):
    """The game's Rules from a player count and rule options (values or strings);
    unknown options raise the game's own one-line error."""
    items = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in (rules or {}).items()}
    if players is not None:
        items["players"] = str(players)
    return face.RULES.from_strings(items)


def scalar_rule_defaults(face) -> dict:
    """The rule options with a single value (int, bool, str) and their defaults."""
    out = {}
    for f in fields(face.RULES):
        if f.default is not MISSING and isinstance(f.default, (bool, int, str)):
            out[f.name] = f.default
    return out
