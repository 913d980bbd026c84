#!/bin/sh
# Training with planner's own gains as features (issue 15 item 5): the Luft
# policy reads `planner`'s gain from turning back, from picking up and from
# dropping (strategies/luft/policy.py, planner.plan_gain / drop_gain), three
# weights at the end of each block. At 2 players planner beats every linear
# policy trained so far, so the 2-player run starts from the policy that
# plays exactly as planner (luft-planner-start.json, written by
# planner_start.py: its gains weighted 10, a bias of 1e-8 for planner's tie,
# every other weight 0) and learns corrections to it against planner, CMA-ES
# (cmaes) with sigma 0.2, seed 7.
set -e
cd "$(dirname "$0")"
[ -e luft-planner-start.json ] || python planner_start.py
sim luft train --field planner:extra=3 -n 2 -g 480 --generations 60 \
  --sigma 0.2 --seed 7 --start policy:file=luft-planner-start.json --out luft-2p-planner
