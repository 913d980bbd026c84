"""Writes tests/luft/golden/planner_decisions.npz: a few thousand positions
and the action `planner` took in each with every `extra` 1..5, computed by
the implementation before its table reuse.
Generated once; rerun only on purpose (a deliberate change of the planner's
decisions), with ``python tests/luft/planner_fixture.py``.

The games vary everything the planner's solve depends on: player count (the
others' loads and fields), air (low, default, above the cap of 120), path
length (cards per level), stack size, turning back without treasure.
"""

from pathlib import Path

from search_fixture import write

from sim.games.luft.rules import Rules

OUT = Path(__file__).parent / "golden" / "planner_decisions.npz"

# (rules, bots of the recorded games, games)
GAMES = [
    (Rules(players=4), "planner:extra=3,planner:extra=3,planner:extra=3,planner:extra=3", 12),
    (Rules(players=2, air=12, stack_size=1), "planner:extra=5,threshold:t=3", 10),
    (Rules.from_strings({"cards_per_level": "15"}, players=3, air=40), "planner:extra=2,greedy-value,planner:extra=3", 4),
    (
        Rules.from_strings({"cards_per_level": "4"}, players=5, turn_back_needs_treasure=False),
        "planner:extra=3,random,air,planner:extra=1,depth",
        8,
    ),
    (
        Rules(players=6, air=200, stack_size=5),
        "planner:extra=3,threshold:t=3,planner:extra=4,greedy-value,random,planner:extra=3",
        2,
    ),
    (Rules(players=4, air=9, dives=5), "planner:extra=1,planner:extra=3,random,threshold:t=1", 10),
]
SPECS = ["planner:extra=1", "planner:extra=2", "planner:extra=3", "planner:extra=4", "planner:extra=5"]


def main():
    write(OUT, GAMES, SPECS, 100)


if __name__ == "__main__":
    main()
