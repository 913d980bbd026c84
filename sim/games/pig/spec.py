"""The Pig `GameSpec`: the one object through which `sim/` core drives this game."""

from sim.game import GameSpec
from sim.games.pig import HELP, TITLE, engine, reference, summary, trace
from sim.games.pig.outputs import Batch, empty_batch
from sim.games.pig.rules import Rules
from strategies.pig import PIG_BOTS


def reference_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int, play_game=reference.play_game) -> Batch:
    """The batch `engine.play_batch` returns, played by the reference engine."""
    engine._seat_arrays(rules, seats)  # the same checks (the optimal bot's player count)
    batch = empty_batch(n_games, rules.players)
    for i in range(n_games):
        rec = play_game(rules, seats, seed, first_game + i)
        batch.score[i] = rec.score
        batch.win60[i, rec.winner] = 60
        batch.turns[i], batch.rolls[i], batch.first[i] = rec.turns, rec.rolls, rec.first
    return batch


GAME = GameSpec(
    name="pig",
    title=TITLE,
    help=HELP,
    rules_cls=Rules,
    registry=PIG_BOTS,
    play_batch=engine.play_batch,
    metrics=summary.metrics,
    histograms=summary.histograms,
    summary=summary.summary,
    seat_figures=("score",),
    replay=trace.replay,
    decision_point=trace.decision_point,
    commands="sim.games.pig.commands",
    reference_batch=reference_batch,
    sealed=engine.sealed,
    players=(2, 6),
    offers=("strong", "design", "play"),
    play="sim.games.pig.play",
    design="sim.games.pig.design",
    env="sim.games.pig.env",
)
