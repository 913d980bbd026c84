"""One target-field tournament of a distilled candidate (measure.py's: the
candidate, `trained` and the count's target field, every group in every seat
order) on a seed of your choosing: where the candidate finishes and its
margin over the best built-in other than `trained`. How refine.py
--target-field's weights were checked against the shipped preset on fresh
seeds before they replaced it. One JSON line on stdout.

    python experiments/distilled/check_target_field.py SPEC PLAYERS GAMES SEED
    cd experiments/distilled && python check_target_field.py policy:file=fits/luft-2p-field/weights.json 2 26400 3702
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import difference, target_field_specs, tournament  # noqa: E402  (after the path set-up)


def main(argv=None):
    spec, players, games, seed = (argv or sys.argv[1:])[:4]
    start = time.time()
    standings, _ = tournament("luft", [spec, "trained", *target_field_specs()[int(players)]], int(players), int(games), int(seed))
    order = [r["bot"] for r in standings.summary()["ranking"]]
    best_other = next(bot for bot in order if bot not in (spec, "trained"))
    print(
        json.dumps(
            {
                "spec": spec,
                "players": int(players),
                "games": standings.games,
                "seed": int(seed),
                "place": order.index(spec) + 1,
                "ahead": [bot for bot in order[: order.index(spec)] if bot != "trained"],
                "best_other": best_other,
                "margin": difference(standings, 0, standings.names.index(best_other)),
                "wall_seconds": round(time.time() - start, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
