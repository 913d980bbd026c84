#!/bin/sh
# Training with rollout's own values as features (issue 15 item 5): the Luft
# policy reads rollout's mean gain over all k=32 continuations from turning
# back, picking up and dropping (strategies/luft/policy.py,
# forecast.rollout_gain), three weights at the end of each block. At 3-5
# players rollout:k=32 tops the target tournaments, so each run starts from
# the policy that plays exactly as rollout:k=32 at that count's t
# (luft-rollout-start-<n>p.json, written by rollout_start.py: its gains
# weighted 10, a bias of 1e-8 for rollout's tie, every other weight 0) and
# learns corrections to it with CMA-ES (cmaes), sigma 0.2, as a mixture
# (--mix) against the strong members of the target field (the old preset as
# its weight file among them) and two weak ones.
#
# Games per candidate: 4,800 (800 per seat order). A candidate's win share
# then has a standard error of ~0.007; the candidates of a generation share
# their games (common random numbers), so their differences are less noisy
# than that and ~0.01 stands out; more would not fit the session.
set -e
cd "$(dirname "$0")"
[ -e luft-rollout-start-3p.json ] || python rollout_start.py
sim luft train --mix --field rollout:k=32:t=2,greedy-value:risk=0.46,planner:extra=3,policy:file=luft-3p-search/weights.json,threshold:t=2,depth:level=1:count=2:drop=1 \
  -n 3 -g 4800 --generations 8 --sigma 0.2 --seed 7 --start policy:file=luft-rollout-start-3p.json --out luft-3p-rollout --workers 2
