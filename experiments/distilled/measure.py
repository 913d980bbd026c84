"""Measure `distilled` against its targets; writes summary.json (the report is
rendered from it by report.py).

- Head to head: a tournament of `distilled` and the bot it stands in for
  (Geteilte Luft `trained` at 2-6 players, Land unter `sampler:k=64` at 3-5),
  every seat order, both at every table; each one's win share per seat, and
  their difference with a 95% bootstrap CI (the tournament's own Poisson
  resamples of the games, so the pairing within a game is kept). The target:
  the difference within 0.02.
- Strong field (Geteilte Luft, 4 players): `distilled`, `trained` and the
  strongest built-ins of the 4-player target field (rollout, planner,
  greedy-value at their best parameters there) in every group and seat order.
- Target fields (Geteilte Luft, 2-6 players): `distilled` joins `trained` in
  the issue-15 target field of each count (../trained/target_fields.txt),
  every group in every seat order; the target: ahead of every built-in bot
  except `trained`.
- Speed: benchmarks/bench_distilled.py's side-by-side games/s in 4-player
  self-play.

All on fresh seeds (the presets were fine-tuned on seed 35's streams).

    python experiments/distilled/measure.py [--scale S]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

SEED = 3501
TARGET = 0.02
LUFT = [("luft", "trained", n, 4800) for n in (2, 3, 4, 5, 6)]
LANDUNTER = [("landunter", "sampler:k=64", n, 1200) for n in (3, 4, 5)]
FIELD_4P = ["distilled", "trained", "rollout:k=32:t=3", "planner:extra=3", "greedy-value:risk=1"]
TARGET_FIELDS = HERE.parent / "trained" / "target_fields.txt"  # the issue-15 fields, as tournaments.sh reads them
# games of each target-field tournament at full size: whole rounds of its
# seatings (12 entrants at 2-5 players, 10 at 6; 95,040 seatings at 5 players)
TARGET_FIELD_GAMES = {2: 26400, 3: 13200, 4: 11880, 5: 95040, 6: 25200}


def tournament(game_name: str, specs: list[str], players: int, games: int, seed: int):
    from sim import api
    from sim.tournament import play

    game = api.get_game(game_name)
    rules = api.make_rules(game, {}, players)
    entrants = [game.registry.parse(s, players) for s in specs]
    standings, per_seating, seconds, complete = play(game, rules, entrants, games, seed, progress=False)
    if not complete:
        raise SystemExit(130)
    return standings, seconds


def difference(standings, a: int, b: int) -> dict:
    """Entrant a's win share per seat minus b's, with the 95% percentile CI of
    the tournament's bootstrap resamples (r = 0 is the plain sum). Each
    share counts the games of the lineups its entrant sits in (in a head to
    head both sit in every game)."""
    resamples = len(next(iter(standings.lineup_boot.values())))
    wins, games = np.zeros((2, resamples)), np.zeros((2, resamples))
    for lineup, acc in standings.lineup_boot.items():
        for k, entrant in enumerate((a, b)):
            if entrant in lineup:
                wins[k] += acc[:, 1 + entrant]
                games[k] += acc[:, 0]
    diffs = wins[0] / games[0] - wins[1] / games[1]
    lo, hi = np.percentile(diffs[1:], [2.5, 97.5])
    return {"mean": float(diffs[0]), "ci95": [float(lo), float(hi)], "resamples": int(len(diffs) - 1)}


def head_to_head(matches, scale: float) -> list[dict]:
    rows = []
    for game_name, other, players, games in matches:
        standings, seconds = tournament(game_name, ["distilled", other], players, max(1, int(games * scale)), SEED + players)
        summary = standings.summary()
        diff = difference(standings, 0, 1)
        rows.append(
            {
                "game": game_name,
                "players": players,
                "against": other,
                "games": standings.games,
                "seed": SEED + players,
                "win_share": {r["bot"]: r["win_share"] for r in summary["ranking"]},
                "difference": diff,
                "within_target": abs(diff["mean"]) <= TARGET,
                "ci_within_target": -TARGET <= diff["ci95"][0] and diff["ci95"][1] <= TARGET,
                "not_behind": diff["mean"] >= -TARGET,
                "ci_not_behind": diff["ci95"][0] >= -TARGET,
                "seconds": round(seconds, 1),
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    return rows


def strong_field(scale: float) -> dict:
    standings, seconds = tournament("luft", FIELD_4P, 4, max(1, int(4800 * scale)), SEED + 40)
    summary = standings.summary()
    return {
        "players": 4,
        "entrants": FIELD_4P,
        "games": standings.games,
        "seed": SEED + 40,
        "ranking": summary["ranking"],
        "seconds": round(seconds, 1),
    }


def target_field_specs() -> dict[int, list[str]]:
    """Each player count's issue-15 target field, without `trained`."""
    lines = [line.split() for line in TARGET_FIELDS.read_text().splitlines() if line and not line.startswith("#")]
    return {int(players): field.split(",") for players, field in lines}


def target_fields(scale: float) -> list[dict]:
    """`distilled` joins `trained` in each issue-15 target field; the target:
    it finishes ahead of every built-in bot except `trained`. Its margin over
    the best of them (95% bootstrap CI) says how clearly."""
    rows = []
    for players, field in target_field_specs().items():
        specs = ["distilled", "trained", *field]
        seed = SEED + 50 + players
        standings, seconds = tournament("luft", specs, players, max(1, int(TARGET_FIELD_GAMES[players] * scale)), seed)
        ranking = standings.summary()["ranking"]
        order = [r["bot"] for r in ranking]
        best_other = next(bot for bot in order if bot not in ("distilled", "trained"))
        rows.append(
            {
                "players": players,
                "entrants": specs,
                "games": standings.games,
                "seed": seed,
                "ranking": ranking,
                "ahead_of_distilled": [bot for bot in order[: order.index("distilled")] if bot != "trained"],
                "best_other": best_other,
                "margin": difference(standings, 0, standings.names.index(best_other)),
                "seconds": round(seconds, 1),
            }
        )
        print(json.dumps({k: v for k, v in rows[-1].items() if k != "ranking"}), flush=True)
    return rows


def speed(games: int) -> dict:
    from benchmarks.bench_distilled import measure

    return {"command": f"benchmarks/bench_distilled.py --games {games} --repeat 3", "rows": measure(games, 3, 2)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="games of every tournament times this")
    ap.add_argument("--speed-games", type=int, default=20_000, help="games per run of distilled in the speed benchmark")
    args = ap.parse_args(argv)
    start = time.time()
    out = {"seed": SEED, "target": TARGET, "scale": args.scale, "complete": False}
    out["head_to_head"] = head_to_head(LUFT, args.scale)
    out["strong_field"] = strong_field(args.scale)
    out["target_fields"] = target_fields(args.scale)
    out["head_to_head"] += head_to_head(LANDUNTER, args.scale)
    out["speed"] = speed(args.speed_games)
    out["complete"] = True
    out["seconds"] = round(time.time() - start, 1)
    (HERE / "summary.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
