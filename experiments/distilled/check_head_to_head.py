"""One head to head of a distilled candidate against Geteilte Luft's `trained`
(measure.py's tournament: both at every table, every seat order), on a seed
of your choosing: how refine.py's weights were checked against the shipped
preset on fresh seeds before they replaced it. One JSON line on stdout.

    python experiments/distilled/check_head_to_head.py SPEC PLAYERS GAMES SEED
    cd experiments/distilled && python check_head_to_head.py policy:file=fits/luft-3p-refined/weights.json 3 9600 3603
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import difference, tournament  # noqa: E402  (after the path set-up)


def main(argv=None):
    spec, players, games, seed = (argv or sys.argv[1:])[:4]
    start = time.time()
    standings, _ = tournament("luft", [spec, "trained"], int(players), int(games), int(seed))
    ranking = standings.summary()["ranking"]
    print(
        json.dumps(
            {
                "spec": spec,
                "players": int(players),
                "games": standings.games,
                "seed": int(seed),
                "win_share": {r["bot"]: r["win_share"] for r in ranking},
                "difference": difference(standings, 0, 1),
                "wall_seconds": round(time.time() - start, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
