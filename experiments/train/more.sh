#!/bin/sh
# A larger training budget for the 4-player presets, Geteilte Luft's 5-player
# one and Land unter's 3-player one: each
# trains on from the earlier preset (run.sh) for 30 more CMA-ES generations of
# 960 games per candidate (Luft 5p: 20) against the same field, seed 2. Shipped
# as strategies/<game>/presets/trained-<n>p.json because each measured better than
# the preset it started from on fresh seeds (experiments/trained/*-more.txt).
# Land unter trained against dodge alone from the result (30 x 960, seed 3)
# did not improve on its start (0.455 [0.439, 0.471] vs 0.464 [0.448, 0.480]
# on fresh games) and was not kept; nor was Land unter's 5-player preset given
# the same budget (sim landunter train --field dodge,counter,ring-keeper -n 5
# -g 960 --generations 30 --seed 2 --start policy:preset=trained-5p): 0.671
# [0.656, 0.686] against its start's 0.656 [0.641, 0.671] on 3,840 fresh games,
# within the CIs.
set -e
cd "$(dirname "$0")"
sim luft train --field greedy-value,rulebook-tips,air -n 4 -g 960 --generations 30 --seed 2 \
  --start policy:preset=trained-4p --out luft-4p-more
sim landunter train --field dodge,counter,ring-keeper -n 4 -g 960 --generations 30 --seed 2 \
  --start policy:preset=trained-4p --out landunter-4p-more
sim luft train --field greedy-value,rulebook-tips,air -n 5 -g 960 --generations 20 --seed 2 \
  --start policy:preset=trained-5p --out luft-5p-more
sim landunter train --field dodge,counter -n 3 -g 960 --generations 30 --seed 2 \
  --start policy:preset=trained-3p --out landunter-3p-more
# Fresh-seed tournaments (the new preset as policy:file=, the old one as trained, before copying):
sim luft tournament -n 4 -g 8400 --seed 9 --bots \
  policy:file=luft-4p-more/weights.json,trained,rollout:k=32:t=2,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
for w in policy:file=landunter-4p-more/weights.json trained; do
  sim landunter tournament -n 4 -g 2880 --seed 9 --bots sampler:k=16,dodge,$w
done
sim luft tournament -n 5 -g 5040 --seed 9 --bots \
  policy:file=luft-5p-more/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
sim landunter tournament -n 3 -g 12000 --seed 9 --bots policy:file=landunter-3p-more/weights.json,trained,dodge,counter
