#!/usr/bin/env bash
# Regenerates experiments/balance: report.md, heat maps (PNG), tables (CSV).
#
# 100,000 games per setting (195 settings: every knob alone and the pairs
# air x stack_size and air x dives, at 2..6 players) -- scaled down from
# 1,000,000 because of the number of settings. The field is the four strongest
# fast families of experiments/compare_turnback at their best 4-player
# parameters (the slow search bots planner and rollout would cost hours here).
# Three processes fill the results store (runs/) in parallel (6 players on
# its own: with the field seated balanced a 6-player setting plays 720
# lineups); the last command reads every setting from the store and writes
# the report.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/balance
ARGS=(--field "greedy-value:risk=0.46,depth:level=1;count=2;drop=1,threshold:t=2,rulebook-tips:one=3;two=1"
      --games 100000 --seed 0 --out "$OUT")
sim luft balance "${ARGS[@]}" --players 2,5 --json > /dev/null &
sim luft balance "${ARGS[@]}" --players 6 --json > /dev/null &
sim luft balance "${ARGS[@]}" --players 3,4 --json > /dev/null
wait
sim luft balance "${ARGS[@]}" --players 2,3,4,5,6 --json > /dev/null
