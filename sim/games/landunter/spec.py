"""The Land unter `GameSpec`: the one object through which `sim/` core drives this game."""

import numpy as np

from sim.game import GameSpec
from sim.games.landunter import HELP, TITLE, engine, reference, summary, trace
from sim.games.landunter.outputs import Batch
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS


def reference_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int, play_game=reference.play_game) -> Batch:
    """The batch `engine.play_batch` returns, played by the reference engine
    (its game record has the batch's fields, one game each)."""
    recs = [play_game(rules, seats, seed, g) for g in range(first_game, first_game + n_games)]
    return Batch(*(np.array([getattr(rec, name) for rec in recs]) for name in Batch._fields))


GAME = GameSpec(
    name="landunter",
    title=TITLE,
    help=HELP,
    rules_cls=Rules,
    registry=LANDUNTER_BOTS,
    play_batch=engine.play_batch,
    metrics=summary.metrics,
    histograms=summary.histograms,
    tally=summary.tally,
    summary=summary.summary,
    replay=trace.replay,
    decision_point=trace.decision_point,
    commands="sim.games.landunter.commands",
    reference_batch=reference_batch,
    sealed=engine.sealed,
    seat_figures=("score", "eliminated"),
    players=(3, 5),
    slow_bots=("sampler",),
    offers=("strong", "design", "play"),
    design="sim.games.landunter.design",
    play="sim.games.landunter.play",
    env="sim.games.landunter.env",
    rulebook="sim.games.landunter.rulebook",
)
