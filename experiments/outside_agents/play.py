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
time), and no game is begun after it. A rerun goes on from the worker's
last complete cycle in OUT (with the same WORKERS).
"""

import json
import sys
import time
from collections import Counter
from pathlib import Path

from sim.envs import outside
from sim.games import get_game
from sim.tournament import seatings

SEED = 2  # seed 1: the earlier tournaments kept in rounds/


def resume(out: Path, seatings_per_cycle: int, worker: int, workers: int) -> int:
    """The next cycle of this worker: its complete cycles in ``out`` are kept,
    the lines of a cycle left unfinished are dropped (it is played again)."""
    if not out.exists():
        return worker
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    per_cycle = Counter(r["cycle"] for r in rows)
    done = {c for c, k in per_cycle.items() if k == seatings_per_cycle}
    out.write_text("".join(json.dumps(r) + "\n" for r in rows if r["cycle"] in done))
    return max(done) + workers if done else worker


def main(name, players, sims, until, worker, workers, out):
    game = get_game(name)
    rules = game.rules_cls.from_strings({"players": str(players)})
    entrants = [game.registry.parse(spec, players) for spec in ("trained", f"ismcts:sims={sims}")]
    lineups = seatings(len(entrants), players)
    cycle, last = resume(Path(out), len(lineups), worker, workers), 0.0
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
