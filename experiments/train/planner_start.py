"""Writes luft-planner-start.json: the Luft policy that plays as `planner`
(its gains weighted 10, a bias of 1e-8 for planner's tie, every other weight
0), the start of the runs in planner.sh."""

from pathlib import Path

import numpy as np

from sim.strong import weights as W
from strategies.luft import policy as lp

w = np.zeros(lp.BLOCK)
w[lp.TURN_BACK_W], w[lp.TURN_BACK_PLAN], w[lp.PICK_UP_PLAN], w[lp.DROP_PLAN] = 1e-8, 10.0, 10.0, 10.0
W.save(Path(__file__).with_name("luft-planner-start.json"), lp.LAYOUT, w, 2, {}, {"start": "planner's gains x 10"})
