"""Writes tests/landunter/golden/sampler_decisions.npz, the fixture of
test_search_decisions.py: views recorded from games, and the card `sampler`
played in each with several parameter sets, computed by the implementation
before its speed-up. Generated once; rerun only
on purpose (a deliberate change of the bot's decisions), with
``python tests/landunter/search_fixture.py``.

Positions come from reference-engine games with mixed bots, 3 to 6 players
and the rule options that change what a world must agree with.
"""

from pathlib import Path

import numpy as np

from sim.games.landunter.rules import Rules
from sim.registry import MAX_PARAMS
from strategies.landunter import LANDUNTER_BOTS
from tests.landunter.recorder import U_SCALE, recorded

OUT = Path(__file__).parent / "golden" / "sampler_decisions.npz"

# (rules, bots of the recorded games, games)
GAMES = [
    (Rules(players=4), "sampler:k=4,high,counter,random", 8),
    (Rules(players=3), "sampler:k=4,dodge,ring-keeper", 8),
    (Rules(players=5, tie_simultaneous=False), "sampler:k=4,low,mid,random,counter", 4),
    (Rules(players=6, allow_six=True, no_flood_counts_as_lowest=True), "sampler:k=4,random,high,low,dodge,counter", 3),
]
# The decisions kept per position: bot specs (a seat's parameter row).
SPECS = ["sampler", "sampler:k=5:rel=0.5"]


def main():
    logs = [recorded("reference", rules, specs, seed, games) for seed, (rules, specs, games) in enumerate(GAMES)]
    log = np.concatenate(logs)
    seat = log[:, 0]
    us = log[:, 1] / U_SCALE
    views = log[:, 2:]
    actions = np.zeros((len(log), len(SPECS)), np.int64)
    for j, spec in enumerate(SPECS):
        s = LANDUNTER_BOTS.parse(spec)
        params = np.zeros(MAX_PARAMS)
        params[: len(s.params)] = s.params
        for i in range(len(log)):
            actions[i, j] = s.bot.fn(seat[i], views[i], params, us[i])
    np.savez_compressed(OUT, seat=seat, views=views, u=us, actions=actions, specs=np.array(SPECS))
    print(f"{len(log)} positions -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
