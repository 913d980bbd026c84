"""The contract a bot and a game must meet, as code anyone can run (like
PettingZoo's ``api_test``): the suite runs it over every (game, bot) pair,
and ``sim <game> check-bot FILE`` runs it on a user's bot file.

`check_bot` — a bot's contract:

* legal actions only: it plays whole games in every seat, on both engines,
  and the engines refuse nothing it answers;
* sealed view: it only reads its state view and parameters (a write is
  refused by both engines);
* same seed, same decisions: the same games played twice come out the same,
  and the reference engine (the bot called from plain Python) agrees with the
  compiled one game for game;
* parameters respected: it plays at each parameter's low and high end.

`check_game` — a game's conformance: its rules round-trip through their
strings, its reference and compiled engines agree with every built-in bot
seated, a trace replays to the same text, and results do not depend on how
the games are split into batches.

Each returns the list of what fails, one line each ([] when it passes).
"""

from __future__ import annotations

import numpy as np

from sim.games import get_game
from sim.registry import BotError

DEPENDS = "the bot's decisions depend on more than its view, parameters and u"
BASELINE = "random"  # every game's baseline bot: the bot under test's neighbours


def _rules(game, players: int | None):
    return game.rules_cls.from_strings({}, **({"players": players} if players is not None else {}))


def _same(a, b) -> str | None:
    """The first field in which two batches differ, or None."""
    for field in a._fields:
        x, y = getattr(a, field), getattr(b, field)
        if (x is None) != (y is None) or (x is not None and not np.array_equal(x, y)):
            return field
    return None


def _play(game, rules, seats, seed: int, games: int, engine: str):
    play = game.play_batch if engine == "compiled" else game.reference_batch
    return play(rules, seats, seed, 0, games)


def _failure(what: str, exc: Exception) -> str:
    return f"{what}: {type(exc).__name__}: {' '.join(str(exc).split())}"


def check_bot(game_name: str, spec: str, players: int | None = None, games: int = 12, seed: int = 0) -> list[str]:
    """What bot ``spec`` of game ``game_name`` fails of the contract (module doc), at a
    table of ``players`` (default: the rules'); ``games`` per seat, on each engine."""
    game = get_game(game_name)
    rules = _rules(game, players)
    n = rules.players
    try:
        bot = game.registry.parse(spec, n)
        baseline = game.registry.parse(BASELINE, n)
    except BotError as e:
        return [_failure(f"spec {spec!r}", e)]
    failures: list[str] = []
    for s in range(n):
        seats = [baseline] * n
        seats[s] = bot
        where = f"seat {s} of {n}"
        batches = {}
        for engine in ("compiled", "reference"):
            try:
                batches[engine] = _play(game, rules, seats, seed + s, games, engine)
            except Exception as e:  # the engines name the bot and what it did
                failures.append(_failure(f"{where}, {engine} engine", e))
        if len(batches) < 2:
            continue
        differ = _same(batches["compiled"], batches["reference"])
        if differ:
            failures.append(f"{where}: the compiled and reference engines disagree on {differ!r} ({DEPENDS})")
        again = _play(game, rules, seats, seed + s, games, "compiled")
        differ = _same(batches["compiled"], again)
        if differ:
            failures.append(f"{where}: the same seed gave other games ({differ!r}): {DEPENDS}")
    for p in bot.bot.params:
        for value in (p.low, p.high):
            text = f"{bot.bot.name}:{p.name}={value:g}"
            try:
                seats = game.registry.parse_seats([text] + [BASELINE] * (n - 1), n)
                game.play_batch(rules, seats, seed, 0, max(2, games // 4))
            except Exception as e:
                failures.append(_failure(f"parameter {p.name}={value:g}", e))
    return failures


def check_game(game_name: str, games: int = 20, seed: int = 0) -> list[str]:
    """What game ``game_name`` fails of the conformance checks (module doc)."""
    game = get_game(game_name)
    failures: list[str] = []
    rules = _rules(game, None)
    again = game.rules_cls.from_strings({k: _as_text(v) for k, v in rules.to_dict().items()})
    if again != rules:
        failures.append(f"rules do not round-trip through their strings: {rules} became {again}")
    n = rules.players
    names = [b for b in game.registry.names() if game.registry.get(b).builtin_id >= 0]
    for b in names:
        try:
            seats = game.registry.parse_seats(b, n)
        except BotError:  # a bot solved for other tables
            continue
        a, r = _play(game, rules, seats, seed, games, "compiled"), _play(game, rules, seats, seed, games, "reference")
        differ = _same(a, r)
        if differ:
            failures.append(f"bot {b}: the compiled and reference engines disagree on {differ!r}")
    seats = game.registry.parse_seats(BASELINE, n)
    whole = _outcomes(game, rules, [game.play_batch(rules, seats, seed, 0, games)])
    parts = _outcomes(game, rules, [game.play_batch(rules, seats, seed, a, b - a) for a, b in ((0, 1), (1, games))])
    if whole[0].keys() != parts[0].keys() or any(not np.array_equal(whole[0][k], parts[0][k]) for k in whole[0]):
        failures.append("per-game results depend on how the games are split into batches")
    elif not whole[1].equals(parts[1]):
        failures.append("the summed results depend on how the games are split into batches")
    # deferred: loads numba, pandas and scipy, slow to import (python -X importtime), for this path only
    from sim import api

    if len({api.trace(game_name, {}, BASELINE, seed=seed, game_index=1) for _ in range(2)}) != 1:
        failures.append("a trace of the same game is not the same text twice")
    return failures


def _outcomes(game, rules, batches):
    """The per-game metrics of batches in game order, and the batches folded as the runner does."""
    # deferred: loads numba, slow to import (python -X importtime), for this path only
    from sim.runner import Totals

    metrics = [game.metrics(b, rules) for b in batches]
    totals = Totals()
    for b, m in zip(batches, metrics):
        totals.add(m, game.histograms(b, rules), len(next(iter(m.values()))))
    return {k: np.concatenate([m[k] for m in metrics]) for k in metrics[0]}, totals


def _as_text(value) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (tuple, list)):
        return ",".join(map(str, value))
    return str(value)
