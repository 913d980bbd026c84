"""Field and skill games per second of a game's default design field (`sim
<game> metrics` at the default rules) beside the field it replaced, in one
run: Geteilte Luft's field seated `trained` before `distilled` shipped. The
best of --repeat runs, by wall clock and per CPU-second (less disturbed by
other processes on a shared machine), and the ratio of each; compile
excluded (a small run first).

    .venv/bin/python benchmarks/bench_design_field.py [--players N] [--games N] [--repeat R] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_luft import _best  # noqa: E402  (after the path set-up)

#: The design field before `distilled` replaced `trained` in it.
BEFORE = ["trained", "greedy-value", "planner", "air", "rulebook-tips"]


def rate(field: list[str], strong: str, weak: str, players: int, games: int, repeat: int) -> tuple[float, float]:
    """Best (field + skill) games per second by wall clock and by process CPU time."""
    from sim.design.metrics import evaluate

    def run(n: int):
        evaluate("luft", {"players": players}, field=field, strong=strong, weak=weak, games=n, seed=1)

    run(8)  # compile or load the caches
    return _best(lambda: run(games), 2 * games, repeat)


def measure(players: int, games: int, repeat: int) -> dict:
    from sim.design.metrics import field_of

    now, strong, weak = field_of("luft", None, None, None)
    before_wall, before_cpu = rate(BEFORE, strong, weak, players, games, repeat)
    now_wall, now_cpu = rate(now, strong, weak, players, games, repeat)
    return {
        "players": players,
        "games": games,
        "repeat": repeat,
        "fields": {"before": BEFORE, "default": now},
        "skill": [strong, weak],
        "games_per_second": {"before": before_wall, "default": now_wall},
        "games_per_cpu_second": {"before": before_cpu, "default": now_cpu},
        "ratio": now_wall / before_wall,
        "ratio_cpu": now_cpu / before_cpu,
        "load_average": os.getloadavg(),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=4000, help="field games (and as many skill games) per run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    m = measure(args.players, args.games, args.repeat)
    if args.json:
        print(json.dumps(m, indent=1))
        return
    print(
        f"Geteilte Luft, {m['players']} players, {m['games']:,} field + {m['games']:,} skill games per run "
        f"(skill: {m['skill'][0]} against {m['skill'][1]}), best of {m['repeat']}; load average {m['load_average'][0]:.2f}"
    )
    for key in ("before", "default"):
        print(
            f"{key:<8} {','.join(m['fields'][key]):<50} {m['games_per_second'][key]:>10,.0f} games/s "
            f"{m['games_per_cpu_second'][key]:>10,.0f} per CPU-s"
        )
    print(f"ratio {m['ratio']:.2f}x by wall clock, {m['ratio_cpu']:.2f}x per CPU-second")


if __name__ == "__main__":
    main()
