"""Readable round-by-round log of one Land unter game (reference engine).

``trace(rules, seats, seed, game_index)`` replays game ``game_index`` of
master ``seed`` exactly as both engines play it and returns the log: the hands
and their ring counts, per round the two flood cards, every card played, who
takes which flood card, who flips a ring (and how many are left), eliminations
and the cascade after one, the early end with two players left, each deal's
scoring, the hands passed left, and the winner.
"""
from __future__ import annotations

from sim.games.landunter.reference import play_game
from sim.games.landunter.rules import Rules


def trace(rules: Rules, seats, seed: int, game_index: int) -> str:
    lines: list[str] = []
    play_game(rules, seats, seed, game_index, log=lines.append)
    return "\n".join(lines) + "\n"
