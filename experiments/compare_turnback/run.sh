#!/usr/bin/env bash
# Regenerates experiments/compare_turnback: report.md, plots (PNG), tables (CSV).
#
# 50,000 games per sweep configuration for every family (~225 configurations),
# the slow search bots planner and rollout included, and 10,000 tournament
# games behind every payoff cell, per player count. The slow families (never
# in the field) are named (--slow) rather than timed, so a rerun on another
# machine or load plays the same field: greedy-value, planner and rollout, as
# the timing classified them in the committed run (on the busy machine
# greedy-value cost 7x the median family per game).
# Two processes fill the results store (runs/) in parallel, one per group of
# player counts; the last command then reads every configuration from the store
# and writes the report. Rerunning resumes from the store.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/compare_turnback
ARGS=(--families air,counter,depth,drain,greedy-value,planner,rollout,rulebook-tips,threshold,random
      --games 50000 --slow-games 50000 --slow greedy-value,planner,rollout --pair-games 10000 --grid-points 4 --seed 0 --out "$OUT")
sim luft compare-turnback "${ARGS[@]}" --players 2,5 --json > /dev/null &
sim luft compare-turnback "${ARGS[@]}" --players 3,4,6 --json > /dev/null
wait
sim luft compare-turnback "${ARGS[@]}" --players 2,3,4,5,6 --json > /dev/null
