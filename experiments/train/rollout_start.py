"""Writes luft-rollout-start-<n>p.json for the player counts given (default
3 5 4): the Luft policy that plays as `rollout:k=32` at the t its rollout
features use for that count (rollout's gains weighted 10, a bias of 1e-8 for
rollout's tie, every other weight 0), the start of the runs in rollout.sh."""

import sys
from pathlib import Path

import numpy as np

from sim.strong import weights as W
from strategies.luft import policy as lp

w = np.zeros(lp.BLOCK)
w[lp.TURN_BACK_W], w[lp.TURN_BACK_ROLL], w[lp.PICK_UP_ROLL], w[lp.DROP_ROLL] = 1e-8, 10.0, 10.0, 10.0
for n in [int(a) for a in sys.argv[1:]] or [3, 5, 4]:
    t = int(lp.ROLL_T[n - lp.FIRST_PLAYERS])
    training = {"start": f"rollout's gains x 10 (k={lp.ROLL_K}, t={t})"}
    W.save(Path(__file__).with_name(f"luft-rollout-start-{n}p.json"), lp.LAYOUT, w, n, {}, training)
