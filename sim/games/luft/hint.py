"""Hints at the Geteilte Luft table: each legal choice's win chance, by rollouts.

A rollout plays the game again in the reference engine: the decisions made so
far are fed back, the choice under test is made, and from there every seat is
played by its bot (the person's seat by the hint bot) on a fresh random stream.
What the players cannot know is drawn anew: the order of the undrawn value
cards and of the swim deck's remaining cards. So a hint never peeks at the
real game's future.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim.games.luft.reference import Game

ROLLOUT_GAMES = 1 << 40  # rollout k of a game draws from stream (seed, ROLLOUT_GAMES + k)


def forget_hidden(game: Game):
    """Shuffle what no player can see: undrawn value cards, the swim deck's order."""
    for deck in game.value_decks:
        deck[:] = [int(x) for x in game.stream.shuffle(np.array(deck, dtype=np.int64))]
    if game.swim_deck:
        game.swim_deck = [int(x) for x in game.stream.shuffle(np.array(game.swim_deck, dtype=np.int64))]


def rollout_wins(
    table, rules, seats, seed: int, history: list[int], seat: int, st: np.ndarray, choices, hint_bot, rollouts: int
) -> list[list[float]]:
    """Win share of ``seat`` in each of ``rollouts`` games after each choice.

    Rollout k draws from the same stream whatever the choice (common random
    numbers), so two choices' wins can be compared game by game. ``st``: the
    view at the position; each rollout checks that it reached the same one.
    """
    from sim.play.table import HUMAN, hooked

    wins: list[list[float]] = []
    for choice in choices:
        wins.append([])
        for k in range(rollouts):
            game: list[Game] = []
            step = [0]

            def decide(s, phase, view, u):
                i, step[0] = step[0], step[0] + 1
                if i < len(history):
                    return history[i]
                if i == len(history):
                    if s != seat or not np.array_equal(view, st):
                        raise RuntimeError(
                            "a hint rollout did not reach the position of the game; the decisions so far do not replay"
                        )
                    game[0].stream = rng.Stream(seed, ROLLOUT_GAMES + k)
                    forget_hidden(game[0])
                    return choice.action
                bot = hint_bot if seats[s].spec == HUMAN else seats[s]
                return table.bot_move(bot, s, phase, view, u)

            game.append(Game(rules, hooked(table, seats, decide), seed, 0))
            wins[-1].append(game[0].play().win60[seat] / 60)
    return wins
