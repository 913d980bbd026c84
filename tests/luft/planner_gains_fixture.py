"""Writes tests/luft/golden/planner_gains.npz: `planner.plan_gain` (at both
phases, every `extra` 1..5) and `drop_gain` at every position of
golden/planner_decisions.npz, as floats, computed by the implementation
before the table's loops were split into choices and stays.
The Luft `policy` and `trained` read these values as
features, so a faster planner must give the very same floats, not only the
same decisions. Generated once; rerun only on purpose (a deliberate change of
the planner's values), with ``python tests/luft/planner_gains_fixture.py``.
"""

from pathlib import Path

import numpy as np

from sim.games.luft import layout
from strategies.luft.planner import drop_gain, plan_gain

GOLDEN = Path(__file__).parent / "golden"
OUT = GOLDEN / "planner_gains.npz"
EXTRAS = (1, 2, 3, 4, 5)


def gains(views, seats) -> np.ndarray:
    """[position, column]: plan_gain at the turn-back step, then the treasure
    step, each for every extra in EXTRAS; last drop_gain (0 where heading up
    cannot drop)."""
    out = np.zeros((len(views), 2 * len(EXTRAS) + 1))
    for i, (st, seat) in enumerate(zip(views, seats)):
        for j, phase in enumerate((layout.PHASE_TURN_BACK, layout.PHASE_TREASURE)):
            for k, extra in enumerate(EXTRAS):
                out[i, j * len(EXTRAS) + k] = plan_gain(phase, seat, st, extra)
        if st[layout.HEADING_UP + seat] == 1 and layout.can_drop(st, seat):
            out[i, -1] = drop_gain(st, seat)
    return out


def main():
    fixture = np.load(GOLDEN / "planner_decisions.npz")
    out = gains(fixture["views"].astype(np.int64), fixture["seat"].astype(np.int64))
    np.savez_compressed(OUT, gains=out)
    print(f"{out.shape} gains -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
