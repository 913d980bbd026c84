"""Writes tests/luft/golden/rollout_decisions.npz: a few thousand positions
and the action `rollout` took in each with several (k, t), computed by the
implementation before its continuations were packed into registers.
Generated once; rerun only on purpose (a
deliberate change of the rollout's decisions), with ``python
tests/luft/rollout_fixture.py``.

The games vary what a continuation depends on: player count, air (one chip
to a dive longer than the continuations' round cap), path length, stack
size, turning back without treasure, the swim source of the positions, and
the default policy's threshold t (1 to 6).
"""

from pathlib import Path

from search_fixture import write

from sim.games.luft.rules import Rules

OUT = Path(__file__).parent / "golden" / "rollout_decisions.npz"

# (rules, bots of the recorded games, games)
GAMES = [
    (Rules(players=4), "rollout:k=32,rollout:k=32,rollout:k=32,rollout:k=32", 14),
    (Rules(players=2, air=12, stack_size=1), "rollout:k=16:t=3,threshold:t=3", 12),
    (Rules(players=3, turn_back_needs_treasure=False, swim="deck-no-reshuffle"), "rollout:k=8:t=1,random,rollout:k=32", 6),
    (
        Rules.from_strings({"cards_per_level": "4"}, players=5, turn_back_needs_treasure=False),
        "rollout:k=16:t=4,random,air,rollout:k=8,depth",
        8,
    ),
    (Rules(players=6, air=400, stack_size=5), "rollout:k=4:t=6,threshold:t=3,rollout:k=8:t=5,greedy-value,random,planner", 1),
    (Rules(players=4, air=9, dives=5, swim="d3"), "rollout:k=16:t=1,rollout:k=32:t=3,random,threshold:t=1", 10),
]
SPECS = [
    "rollout",
    "rollout:k=32",
    "rollout:k=32:t=3",
    "rollout:k=8:t=1",
    "rollout:k=24:t=5",
    "rollout:k=12:t=6",
    "rollout:k=1:t=4",
]


def main():
    write(OUT, GAMES, SPECS, 200)


if __name__ == "__main__":
    main()
