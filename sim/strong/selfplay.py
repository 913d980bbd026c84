"""A policy's own decisions, recorded: it plays itself in every seat on a game's
reference engine (which calls bots from Python), and every call goes through a
recorder first. The turn-back card and the card rule fit their rules to these."""

from __future__ import annotations

import dataclasses

from sim.progress import progress_bar
from sim.registry import Seat
from sim.strong.train import layout_of


def self_play(play_game, rules, seat: Seat, record, seed: int, first: int, games: int, progress=None) -> None:
    """Play games first … first + games − 1 of ``seed`` with ``play_game(rules,
    seats, seed, game)`` and ``seat`` in every seat; each bot call's answer is
    passed on as ``record(game, answer, *call)``."""
    decide = seat.bot.fn
    game = [first]

    def recorded(*call):
        answer = decide(*call)
        record(game[0], answer, *call)
        return answer

    seats = [dataclasses.replace(seat, bot=dataclasses.replace(seat.bot, fn=recorded))] * rules.players
    bar = progress_bar(f"positions, {rules.players} players", progress)
    with bar:
        task = bar.add_task("games", total=games)
        for g in range(first, first + games):
            game[0] = g
            play_game(rules, seats, seed, g)
            bar.advance(task)


def is_policy(game, seat: Seat) -> bool:
    """Whether ``seat`` plays the game's trainable `policy` (its weights can be read and trained)."""
    return "policy" in game.registry.names() and getattr(seat.bot.options, "__self__", None) is layout_of(game)


def policy_seat(game, spec: str, players: int) -> Seat:
    """``spec`` parsed for a table of ``players``; it must be a `policy` (its weights are what a rule is fitted to)."""
    seat = game.registry.parse(spec, players)
    if not is_policy(game, seat):
        raise ValueError(f"--bot {spec!r} is not a policy bot; give trained, policy:file=PATH or policy:preset=NAME")
    return seat
