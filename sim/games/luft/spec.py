"""The Geteilte Luft `GameSpec`: the one object through which `sim/` core drives this game."""
from sim.game import GameSpec
from sim.games.luft import engine, summary, trace
from sim.games.luft.rules import Rules
from strategies.luft import LUFT_BOTS

GAME = GameSpec(name="luft", title="Geteilte Luft", rules_cls=Rules, registry=LUFT_BOTS,
                play_batch=engine.play_batch, metrics=summary.metrics,
                histograms=summary.histograms, summary=summary.summary,
                replay=trace.replay, decision_point=trace.decision_point,
                commands="sim.games.luft.commands",
                seat_figures=("score", "drowned"))
