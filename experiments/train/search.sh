#!/bin/sh
# Training against the search bots. The fields of run.sh and
# more.sh held only fast bots, so the presets learnt to beat those and lost to
# rollout:k=32 and planner (Luft) and sampler:k=16 (Land unter). Each run here
# trains on from the shipped preset with a smaller step (sigma 0.15; 0.05 for
# luft-4p-search-fine) against a field holding the bots that beat it at that
# player count (experiments/compare_turnback/best_parameters.csv), seed 4
# (fine: 5). The fresh-seed tournaments that decided whether a result
# replaces its preset: experiments/trained/luft-<n>p-search.{txt,json}
# (commands in experiments/trained/tournaments.sh).
#
# Outcome (2026-12-01, shared 2-core machine): shipped as trained-2p, -3p and
# -5p (5p also plays 6p); each won more of its tournament than the preset it
# replaced. Not shipped: luft-4p-search (fresh 0.273 [0.254, 0.294] vs its
# start's 0.282), luft-4p-search-fine (see experiments/trained/luft-4p-search.txt),
# landunter-4p-search (stopped after 2 of 30 generations: with sampler:k=16 in
# the field one generation took ~10 min on the shared machine; resume it with
# the same command).
set -e
cd "$(dirname "$0")"
sim luft train --field planner:extra=3 -n 2 -g 480 --generations 20 \
  --sigma 0.15 --seed 4 --start policy:preset=trained-2p --out luft-2p-search
sim luft train --field rollout:k=32:t=2,greedy-value:risk=0.46 -n 3 -g 480 --generations 20 \
  --sigma 0.15 --seed 4 --start policy:preset=trained-3p --out luft-3p-search
sim luft train --field rollout:k=32:t=2,greedy-value:risk=1,planner:extra=3 -n 4 -g 480 --generations 30 \
  --sigma 0.15 --seed 4 --start policy:preset=trained-4p --out luft-4p-search
sim luft train --field rollout:k=32:t=2,greedy-value:risk=1,planner:extra=3 -n 4 -g 960 --generations 20 \
  --sigma 0.05 --seed 5 --start policy:preset=trained-4p --out luft-4p-search-fine
sim luft train --field rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3 -n 5 -g 480 --generations 30 \
  --sigma 0.15 --seed 4 --start policy:preset=trained-5p --out luft-5p-search
sim landunter train --field sampler:k=16,dodge -n 4 -g 480 --generations 30 \
  --sigma 0.15 --seed 4 --start policy:preset=trained-4p --out landunter-4p-search
