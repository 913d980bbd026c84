"""Plays trained against ismcts game by game until a deadline, one JSON line
per game (run by run.sh).

    python play.py GAME PLAYERS SIMS UNTIL WORKER WORKERS OUT

The tournament's design, played in cycles so that a deadline loses at most
the cycle under way: a cycle is one game of every seating of
`sim.tournament.seatings` (trained and ismcts, every seat order), game index
cycle x seatings + seating on the stream of SEED; worker k of n plays
cycles k, k + n, ... Each line holds the game's per-game metric columns (the
ones a tournament folds into its standings) and its CPU seconds, so report.py
rebuilds the tournament's standings from the complete cycles. A cycle is not
begun when the last one's wall time no longer fits before UNTIL (a Unix
time), and no game is begun after it.
"""

import json
import sys
import time

from sim.envs import outside
from sim.games import get_game
from sim.tournament import seatings

SEED = 2  # seed 1: the earlier tournaments kept in rounds/


def main(name, players, sims, until, worker, workers, out):
    game = get_game(name)
    rules = game.rules_cls.from_strings({"players": str(players)})
    entrants = [game.registry.parse(spec, players) for spec in ("trained", f"ismcts:sims={sims}")]
    lineups = seatings(len(entrants), players)
    cycle, last = worker, 0.0
    with open(out, "a") as sink:
        while time.time() + last < until:
            start = time.time()
            for k, lineup in enumerate(lineups):
                if time.time() > until:  # a cycle overrunning the deadline is left unfinished
                    return
                index = cycle * len(lineups) + k
                cpu = time.process_time()
                batch = outside.play_batch(game, rules, [entrants[i] for i in lineup], SEED, index, 1)
                cols = {key: float(value[0]) for key, value in game.metrics(batch, rules).items()}
                row = {"cycle": cycle, "seating": k, "lineup": list(lineup), "game": index, "seed": SEED}
                row |= {"cpu_seconds": time.process_time() - cpu, "cols": cols}
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            last = time.time() - start
            cycle += workers


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), float(a[3]), int(a[4]), int(a[5]), a[6])
