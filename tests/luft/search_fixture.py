"""Writes tests/luft/golden/search_decisions.npz, the fixture of
test_search_decisions.py: positions recorded from games, and the action
`planner` and `rollout` took in each with several parameter sets, computed
by the implementation before their speed-up.
Generated once; rerun only on purpose (a deliberate change of the bots'
decisions), with ``python tests/luft/search_fixture.py``.

Positions come from games of the reference engine with mixed bots and rule
sets (2 to 6 players, turn back without treasure, the no-reshuffle swim deck,
air above the planner's cap), so they cover both phases, both directions and
the edge cases of the planner's model.
"""

from pathlib import Path

import numpy as np

from sim.games.luft import reference
from sim.games.luft.rules import Rules
from sim.registry import Bot, Seat
from strategies.luft import LUFT_BOTS

OUT = Path(__file__).parent / "golden" / "search_decisions.npz"

# (rules, bots of the recorded games, games)
GAMES = [
    (Rules(players=4), "planner:extra=3,rollout:k=8,threshold:t=2,greedy-value", 6),
    (Rules(players=2), "planner:extra=5,rollout:k=4:t=3", 4),
    (Rules(players=6), "planner:extra=3,threshold:t=3,air,rollout:k=4,depth,planner:extra=1", 2),
    (Rules(players=3, turn_back_needs_treasure=False, swim="deck-no-reshuffle"), "planner:extra=3,rollout:k=4,random", 3),
    (Rules(players=5, air=150), "planner:extra=3,rollout:k=4,threshold:t=4,air,random", 1),
]
# The decisions kept per position: bot specs (a seat's parameter row).
SPECS = ["planner:extra=3", "planner:extra=1", "planner:extra=5", "rollout", "rollout:k=32:t=3"]


def record(rules: Rules, specs: str, games: int, seed: int) -> list[tuple]:
    """(phase, seat, view, u) of every decision in ``games`` reference games."""
    log = []
    seats = []
    for s in LUFT_BOTS.parse_seats(specs, rules.players):

        def logged(phase, seat, st, params, u, fn=s.bot.fn):
            log.append((phase, seat, np.array(st), u))
            return fn(phase, seat, st, params, u)

        seats.append(Seat(s.spec, Bot(s.bot.name, logged, (), "", -1), s.params))
    for g in range(games):
        reference.play_game(rules, seats, seed, g)
    return log


def decisions(phase, seat, views, us, specs=SPECS) -> np.ndarray:
    """Action of each spec in ``specs`` (columns) at each position (rows)."""
    out = np.zeros((len(views), len(specs)), np.int64)
    for j, spec in enumerate(specs):
        s = LUFT_BOTS.parse_seats(spec, 1)[0]
        for i in range(len(views)):
            out[i, j] = s.bot.fn(phase[i], seat[i], views[i], s.params, us[i])
    return out


def write(out: Path, games: list, specs: list[str], seed0: int) -> None:
    """Record the positions of ``games`` ((rules, bots, games) with seeds
    seed0, seed0 + 1, ...) and the action of each of ``specs`` there, to ``out``."""
    rows = []
    for seed, (rules, bots, n_games) in enumerate(games):
        rows += record(rules, bots, n_games, seed0 + seed)
    phase = np.array([r[0] for r in rows], np.int64)
    seat = np.array([r[1] for r in rows], np.int64)
    views = np.array([r[2] for r in rows], np.int64)
    us = np.array([r[3] for r in rows], np.float64)
    actions = decisions(phase, seat, views, us, specs)
    np.savez_compressed(out, phase=phase, seat=seat, views=views.astype(np.int32), u=us, actions=actions, specs=np.array(specs))
    print(f"{len(rows)} positions -> {out} ({out.stat().st_size:,} bytes)")


def main():
    write(OUT, GAMES, SPECS, 0)


if __name__ == "__main__":
    main()
