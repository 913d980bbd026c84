"""Pig — the pure-Python reference engine, written to be read next to rules/pig.md.

Random streams (fixed order, all from ``sim.rng``). The dice come from
``game_stream(seed, game_index)``:

1. With the rule ``first=random``: ``randbelow(players)`` picks the seat that
   moves first (otherwise seat 0 does, and nothing is drawn).
2. Every roll: ``randbelow(6) + 1``.

Nothing else draws from the game's stream. A bot decides after every roll of
2..6 that does not reach the goal (a turn total that reaches it is banked at
once: the game is won); before each decision one ``uniform`` is drawn from
the seat's own ``bot_stream(seed, game_index, seat)`` and handed to its bot.

Sealed bots: a bot receives a fresh read-only view and a read-only copy of its
parameters; a write is refused with an error naming the bot, in both engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from sim import rng
from sim.games.pig import layout
from sim.games.pig.rules import Rules
from sim.plugins import Adapter, deciders
from sim.registry import IllegalBotAction
from sim.sealed import refuse_writes, seat_params

#: How this game's bots are called as plug-ins, by both engines (`sim.plugins`).
PLUGIN = Adapter("pig", layout.STATE_SIZE, phase=False)


class IllegalAction(IllegalBotAction):
    """A bot answered something other than ROLL (1) or HOLD (0)."""


class EndlessGame(ValueError):
    """The bots never hold: a game ran past `layout.MAX_TURNS` turns."""


def illegal_message(bot: str, seat: int, action: int, seed: int, game: int, turn: int) -> str:
    return (
        f"bot {bot!r} at seat {seat} answered {action}, which is neither roll (1) nor hold (0) "
        f"(seed {seed}, game index {game}, turn {turn + 1})"
    )


def endless_message(seed: int, game: int) -> str:
    return (
        f"game {game} of seed {seed} lasted {layout.MAX_TURNS:,} turns without a winner: the bots never hold; "
        "seat a bot that holds, or lower the goal"
    )


@dataclass
class GameRecord:
    score: list[int]
    winner: int = -1
    turns: int = 0
    rolls: int = 0
    first: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def win60(self) -> list[int]:
        """60 for the winner, 0 for the others (the tables' form of a shared win)."""
        return [60 if s == self.winner else 0 for s in range(len(self.score))]


def first_seat(rules: Rules, stream: rng.Stream) -> int:
    """Seat 0 moves first, or (``first=random``) a seat drawn from the game's stream."""
    return stream.randbelow(rules.players) if rules.first == "random" else 0


def roll_die(stream: rng.Stream) -> int:
    return stream.randbelow(6) + 1


def view(rules: Rules, rec: GameRecord, turn_total: int, rolls: int, face: int) -> np.ndarray:
    """The read-only state view a bot decides on (layout in `layout.py`)."""
    st = np.zeros(layout.STATE_SIZE, np.int64)
    st[layout.S_PLAYERS], st[layout.S_GOAL] = rules.players, rules.goal
    st[layout.S_TURN_TOTAL], st[layout.S_ROLLS], st[layout.S_LAST_ROLL] = turn_total, rolls, face
    st[layout.S_TURN], st[layout.S_FIRST] = rec.turns, rec.first
    st[layout.S_SCORE : layout.S_SCORE + rules.players] = rec.score
    st.flags.writeable = False
    return st


def play_game(
    rules: Rules, seats, seed: int, game_index: int, log: Callable[[str], None] | None = None, stream=None
) -> GameRecord:
    """Play game ``game_index`` of master ``seed``; each trace line to ``log``;
    ``stream``: the dice from another source (`sim.envs`), else the game's own."""
    say = log or (lambda line: None)
    stream = stream or rng.Stream(seed, game_index)
    rec = GameRecord(score=[0] * rules.players)
    rec.first = first_seat(rules, stream)
    say(f"Pig to {rules.goal}, {rules.players} players: " + ", ".join(f"seat {s} {seat.spec}" for s, seat in enumerate(seats)))
    say(f"seat {rec.first} moves first")
    return play_on(rules, seats, seed, game_index, stream, rec, rec.first, say=say)


def play_on(
    rules: Rules,
    seats,
    seed: int,
    game_index: int,
    stream: rng.Stream,
    rec: GameRecord,
    p: int,
    turn_total: int = 0,
    rolls: int = 0,
    forced: int | None = None,
    say: Callable[[str], None] = lambda line: None,
) -> GameRecord:
    """Play on from seat ``p``'s turn with ``turn_total`` rolled in ``rolls``
    rolls: a whole game from its start, or (a hint's rollout) from a decision
    under way whose answer is ``forced``."""
    n = rules.players
    bot_streams = [rng.Stream.for_bot(seed, game_index, s) for s in range(n)]
    params = seat_params(seats)
    decide = deciders(seats, PLUGIN)
    params.flags.writeable = False
    while rec.winner < 0:
        if rec.turns >= layout.MAX_TURNS:
            raise EndlessGame(endless_message(seed, game_index))
        faces = []
        while True:
            if forced is None:
                face = roll_die(stream)
                rec.rolls += 1
                rolls += 1
                faces.append(face)
                if face == 1:  # pig: the turn total is lost
                    turn_total = 0
                    break
                turn_total += face
                if rec.score[p] + turn_total >= rules.goal:  # banked at once: the game is won
                    rec.winner = p
                    break
                u = bot_streams[p].uniform()
                with refuse_writes(seats[p].bot.name):
                    action = int(decide[p](p, view(rules, rec, turn_total, rolls, face), params[p], u))
            else:
                action, forced = forced, None
            if action == layout.HOLD:
                break
            if action != layout.ROLL:
                raise IllegalAction(illegal_message(seats[p].bot.name, p, action, seed, game_index, rec.turns))
        rec.score[p] += turn_total
        ending = "wins" if rec.winner >= 0 else ("pig" if faces and faces[-1] == 1 else "holds")
        say(
            f"turn {rec.turns + 1}: seat {p} rolls {' '.join(map(str, faces)) or '-'} -> {ending}, "
            f"+{turn_total} = {rec.score[p]}  (scores {' '.join(map(str, rec.score))})"
        )
        rec.turns += 1
        turn_total, rolls = 0, 0
        if rec.winner < 0:
            p = (p + 1) % n
    say(f"seat {rec.winner} wins with {rec.score[rec.winner]}")
    return rec
