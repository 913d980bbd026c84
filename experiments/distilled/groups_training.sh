#!/bin/sh
# A 5-player --groups training run before and after `distilled` joins its
# field (issue: "the wall time of a 5-player --groups training run before and
# after"). Both runs are the committed run of ../train/rollout.sh (the policy
# with rollout's gains, from luft-5p-rollout-4800, 10 generations of 9,600
# games against every group of the 5-player target field), one after the
# other on the same code: before with the field as committed, after with
# `distilled` in place of its two search bots (rollout:k=32:t=3 and
# planner:extra=3). Each run's report and summary go to groups/<run>/, its
# wall and CPU seconds to groups/<run>/time.txt (both runs on 2 workers), the
# load average at its end to groups/<run>/load.txt. Name runs to do only
# those (a timed run should have the machine to itself):
#     sh experiments/distilled/groups_training.sh [before] [after]
set -e
cd "$(dirname "$0")"
FAST=greedy-value:risk=1,rulebook-tips:one=1:two=1,depth:level=1:count=2:drop=1,threshold:t=2,drain:margin=5:lead=3:grab=1,air:margin=5,counter:margin=5,random
for run in ${*:-before after}; do
  case $run in
    before) field=rollout:k=32:t=3,planner:extra=3,$FAST ;;
    after) field=distilled,$FAST ;;
    *) echo "unknown run '$run': name before and/or after" >&2; exit 2 ;;
  esac
  rm -rf "groups/$run"
  /usr/bin/time -f "%e s wall, %U+%S s CPU" -o "groups/$run.time" \
    sim luft train --groups --field "$field" -n 5 -g 9600 --generations 10 --sigma 0.15 --seed 21 \
    --start policy:file=../train/luft-5p-rollout-4800/weights.json --workers 2 --out "groups/$run" > "groups/$run.txt" 2>&1 \
    || { cat "groups/$run.txt" >&2; exit 1; }
  mv "groups/$run.time" "groups/$run/time.txt"
  cut -d' ' -f1-3 /proc/loadavg > "groups/$run/load.txt"  # load average at its end
  mv "groups/$run.txt" "groups/$run/output.txt"
  rm -f "groups/$run"/train-checkpoint.*
done
