#!/bin/sh
# Training with greedy-value's turn-back terms: the Luft
# policy's turn-back score reads three more features (strategies/luft/policy.py:
# the gain and loss of staying one more turn, and the chance to get home after
# it). Each run trains on from the preset shipped at the time (given as the
# weight file it was copied from, so the command replays after a preset
# changes; its three new weights start at 0, so generation 0's mean plays
# exactly as the preset) against the field
# that beats it at that player count (experiments/compare_turnback/
# best_parameters.csv; rollout at the t of the target tournament), seed 6,
# sigma 0.2. The 4-player run was first called with --generations 40, the
# 3-player one with 30 (luft-<n>p-features.log), then trained on to 80 and 60
# with the commands below (luft-<n>p-features-<g>.log; a resumed run equals an
# uninterrupted one). Wall time on the shared 2-core machine, the three runs
# side by side: 4 players 80 generations ~25 min, 5 players 40 ~25 min,
# 3 players 60 ~22 min.
#
# Outcome (2026-12-01): the 4-player result replaced trained-4p (fresh seed 9,
# experiments/trained/luft-4p-features.txt: 0.303 [0.290, 0.316] vs the old
# preset's 0.271 [0.259, 0.284]; ahead of it in 0.52 of games). The 5-player
# one after 40 generations (0.226 vs 0.242, luft-5p-features.txt) and the
# 3-player one (its best weights are generation 12's: fresh 0.345 against the
# start's 0.361; 0.484 vs 0.500 in luft-3p-features.txt) did not beat their
# presets. The 5-player run trained on to 70 generations in a copy of its
# folder (luft-5p-features-more, last command below; ~10 min) and then did:
# 0.256 [0.242, 0.270] vs 0.233 [0.219, 0.247] at 5 players, 0.264 vs 0.252 at
# 6 (luft-<n>p-features-more.txt); it replaced trained-5p.
set -e
cd "$(dirname "$0")"
sim luft train --field rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3 -n 4 -g 480 --generations 80 \
  --sigma 0.2 --seed 6 --start policy:file=luft-4p-more/weights.json --out luft-4p-features
sim luft train --field rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3 -n 5 -g 480 --generations 40 \
  --sigma 0.2 --seed 6 --start policy:file=luft-5p-search/weights.json --out luft-5p-features
sim luft train --field rollout:k=32:t=2,greedy-value:risk=0.46 -n 3 -g 480 --generations 60 \
  --sigma 0.2 --seed 6 --start policy:file=luft-3p-search/weights.json --out luft-3p-features
[ -e luft-5p-features-more/train-checkpoint.pkl ] || { mkdir -p luft-5p-features-more &&
  cp luft-5p-features/train-checkpoint.pkl luft-5p-features-more/; }  # on from the 40-generation run
sim luft train --field rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3 -n 5 -g 480 --generations 70 \
  --sigma 0.2 --seed 6 --start policy:file=luft-5p-search/weights.json --out luft-5p-features-more
