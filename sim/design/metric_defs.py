"""What each design metric means, and the per-game pieces several games
share (lead changes, whether the last stage decided, upsets). Plain numpy:
the CLI imports this for its --help without loading the engines."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import numpy as np

from sim.games import get_game


@dataclass(frozen=True)
class Metric:
    """One design metric: its name (``--objectives``/``--constraint`` key),
    which way is better for a designer (+1 higher, -1 lower, 0 neither) and its
    precise definition (shown in --help and the README)."""

    name: str
    better: int
    definition: str
    share: bool = False  # a share of games or dives: its CI is kept inside [0, 1]


GENERIC = (
    Metric(
        "seat_gap",
        -1,
        "seat fairness: the largest |win share of a seat - 1/n| over the seats in the field "
        "games (a shared win counts 1/k), bias-corrected (a largest deviation of noisy shares is biased "
        "upwards: 2 x estimate - mean of its Poisson-bootstrap replicates over games) with the basic "
        "bootstrap 95% CI, both clipped at 0, so a fair game can show a gap of 0 inside its CI",
    ),
    Metric("seat0_edge", 0, "win share of seat 0 (who starts) - 1/n in the field games; Wilson CI"),
    Metric("skill", 1, "win share of the strong bot against n-1 weak bots - 1/n (0: skill does not help); Wilson CI"),
    Metric(
        "upset_rate",
        0,
        "skill games: share of (game, weak bot) pairs in which the weak bot finishes ahead "
        "of the strong one (a tie counts 1/2); per-game means, t CI",
    ),
)


EXPLOIT = Metric(
    "exploit",
    -1,
    "degenerate play (only with --exploit, or when an objective or constraint names it): a `policy` best "
    "response trained with CMA-ES (as `sim <game> exploit`) against the field's first n-1 bots (cycled when "
    "the field is shorter) under this rule set, then played on fresh games: its win share - 1/n; Wilson CI. "
    "A small budget understates the gain",
)

#: Bots whose shipped weights were tuned under the default rules (a report seating one says so).
TUNED_TO_DEFAULTS = ("trained", "distilled")
TRAINED_NOTE = (
    "`trained` and `distilled` were tuned under the default rules: a rule set far from them is evaluated "
    "with a bot not tuned to it"
)


def upsets(cols: dict[str, np.ndarray], strong_seat: int, players: int) -> np.ndarray:
    """Per game: the share of weak seats that finished ahead of the strong seat,
    from the head-to-head columns ``pair{a}.{b}`` (a ahead of b: 1, tie: 1/2)."""
    ahead = []
    for s in range(players):
        if s < strong_seat:
            ahead.append(np.asarray(cols[f"pair{s}.{strong_seat}"], dtype=float))
        elif s > strong_seat:
            ahead.append(1.0 - np.asarray(cols[f"pair{strong_seat}.{s}"], dtype=float))
    return np.mean(ahead, axis=0)


def lead_changes(leaders: np.ndarray) -> np.ndarray:
    """Per game: how often the sole leader after a stage (dive, deal) differs
    from the sole leader after the stage before (leaders [game, stage], -1 for
    a tie for the lead: "no sole leader" is a state of its own)."""
    leaders = np.asarray(leaders)
    if leaders.shape[1] < 2:
        return np.zeros(leaders.shape[0], np.int8)
    return (leaders[:, 1:] != leaders[:, :-1]).sum(axis=1).astype(np.int8)


def decided_by_last(leader_before_last: np.ndarray, win: np.ndarray) -> np.ndarray:
    """1 where the last stage decided the game: before it nobody led alone
    (-1), or the sole leader then did not win (not even a share); ``win``
    [game, seat] > 0 marks a (shared) win."""
    leader = np.asarray(leader_before_last, dtype=np.int64)
    won = np.take_along_axis(np.asarray(win), np.maximum(leader, 0)[:, None], axis=1)[:, 0] > 0
    return ((leader < 0) | ~won).astype(np.int8)


def design_module(game_name: str):
    """The game's design module (its spec's ``design``): its metrics,
    default field, strong and weak bots, and rule knobs."""
    module = get_game(game_name).design
    if module is None:
        raise ValueError(f"{game_name} has no design metrics yet")
    return importlib.import_module(module)


def all_metrics(game_name: str, exploit: bool = True) -> tuple[Metric, ...]:
    """The generic metrics, the game's own, then (unless ``exploit`` is false)
    the optional degenerate-play metric."""
    return GENERIC + tuple(design_module(game_name).METRICS) + ((EXPLOIT,) if exploit else ())
