"""Land unter (Stefan Dorra): rules, engines, trace (rules/land-unter.md).

    rules.py      Rules dataclass (every [D] option), RulesError
    layout.py     the int64 state view bots decide on, rules-vector indices
    reference.py  pure-Python reference engine, one small function per rule
    core.py       the same rules compiled, acting on the state view
    engine.py     play_batch: the compiled batch kernel
    trace.py      readable round-by-round log of one game
    summary.py    metrics / histograms / summary for the runner
"""
from sim.game import GameSpec
from sim.games.landunter import engine, summary, trace
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS

GAME = GameSpec(name="landunter", title="Land unter", rules_cls=Rules, registry=LANDUNTER_BOTS,
                play_batch=engine.play_batch, metrics=summary.metrics,
                histograms=summary.histograms, summary=summary.summary,
                replay=trace.replay, decision_point=trace.decision_point,
                seat_figures=("score", "eliminated"))
