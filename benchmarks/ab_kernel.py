"""CPU time per game of two checkouts' kernels in ONE process, called alternately.

    NUMBA_NUM_THREADS=1 .venv/bin/python benchmarks/ab_kernel.py BASE_DIR [--game luft]
        [--bots threshold:t=2] [--players 4] [--games 50000] [--pairs 20]

This virtual machine's speed wanders by up to 2x from one process to the
next (the hypervisor, other sessions), more than most kernel changes; calls
alternating in one process are disturbed alike. BASE_DIR is another
checkout (e.g. `git worktree add ../base <commit>`): its `sim` and
`strategies` are imported first, then `sys.modules` is cleared and this
checkout's are imported (each checkout keeps its own numba cache); the two
kernels' calls then alternate, the order flipping every pair. Prints the
least and the median CPU ns per game (`time.process_time()`, all threads) of
each and the median of the per-pair ratios. Run it once with BASE_DIR a copy
of this very commit (an A/A run) to see the noise: on the shared 2-core
machine at load 4-5 the median ratio of identical kernels came out
0.983-1.012.
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def _load(root: Path, game_name: str, bots: str, players: int):
    """(play_batch, rules, seats) of ``root``'s checkout, warmed up."""
    for name in [m for m in sys.modules if m == "sim" or m.startswith(("sim.", "strategies"))]:
        del sys.modules[name]
    sys.path.insert(0, str(root))
    try:
        game = importlib.import_module("sim.games").get_game(game_name)
        if not game.play_batch.__code__.co_filename.startswith(str(root)):
            _fail(f"{root} did not load its own sim package (got {game.play_batch.__code__.co_filename})")
        rules = game.rules_cls.from_strings({}, players=players)
        seats = game.registry.parse_seats(bots, players)
        game.play_batch(rules, seats, 0, 0, 2000)  # compile or load the cache
    finally:
        sys.path.remove(str(root))
    return game.play_batch, rules, seats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base", type=Path, help="the other checkout (the base commit)")
    ap.add_argument("--game", default="luft")
    ap.add_argument("--bots", default="threshold:t=2")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=50_000, help="games per call")
    ap.add_argument("--pairs", type=int, default=20, help="calls of each kernel")
    args = ap.parse_args(argv)
    if not (args.base / "sim" / "__init__.py").is_file():
        _fail(f"{args.base} is not a checkout of this project (no sim/__init__.py); pass the base commit's worktree")
    kernels = {"base": _load(args.base.resolve(), args.game, args.bots, args.players)}
    kernels["this"] = _load(ROOT, args.game, args.bots, args.players)
    ns = {k: [] for k in kernels}
    for i in range(args.pairs):
        for label in ("base", "this") if i % 2 == 0 else ("this", "base"):
            play_batch, rules, seats = kernels[label]
            c0 = time.process_time()
            play_batch(rules, seats, i + 1, 0, args.games)
            ns[label].append((time.process_time() - c0) / args.games * 1e9)
    print(
        f"{args.game}, {args.players} players, {args.bots}: {args.pairs} pairs of {args.games:,} games; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    for label, v in ns.items():
        print(f"{label:>5}: least {min(v):,.0f}, median {statistics.median(v):,.0f} CPU ns per game")
    ratio = statistics.median(b / t for b, t in zip(ns["base"], ns["this"]))
    print(f"speed-up (base / this, median of pairs): {ratio:.3f}x; of the least: {min(ns['base']) / min(ns['this']):.3f}x")


if __name__ == "__main__":
    main()
