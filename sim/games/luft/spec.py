"""The Geteilte Luft `GameSpec`: the one object through which `sim/` core drives this game."""

import numpy as np

from sim.game import GameSpec
from sim.games.luft import HELP, TITLE, engine, reference, summary, trace
from sim.games.luft.outputs import MAX_TURNS, Batch, air_rows, record_rows
from sim.games.luft.rules import Rules
from strategies.luft import LUFT_BOTS


def reference_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int, play_game=reference.play_game) -> Batch:
    """The batch `engine.play_batch` returns, played by the reference engine."""
    seat_rows, dive_rows = [], []
    air_sum = np.zeros((rules.dives, MAX_TURNS), np.int64)
    air_sumsq = np.zeros_like(air_sum)
    for g in range(first_game, first_game + n_games):
        rec = play_game(rules, seats, seed, g)
        seat, dive = record_rows(rec)
        seat_rows.append(seat)
        dive_rows.append(dive)
        for d, curve in enumerate(rec.air_after_turn):
            curve = np.array(curve[:MAX_TURNS], np.int64)
            air_sum[d, : len(curve)] += curve
            air_sumsq[d, : len(curve)] += curve * curve
    dives = np.stack(dive_rows)
    return Batch(np.stack(seat_rows), dives, air_rows(air_sum, air_sumsq, dives))


GAME = GameSpec(
    name="luft",
    title=TITLE,
    help=HELP,
    rules_cls=Rules,
    registry=LUFT_BOTS,
    play_batch=engine.play_batch,
    metrics=summary.metrics,
    histograms=summary.histograms,
    tally=summary.tally,
    summary=summary.summary,
    replay=trace.replay,
    decision_point=trace.decision_point,
    commands="sim.games.luft.commands",
    reference_batch=reference_batch,
    sealed=engine.sealed,
    seat_figures=("score", "drowned"),
    players=(2, 6),
    slow_bots=("planner", "rollout"),
    offers=("strong", "design", "play"),
    design="sim.games.luft.design",
    play="sim.games.luft.play",
    env="sim.games.luft.env",
    rulebook="sim.games.luft.rulebook",
)
