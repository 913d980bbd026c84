"""Pig's part of the designer's workbench (`sim.design`): its pace metrics
beyond the generic ones, the default field and the rule knobs a design study
may search (the goal, who moves first). Computed from the per-game outputs
both engines fill (`sim.games.pig.outputs.Batch`)."""

from __future__ import annotations

import numpy as np

from sim.design.knobs import Knob
from sim.design.metric_defs import Metric
from sim.games.pig.rules import FIRST, MAX_GOAL

#: Play styles at any player count (`optimal` is solved for two players only): the trained
#: policy, the classic hold at 20, a bolder hold at 30 and chance; the strongest first.
FIELD = ("trained", "hold:n=20", "hold:n=30", "random")
FIELD_STYLES = "trained, hold at 20 hold:n=20, bold hold:n=30, chance random"
STRONG, WEAK = "hold:n=20", "random"
ALIASES = {"fairness": "seat_gap", "tension": "close_finish", "pace": "turns"}

METRICS = (
    Metric(
        "close_finish",
        1,
        "tension: the best losing score at the end as a share of the goal (near 1: the losers were about to win too)",
    ),
    Metric("turns", 0, "pace: turns per game (all seats, the winning turn included)"),
    Metric("rolls_per_turn", 0, "pace: dice rolled per turn"),
)


def columns(batch, rules) -> dict[str, np.ndarray]:
    """One value per game for each of `METRICS`."""
    losers = np.where(batch.win60 > 0, -1, batch.score)
    return {
        "close_finish": losers.max(axis=1) / rules.goal,
        "turns": batch.turns.astype(np.int64),
        "rolls_per_turn": batch.rolls / np.maximum(batch.turns, 1),
    }


def pooled(totals) -> dict:
    """No metric of Pig needs all games at once."""
    return {}


KNOBS = {
    "goal": Knob("goal", "int", (1, MAX_GOAL), "the score that wins"),
    "first": Knob("first", "choice", FIRST, "who moves first: seat 0 or a seat drawn per game"),
}

DEFAULT_KNOBS = "goal=50..150,first"
CONSTRAINT_EXAMPLE = "turns=10..40"  # a --constraint in --help


def rules_for(values: dict) -> dict[str, str]:
    """Rule options of one point of the knob space (every knob is a rule option)."""
    return {k: str(v) for k, v in values.items()}


PLAYERS = (2, 6)


def at_players(players: int, rules: dict) -> dict:
    """The rules of a table of ``players``."""
    return {**rules, "players": players}
