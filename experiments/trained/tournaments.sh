#!/bin/sh
# The trained bot's Geteilte Luft target tournaments on fresh seed 9, seat-rotated
# (every group of entrants in every seat order). Each writes <name>.txt (the
# table) and <name>.json.
#
# 1. Which training result replaces its preset (experiments/train/search.sh),
#    run BEFORE copying: the candidate as policy:file=, the preset it would
#    replace as `trained`. At 2 and 3 players the candidate joins the target
#    field below; at 4 and 5 players the 7-entrant field of more.sh (rollout
#    at its best t for the count); the 5-player candidate also at 6 players
#    (the 5-player preset plays there too). `features`: the same for the runs of
#    ../train/features.sh (the policy with greedy-value's turn-back terms).
# 2. The targets at 2-6 players, run AFTER copying: `trained` against
#    the target field of the count (target_fields.txt: every family at its
#    best parameters for that count, rollout:k=32 and planner included).
# 3. `replicate`: the 4- and 5-player targets once more on seed 10, as the
#    presets of ../train/features.sh were chosen on seed 9 (three candidates
#    at 4 players, two at 5): a figure that holds on new seeds carries no
#    selection. `replicate-2p`, `replicate-3p`: the 2- and 3-player
#    targets on seed 10.
# 4. `planner N`: the candidates of ../train/planner.sh (the policy with
#    planner's gains) at N players, as in decide, on fresh seed 11 (seed 9
#    decided the presets before them).
# 5. `rollout N`: the candidates of ../train/rollout.sh (the policy with
#    rollout's gains) at N players, as in planner, on fresh seed 11.
# 6. `rollout-target`: the 4- and 5-player candidates of ../train/rollout.sh
#    with 4,800 games per candidate, in place of `trained` in the target field
#    of their count: at 5 players after 7 generations on fresh seed 12, after
#    11 on fresh seed 13; at 4 players on fresh seed 12 (each seed judges one
#    candidate per count, so no figure carries selection).
# 7. `groups-target`: the 5-player candidate trained against the target field
#    itself (../train/rollout.sh, --groups), in place of `trained` in that
#    field on fresh seed 15.
set -e
cd "$(dirname "$0")"
run() { name=$1; shift
  COLUMNS=250 sim luft tournament "$@" --out ../../results/trained > "$name.txt"
  sim luft tournament "$@" --out ../../results/trained --json > "$name.json"; }
field() { sed -n "s/^$1 //p" target_fields.txt; }  # the count's target field, without trained
F2=$(field 2)
F3=$(field 3)
F4=$(field 4)
T5=$(field 5)
F6=$(field 6)
if [ "${1:-targets}" = features ]; then  # the candidates of ../train/features.sh, as in decide
  run luft-3p-features -n 3 -g 19800 --seed 9 --bots policy:file=../train/luft-3p-features/weights.json,trained,$F3
  run luft-4p-features -n 4 -g 8400 --seed 9 --bots policy:file=../train/luft-4p-features/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
  run luft-5p-features -n 5 -g 5040 --seed 9 --bots policy:file=../train/luft-5p-features/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
  run luft-5p-features-more -n 5 -g 5040 --seed 9 --bots policy:file=../train/luft-5p-features-more/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
  run luft-6p-features-more -n 6 -g 5040 --seed 9 --bots policy:file=../train/luft-5p-features-more/weights.json,trained,rollout:k=32:t=2,planner:extra=3,greedy-value:risk=1,rulebook-tips:one=1:two=1,drain:margin=5:lead=3:grab=1
elif [ "${1:-targets}" = planner ]; then
  case "$2" in
    2) run luft-2p-planner -n 2 -g 26400 --seed 11 --bots policy:file=../train/luft-2p-planner/weights.json,trained,$F2 ;;
    2-mix) run luft-2p-planner-mix -n 2 -g 26400 --seed 11 --bots policy:file=../train/luft-2p-planner-mix/weights.json,trained,$F2 ;;
    3) run luft-3p-planner -n 3 -g 19800 --seed 11 --bots policy:file=../train/luft-3p-planner/weights.json,trained,$F3 ;;
    5) run luft-5p-planner -n 5 -g 5040 --seed 11 --bots policy:file=../train/luft-5p-planner/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2 ;;
    *) echo "error: planner takes the player count 2, 3 or 5 (2-mix: the --mix run), not '$2'" >&2; exit 2 ;;
  esac
elif [ "${1:-targets}" = rollout ]; then  # the candidates of ../train/rollout.sh (the policy with rollout's gains), as in planner
  case "$2" in
    3) run luft-3p-rollout -n 3 -g 19800 --seed 11 --bots policy:file=../train/luft-3p-rollout/weights.json,trained,$F3 ;;
    5) run luft-5p-rollout -n 5 -g 5040 --seed 11 --bots policy:file=../train/luft-5p-rollout/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2 ;;
    *) echo "error: rollout takes the player count 3 or 5, not '$2'" >&2; exit 2 ;;
  esac
elif [ "${1:-targets}" = rollout-target ]; then  # the 4- and 5-player candidates of ../train/rollout.sh (4,800 games) in the target fields, on fresh seeds
  run luft-5p-rollout-target -n 5 -g 55440 --seed 12 --bots policy:file=../train/luft-5p-rollout-4800/weights.json,$T5
  run luft-5p-rollout-11-target -n 5 -g 55440 --seed 13 --bots policy:file=../train/luft-5p-rollout-4800-11/weights.json,$T5
  run luft-4p-rollout-target -n 4 -g 15840 --seed 12 --bots policy:file=../train/luft-4p-rollout-4800/weights.json,$F4
elif [ "${1:-targets}" = groups-target ]; then  # the 5-player candidate of ../train/rollout.sh's --groups run, in the target field on fresh seed 15
  run luft-5p-groups-target -n 5 -g 55440 --seed 15 --bots policy:file=../train/luft-5p-groups/weights.json,$T5
elif [ "${1:-targets}" = replicate-2p ]; then  # the 2-player target once more, on seed 10
  run luft-2p-seed10 -n 2 -g 33000 --seed 10 --bots trained,$F2
elif [ "${1:-targets}" = replicate-3p ]; then  # the 3-player target once more, on seed 10
  run luft-3p-seed10 -n 3 -g 19800 --seed 10 --bots trained,$F3
elif [ "${1:-targets}" = replicate ]; then
  run luft-4p-seed10 -n 4 -g 15840 --seed 10 --bots trained,$F4
  run luft-5p-seed10 -n 5 -g 55440 --seed 10 --bots trained,$T5
elif [ "${1:-targets}" = decide ]; then
  run luft-2p-search -n 2 -g 26400 --seed 9 --bots policy:file=../train/luft-2p-search/weights.json,trained,$F2
  run luft-3p-search -n 3 -g 19800 --seed 9 --bots policy:file=../train/luft-3p-search/weights.json,trained,$F3
  run luft-4p-search -n 4 -g 8400 --seed 9 --bots policy:file=../train/luft-4p-search-fine/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
  run luft-5p-search -n 5 -g 5040 --seed 9 --bots policy:file=../train/luft-5p-search/weights.json,trained,rollout:k=32:t=3,greedy-value:risk=1,planner:extra=3,depth:level=1:count=2:drop=1,threshold:t=2
  run luft-6p-search -n 6 -g 5040 --seed 9 --bots policy:file=../train/luft-5p-search/weights.json,trained,rollout:k=32:t=2,planner:extra=3,greedy-value:risk=1,rulebook-tips:one=1:two=1,drain:margin=5:lead=3:grab=1
else
  run luft-2p -n 2 -g 33000 --seed 9 --bots trained,$F2
  run luft-3p -n 3 -g 19800 --seed 9 --bots trained,$F3
  run luft-4p -n 4 -g 15840 --seed 9 --bots trained,$F4
  run luft-5p -n 5 -g 55440 --seed 9 --bots trained,$T5
  run luft-6p -n 6 -g 10080 --seed 9 --bots trained,$F6
fi
