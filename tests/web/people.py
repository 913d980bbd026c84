"""Simulated people for the fit's tests: every seat chooses as the fit's model
says, with known weights (probability proportional to exp(score)), drawing
on the decision's own uniform; their games are written as logs."""

from __future__ import annotations

import numpy as np

from sim.games.luft import forecast, layout
from sim.humans.fit import choices_module
from sim.play import playlog
from sim.play.table import HUMAN, Run, Seating, start_line


def model_choice(game: str, weights: np.ndarray, seating: Seating, seat: int, phase: int, st: np.ndarray, u: float) -> int:
    module = choices_module(game)
    legal = seating.table.choices(phase, seat, st)
    seen = module.choices(phase, seat, st, legal[0].action)
    if seen is None:  # a decision the family does not score: the bot's default
        return legal[0].action
    kind, rows, _ = seen
    scores = rows @ weights[module.WEIGHTS[kind]]
    prob = np.exp(scores - scores.max())
    k = int(np.searchsorted(np.cumsum(prob / prob.sum()), u))
    k = min(k, len(rows) - 1)
    if game == "landunter":
        return legal[k].action
    if k == 0:
        return layout.STAY_DOWN if phase == layout.PHASE_TURN_BACK else layout.NOTHING
    return {"turn back": layout.TURN_BACK, "pick up": layout.PICK_UP}.get(
        kind, layout.DROP + int(forecast.cheapest_carried(st, seat))
    )


def people_logs(tmp_path, game: str, weights: np.ndarray, players: int, games: int, rules_given=None) -> list[playlog.GameLog]:
    logs = []
    for g in range(games):
        start = start_line(game, rules_given or {}, players, 1000 + g, [HUMAN] * players)
        seating = Seating(start)
        path = tmp_path / f"{game}-{g}.jsonl"
        with playlog.Writer(path, [start]) as writer:
            Run(seating, writer, lambda run, s, phase, st, u: model_choice(game, weights, seating, s, phase, st, u)).play()
        logs.append(playlog.read(path, game))
    return logs
