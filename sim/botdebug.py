"""When a bot fails in a batch: which bot, in which game and turn, and how to replay it.

The compiled engines cannot say where a bot raised (numba passes on only the
exception, or swallows it in a first-class function call), and they know
neither the bot files nor the command line. So a failed batch is narrowed
down to its first failing game by halving (games are independent), and that
one game is replayed with the game's reference engine (``GameSpec.replay``)
with every bot wrapped to record its calls: the failure is then named
exactly, once, with the seed, game, decision point and a complete
``sim <game> trace`` command. With ``--debug`` the game is replayed once more
calling each bot's pure Python function (``py_func``), for the bot's own
traceback.
"""

from __future__ import annotations

import shlex
import sys
import traceback
from contextlib import contextmanager
from dataclasses import fields, replace
from functools import partial

from sim.envs import outside
from sim.registry import BotCompileError, IllegalBotAction, Seat, bot_file_of


class BotFailure(ValueError):
    """A bot raised or chose an illegal action: one line naming the bot, the seed,
    the game, the decision point and the trace command that replays it."""

    def __init__(
        self,
        message: str,
        *,
        game: str = "",
        rules=None,
        specs: tuple = (),
        seed: int = 0,
        game_index: int = 0,
        raised: bool = False,
    ):
        super().__init__(message)
        self.game, self.rules, self.specs = game, rules, tuple(specs)
        self.seed, self.game_index, self.raised = seed, game_index, raised
        self.trace = ""  # the trace up to the failure, when it came from `trace`
        self.python_traceback = ""  # the bot's own traceback, from a py_func replay


class _BotRaised(Exception):
    """Internal: a wrapped bot raised; carries the seat, the call and the bot's traceback."""

    def __init__(self, seat: int, args: tuple, exc: BaseException, own_traceback: str):
        super().__init__(seat, args, exc)
        self.seat, self.call, self.exc, self.own_traceback = seat, args, exc, own_traceback


# ------------------------------------------------------------------ batches


def play_batch(game, rules, seats, seed: int, first_game: int, n_games: int):
    """``game.play_batch``; a bot failure in it is raised as a `BotFailure`."""
    try:
        return _play_checked(game, rules, seats, seed, first_game, n_games)
    except BotCompileError:
        raise
    except Exception as exc:
        if outside.at_table(seats):  # the replay runs compiled seats: an outside agent's error is told as it is
            agents = ", ".join(s.spec for s in seats if getattr(s.bot.fn, "plays_at_table", False))
            last = first_game + n_games - 1
            message = f"{agents} raised {type(exc).__name__}: {exc} (seed {seed}, games {first_game}..{last})"
            raise _failure(message, game, rules, seats, seed, first_game, raised=True) from None
        failing = _first_failing_game(game, rules, seats, seed, first_game, n_games)
        failure = replay(game, rules, seats, seed, failing)
        if failure is None:  # not a bot's doing: the engine's own error stands
            raise
        raise failure from None


def _play_checked(game, rules, seats, seed, first_game, n_games):
    """Play a batch; an exception numba swallowed (printing 'Exception ignored')
    in a bot called as a first-class function is raised instead."""
    play = partial(outside.play_batch, game) if outside.at_table(seats) else game.play_batch  # outside agents: reference engine
    swallowed = []
    previous, sys.unraisablehook = sys.unraisablehook, swallowed.append
    try:
        batch = play(rules, seats, seed, first_game, n_games)
    finally:
        sys.unraisablehook = previous
    if swallowed:
        raise swallowed[0].exc_value
    return batch


def _first_failing_game(game, rules, seats, seed, first_game, n_games) -> int:
    """The lowest game of a failed batch that fails alone, by halving."""
    first, n = first_game, n_games
    while n > 1:
        half = n // 2
        try:
            _play_checked(game, rules, seats, seed, first, half)
        except BotCompileError:
            raise
        except Exception:
            n = half
            continue
        first, n = first + half, n - half
    return first


# ------------------------------------------------------------------ one game


def replay(game, rules, seats, seed: int, game_index: int, log=None, python: bool = False) -> BotFailure | None:
    """Replay one game with the reference engine (every line to ``log``); the
    failure of a bot in it, or None. ``python``: call each bot's ``py_func``
    and keep its traceback."""
    if game.replay is None:
        return None
    wrapped = [_recording(game, seat, s, python) for s, seat in enumerate(seats)]
    try:
        game.replay(rules, wrapped, seed, game_index, log or (lambda line: None))
    except _BotRaised as raised:
        exc = raised.exc
        where = game.decision_point(raised.call)
        message = (
            f"bot {seats[raised.seat].spec!r} in seat {raised.seat} raised "
            f"{type(exc).__name__}: {exc} (seed {seed}, game {game_index}, {where}); "
            f"replay it with: {trace_command(game, rules, seats, seed, game_index)}"
            " --debug"
        )
        failure = _failure(message, game, rules, seats, seed, game_index, raised=True)
        failure.python_traceback = raised.own_traceback
        return failure
    except IllegalBotAction as exc:
        message = f"{exc}; replay it with: {trace_command(game, rules, seats, seed, game_index)}"
        return _failure(message, game, rules, seats, seed, game_index)
    return None


def _failure(message, game, rules, seats, seed, game_index, raised=False) -> BotFailure:
    return BotFailure(
        message, game=game.name, rules=rules, specs=[s.spec for s in seats], seed=seed, game_index=game_index, raised=raised
    )


def _recording(game, seat: Seat, index: int, python: bool) -> Seat:
    """The seat with its bot wrapped: an exception leaves as `_BotRaised`.
    The bot runs as the compiled engine runs it (`GameSpec.sealed`), so a
    bot that engine refuses is refused here too, before any call; with
    ``python`` (after that check) its pure Python function runs instead."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim import nb

    fn = game.sealed(seat.bot) if game.sealed is not None else seat.bot.fn
    if python:
        fn = getattr(seat.bot.fn, "py_func", seat.bot.fn)

    def decide(*args):
        try:
            return fn(*args)
        except Exception as exc:
            own = traceback.format_exception(type(exc), exc, exc.__traceback__.tb_next, chain=False)
            raise _BotRaised(index, args, exc, "".join(own)) from None

    return Seat(seat.spec, replace(seat.bot, fn=nb.engine_side(decide)), seat.params)


def python_traceback(game, failure: BotFailure) -> str:
    """The failing bot's own Python traceback, from replaying the failing game
    with its pure Python function (or why there is none)."""
    if not failure.raised:
        return "(no Python traceback: the bot returned an illegal action, it did not raise)\n"
    seats = [game.registry.parse(spec) for spec in failure.specs]
    again = replay(game, failure.rules, seats, failure.seed, failure.game_index, python=True)
    if again is None or not again.python_traceback:
        return (
            "(no Python traceback: as pure Python the bot did not raise in this game; "
            "numba's typed arithmetic may differ from Python's)\n"
        )
    return "The bot's Python traceback (reference engine, pure Python bots):\n" + again.python_traceback


# ------------------------------------------------------------------ the command


def trace_command(game, rules, seats, seed: int, game_index: int) -> str:
    """The ``sim <game> trace`` command line that replays this game exactly."""
    words = [
        "sim",
        game.name,
        "trace",
        "--seed",
        str(seed),
        "--game",
        str(game_index),
        "--players",
        str(rules.players),
        "--bots",
        ",".join(s.spec for s in seats),
    ]
    rule_text = rules_option(game, rules)
    if rule_text:
        words += ["--rules", rule_text]
    for path in dict.fromkeys(p for p in map(bot_file_of, (s.bot for s in seats)) if p):
        words += ["--bot-file", path]
    return shlex.join(words)


def rules_option(game, rules) -> str:
    """The ``--rules`` value that rebuilds ``rules`` (the fields that differ from
    the defaults for its player count; every field if that does not round-trip)."""
    default = game.rules_cls.from_strings({}, players=rules.players)
    names = [f.name for f in fields(rules) if f.name != "players"]
    changed = [n for n in names if getattr(rules, n) != getattr(default, n)]
    for subset in (changed, names):
        items = {n: _rule_text(getattr(rules, n)) for n in subset}
        if game.rules_cls.from_strings(items, players=rules.players) == rules:
            break
    return ",".join(f"{k}={v}" for k, v in items.items())


def _rule_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)


# ------------------------------------------------------------------ the CLI


@contextmanager
def shown(game, debug: bool = False):
    """Before a bot failure's one-line error: the trace up to it (from `trace`)
    on stdout and, with ``debug``, the bot's Python traceback on stderr."""
    try:
        yield
    except BotFailure as failure:
        if failure.trace:
            sys.stdout.write(failure.trace)
            sys.stdout.flush()
        if debug:
            sys.stderr.write(python_traceback(game, failure))
        raise
