"""One tournament of a distilled candidate on a seed of your choosing: how
refine.py's weights were checked against the shipped preset on fresh seeds
before they replaced it. One JSON line on stdout.

The head to head (default) is measure.py's: the candidate and Geteilte Luft's
`trained`, both at every table, every seat order; the line gives both win
shares and their difference. With --target-field it is measure.py's
target-field tournament: the candidate, `trained` and the count's target
field, every group in every seat order; the line gives the candidate's place
and its margin over the best built-in other than `trained`.

    cd experiments/distilled && python check.py policy:file=fits/luft-3p-refined/weights.json 3 9600 3603
    cd experiments/distilled && python check.py policy:file=fits/luft-2p-field/weights.json 2 26400 3702 --target-field
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import difference, target_field_specs, tournament  # noqa: E402  (after the path set-up)


def head_to_head(standings) -> dict:
    """Both win shares and the candidate's difference over `trained`."""
    return {
        "win_share": {r["bot"]: r["win_share"] for r in standings.summary()["ranking"]},
        "difference": difference(standings, 0, 1),
    }


def target_field(standings, spec: str) -> dict:
    """The candidate's place, who finished ahead of it but `trained`, and its
    margin over the best built-in other than `trained`."""
    order = [r["bot"] for r in standings.summary()["ranking"]]
    best_other = next(bot for bot in order if bot not in (spec, "trained"))
    return {
        "place": order.index(spec) + 1,
        "ahead": [bot for bot in order[: order.index(spec)] if bot != "trained"],
        "best_other": best_other,
        "margin": difference(standings, 0, standings.names.index(best_other)),
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("spec", help="the candidate, e.g. policy:file=fits/luft-3p-refined/weights.json")
    p.add_argument("players", type=int)
    p.add_argument("games", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("--target-field", action="store_true", help="the target-field tournament instead of the head to head")
    args = p.parse_args(argv)
    start = time.time()
    entrants = [args.spec, "trained", *(target_field_specs()[args.players] if args.target_field else [])]
    standings, _ = tournament("luft", entrants, args.players, args.games, args.seed)
    found = target_field(standings, args.spec) if args.target_field else head_to_head(standings)
    record = {"spec": args.spec, "players": args.players, "games": standings.games, "seed": args.seed}
    print(json.dumps(record | found | {"wall_seconds": round(time.time() - start, 1)}))


if __name__ == "__main__":
    main()
