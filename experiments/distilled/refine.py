"""Fine-tune a shipped `distilled` preset further: the CMA-ES trainer started
from the preset's weights (no new fit), against the tables of the head to head
it must pass. In measure.py's head to head `distilled` and the target both sit
at every table (at 3 players a third of the distilled seats sit beside two
target seats, two thirds beside one distilled and one target seat; at 4 and 6
players every table is half and half). `presets.sh` fine-tunes against the
target alone, which a preset can pass while it loses the tables it shares
with itself. Here the candidate meets each table in the head to head's
proportion, the other distilled seats played by the preset it starts from.
For a player count whose preset stayed behind its target; the new weights go
to fits/<game>-<n>p-refined/ and replace the preset only by hand, after the
head to head on fresh seeds says they are better.

    python experiments/distilled/refine.py luft 3 --generations 7 --population 8 --games 1920 --sigma 0.5 --seed 3536

Stopped it keeps a checkpoint per generation; rerun with the same options to
go on (or with --generations as many as it has, to report them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

TARGETS = {"luft": "trained", "landunter": "sampler:k=64"}  # as presets.sh


def head_to_head_tables(game, players: int, target: str, preset: str):
    """A distilled seat's opponents in the head to head (the tournament's own
    seatings of two entrants, `sim.tournament.seatings`), with the share of
    distilled seats that meet them (`sim.strong.train.Table`)."""
    from collections import Counter

    from sim.tournament import seatings

    mine, theirs = game.registry.parse(preset, players), game.registry.parse(target, players)
    met = Counter(lineup.count(0) - 1 for lineup in seatings(2, players) for entrant in lineup if entrant == 0)
    total = sum(met.values())
    return [(count / total, [mine] * k + [theirs] * (players - 1 - k)) for k, count in sorted(met.items())]


def main(argv=None):
    from sim import api
    from sim.strong.train import layout_of, train

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=sorted(TARGETS))
    p.add_argument("players", type=int)
    p.add_argument("--generations", type=int, default=12)
    p.add_argument("--population", type=int, default=8)
    p.add_argument("--games", type=int, default=960)
    p.add_argument("--sigma", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=3535)
    p.add_argument("--out", type=Path, default=None, help="folder for the run (default fits/<game>-<n>p-refined)")
    p.add_argument("--start", type=Path, default=None, help="start from this weight file (default: the shipped preset)")
    p.add_argument(
        "--target-field",
        action="store_true",
        help="Geteilte Luft: against every group of the count's target field and trained (measure.py's target-field "
        "tournament, as train --groups) instead of the head to head's tables",
    )
    args = p.parse_args(argv)
    game = api.get_game(args.game)
    layout = layout_of(game, "distilled")
    preset = args.start or layout.trained_presets().get(args.players)
    if preset is None:
        raise SystemExit(f"error: no distilled preset for {args.players} players; make one with presets.sh")
    start = layout.held(layout.load(preset)["weights"])
    out = args.out or HERE / "fits" / f"{args.game}-{args.players}p-refined"
    if args.target_field:
        from measure import target_field_specs

        from sim.strong.train import grouped_field

        field = [TARGETS[args.game], *target_field_specs()[args.players]]
        mixture, draw = grouped_field(game, field, args.players), True
    else:
        field = [TARGETS[args.game], "distilled"]
        mixture, draw = head_to_head_tables(game, args.players, TARGETS[args.game], "distilled"), False
    summary = train(
        game,
        api.make_rules(game, {}, args.players),
        field,
        games=args.games,
        generations=args.generations,
        seed=args.seed,
        population=args.population,
        sigma=args.sigma,
        start=start,
        out=out,
        label="refine",
        mixture=mixture,
        draw=draw,
        bot="distilled",
    )
    summary["started_from"] = preset.name
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    fresh = summary["fresh"]
    print(
        f"{args.game} {args.players}p: fresh {fresh['games']} games, refined {fresh['win_share']['mean']:.3f} "
        f"{fresh['win_share']['ci95']}, start {fresh['start_win_share']['mean']:.3f} {fresh['start_win_share']['ci95']}"
    )


if __name__ == "__main__":
    main()
