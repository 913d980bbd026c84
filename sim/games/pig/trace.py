"""Readable turn-by-turn log of one Pig game (reference engine): every turn's
rolls, how it ended (hold, pig, win) and the scores after it."""

from __future__ import annotations

from sim.games.pig import layout
from sim.games.pig.reference import play_game
from sim.games.pig.rules import Rules


def trace(rules: Rules, seats, seed: int, game_index: int) -> str:
    lines: list[str] = []
    replay(rules, seats, seed, game_index, lines.append)
    return "\n".join(lines) + "\n"


def replay(rules: Rules, seats, seed: int, game_index: int, log) -> None:
    """Play game ``game_index`` of ``seed`` on the reference engine, each trace line to ``log``."""
    play_game(rules, seats, seed, game_index, log=log)


def decision_point(args: tuple) -> str:
    """Where a bot call ``(seat, st, params, u)`` was made: its turn and roll."""
    st = args[1]
    return f"turn {int(st[layout.S_TURN]) + 1}, roll {int(st[layout.S_ROLLS])}"
