"""The small protocol through which `sim/` core drives a game.

The core (runner, store, CLI plumbing) knows a game only through a `GameSpec`:
its rules class, its bot registry and a handful of functions. Each game's
package under `sim/games/` builds one in its ``spec.py``; `sim.games.GAMES` is the
one list of games, read from the ``deepsim.games`` entry points. Every fact the
core needs about a game is a field here; nothing in the core names a game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:  # not at run time: `sim --help` lists the games without numpy
    from sim.registry import Registry


@dataclass(frozen=True)
class GameHelp:
    """The game's own words and examples in `sim <game> … --help`. Kept in the
    game package's ``HELP`` (read, like its ``TITLE``, before the engine
    loads) and in its spec's ``help``; another game's examples never show."""

    bots: str = "random"  # --bots: one spec for every seat, or one per seat
    rules: str = ""  # --rules: a few key=value options
    rules_doc: str = "docs/rules/"  # where every rule key, default and value is listed
    field: str = "random"  # --field of `train`: the opponents
    per_round: str = "per-round"  # simulate's figures besides per seat: per-dive, per-deal


@dataclass(frozen=True)
class GameSpec:
    name: str  # CLI name: "luft", "landunter"
    title: str  # "Geteilte Luft"
    rules_cls: type  # frozen dataclass: from_strings(dict), to_array(), VERSION
    registry: Registry
    # play_batch(rules, seats, seed, first_game, n_games) -> NamedTuple of arrays
    play_batch: Callable[..., Any]
    # metrics(batch, rules) -> {column: per-game numeric array}; summed by the runner
    metrics: Callable[..., dict]
    # histograms(batch, rules) -> {name: fixed-size int array}; summed by the runner
    histograms: Callable[..., dict]
    # summary(totals, rules, seats) -> JSON-ready dict (figures as {"mean", "ci95"})
    summary: Callable[..., dict]
    # per-seat metrics ("seat{s}.<name>") shown per entrant in tournaments, besides "win"
    seat_figures: tuple[str, ...] = ("score",)
    # replay(rules, seats, seed, game, log): one game on the reference engine, every
    # trace line to log; lets `sim.botdebug` find and name a failing bot decision
    replay: Callable[..., Any] | None = None
    # decision_point(args of a bot call) -> "dive 2, turn 5": where a bot decided
    decision_point: Callable[[tuple], str] | None = None
    # module whose register(sub) adds this game's own commands (analyses, play) to
    # `sim <game>`; named, not imported, so the API never loads typer
    commands: str | None = None
    # reference_batch(rules, seats, seed, first_game, n_games): the batch play_batch
    # returns, played by the pure-Python reference engine (the engines' differential test)
    reference_batch: Callable[..., Any] | None = None
    # tally(batch, rules) -> the batch's runner.Totals, equal to summing metrics and
    # histograms but in compiled code (sim.tally); None falls back to that sum
    tally: Callable[..., Any] | None = None
    # the player counts the game is played at, (fewest, most): analyses' defaults and reports
    players: tuple[int, int] = (2, 6)
    # built-in bots left out of default fields that would play thousands of games
    # (exploit's default list): search bots whose every game costs a thousand of the others'
    slow_bots: tuple[str, ...] = ()
    # the generic command families the game takes (`sim.cli.GENERIC_COMMANDS`): "strong"
    # (train, exploit, population), "design" (metrics, design), "play" (play, replay, review)
    offers: tuple[str, ...] = ()
    # module of the game's design facts (METRICS, FIELD, knobs: `sim.design`), or None
    design: str | None = None
    # module whose TABLE is the game's terminal table (`sim.play.table.GameTable`), or None
    play: str | None = None
    # sealed(bot) -> the decide function both engines run for a bot: a user's bot
    # through its compiled plug-in (refused, bounds-checked as in play_batch)
    sealed: Callable[..., Any] | None = None
    # the game's own examples and words in --help (the package's HELP)
    help: GameHelp = GameHelp()
    # module of the game's face for `sim.envs` (PettingZoo, Gymnasium, OpenSpiel), or None
    env: str | None = None
    # module of the game's rules page (TEMPLATE, words(rules), SOURCES: `sim <game> rulebook`), or None
    rulebook: str | None = None


def game_help(package: str) -> GameHelp:
    """The help of the game in ``package`` without loading its engine (its ``HELP``)."""
    return getattr(importlib.import_module(package), "HELP", GameHelp())


def lazy_game(package: str):
    """A game package's module ``__getattr__``: ``GAME`` is built from
    ``<package>.spec`` on first use, not on import. Importing the package must
    not import the engine: bots import helper modules of the package, and the
    engine imports the bots, so an eager import would be a cycle."""

    def __getattr__(name):
        if name == "GAME":
            return importlib.import_module(f"{package}.spec").GAME
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
