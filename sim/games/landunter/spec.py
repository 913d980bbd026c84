"""The Land unter `GameSpec`: the one object through which `sim/` core drives this game."""
from sim.game import GameSpec
from sim.games.landunter import engine, summary, trace
from sim.games.landunter.rules import Rules
from strategies.landunter import LANDUNTER_BOTS

GAME = GameSpec(name="landunter", title="Land unter", rules_cls=Rules, registry=LANDUNTER_BOTS,
                play_batch=engine.play_batch, metrics=summary.metrics,
                histograms=summary.histograms, summary=summary.summary,
                replay=trace.replay, decision_point=trace.decision_point,
                commands="sim.games.landunter.commands",
                seat_figures=("score", "eliminated"))
