"""The compiled engine's outputs are pinned: refactors must not change a bit.

`pinned_outputs.json` was written by the engine as it was before the rules
moved from `engine._run_chunk` into `core.py`, with

    .venv/bin/python -m tests.luft.test_pinned_outputs

For each configuration below (rule sets that touch every swim source and
every [D] option of swimming and the end of a dive; every built-in bot
family seated, inlined and plugged in, one plug-in and several) it holds a
SHA-256 of every per-game output (seat rows, dive rows, air-curve sums) and,
to make a failure readable, a few totals. A deliberate change of results
rewrites the file with the command above and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from sim.games.luft.outputs import D_AIR_OUT, D_LEADER, S_DROWNED, S_SCORE, S_WIN60
from sim.games.luft.rules import Rules

PINS = Path(__file__).with_name("pinned_outputs.json")
CHEAP = "threshold:t=2,random,threshold:t=4,random"
HEAVY = "air,counter,depth,drain"
SEARCH = "greedy-value,planner,rollout:k=2,rulebook-tips"

# (name, rules overrides, players, seat specs, games)
CONFIGS = [
    ("default", {}, 4, CHEAP, 3000),
    ("deck-no-reshuffle", {"swim": "deck-no-reshuffle"}, 4, CHEAP, 3000),
    ("d3", {"swim": "d3"}, 4, CHEAP, 3000),
    ("d6-mapped", {"swim": "d6-mapped"}, 4, CHEAP, 3000),
    ("turn-back-anytime", {"turn_back_needs_treasure": False}, 4, CHEAP, 3000),
    ("start-same", {"start_when_nobody_returned": "same"}, 4, CHEAP, 3000),
    ("start-next", {"start_when_nobody_returned": "next"}, 4, CHEAP, 3000),
    ("sink-farthest-first", {"sink_order": "farthest-first"}, 4, CHEAP, 3000),
    ("sink-reverse", {"sink_within_diver": "reverse-pickup-order", "stack_size": 2}, 4, CHEAP, 3000),
    ("stalemate-2", {"stalemate_rounds": 2, "turn_back_needs_treasure": False}, 4, CHEAP, 3000),
    (
        "short-path-many-dives",
        {"cards_per_level": 2, "stack_size": 1, "air": 10, "dives": 6},
        4,
        "threshold:t=4,random,threshold:t=3,random",
        3000,
    ),
    ("long-path-2p", {"cards_per_level": 15, "air": 39, "dives": 2}, 2, "threshold:t=6,random", 3000),
    (
        "six-players-d6",
        {"swim": "d6-mapped", "air": 12, "stack_size": 5},
        6,
        "threshold:t=1,random,threshold:t=3,random,threshold:t=5,random",
        3000,
    ),
    ("heavy-default", {}, 4, HEAVY, 1000),
    ("heavy-no-reshuffle", {"swim": "deck-no-reshuffle", "sink_order": "farthest-first"}, 4, HEAVY, 1000),
    ("one-plugin", {"swim": "d3", "start_when_nobody_returned": "next"}, 4, "depth,threshold:t=3,depth:level=3,random", 1000),
    ("search-default", {}, 4, SEARCH, 100),
    (
        "search-variants",
        {"swim": "deck-no-reshuffle", "turn_back_needs_treasure": False, "sink_within_diver": "reverse-pickup-order"},
        4,
        SEARCH,
        100,
    ),
    ("search-6p", {"air": 20}, 6, "rollout:k=2,planner,greedy-value,threshold:t=2,air,random", 60),
]


def fingerprint(overrides, players, specs, games) -> dict:
    """Hash and totals of every output of `games` games of seed 7."""
    from sim.games.luft import engine
    from strategies.luft import LUFT_BOTS

    rules = Rules.from_strings({}, players=players, **overrides)
    batch = engine.play_batch(rules, LUFT_BOTS.parse_seats(specs, players), 7, 0, games)
    digest = hashlib.sha256()
    for part in (batch.seat, batch.dive[:, :, : D_LEADER + 1], batch.air):  # the columns pinned (later ones added since)
        digest.update(np.ascontiguousarray(part).tobytes())
    return {
        "sha256": digest.hexdigest(),
        "score": batch.seat[:, :, S_SCORE].sum(axis=0).tolist(),
        "win60": batch.seat[:, :, S_WIN60].sum(axis=0).tolist(),
        "drowned": batch.seat[:, :, S_DROWNED].sum(axis=0).tolist(),
        "air_out": int(batch.dive[:, :, D_AIR_OUT].sum()),
    }


@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_outputs_are_those_pinned_before_the_core_refactor(compiled, config):
    name, overrides, players, specs, games = config
    expected = json.loads(PINS.read_text())[name]
    got = fingerprint(overrides, players, specs, games)
    assert {k: got[k] for k in expected if k != "sha256"} == {k: v for k, v in expected.items() if k != "sha256"}, name
    assert got["sha256"] == expected["sha256"], f"{name}: totals agree, but some game differs"


if __name__ == "__main__":
    pins = {name: fingerprint(o, p, s, g) for name, o, p, s, g in CONFIGS}
    PINS.write_text(json.dumps(pins, indent=1) + "\n")
    print(f"wrote {len(pins)} fingerprints to {PINS}", file=sys.stderr)
