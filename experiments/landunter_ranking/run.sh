#!/usr/bin/env bash
# Regenerates experiments/landunter_ranking: report.md, plots (PNG), tables (CSV).
#
# 1,000,000 tournament games per player count (3, 4, 5) for the seven fast bots
# at their defaults; the search bot sampler (k=16) joins a second tournament of
# all eight with 20,000 games per player count -- scaled down because one
# sampler game costs about a thousand heuristic games.
# Two processes fill the results store (runs/) in parallel; the last command
# reads every tournament from the store and writes the report.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/landunter_ranking
# The field is pinned: the default (every registered fast bot) grew with
# policy and trained after this report was written.
BOTS=counter,dodge,high,low,mid,random,ring-keeper
ARGS=(--bots "$BOTS" --games 1000000 --slow-bots sampler --slow-games 20000 --seed 0 --out "$OUT")
sim landunter ranking "${ARGS[@]}" --players 3,5 --json > /dev/null &
sim landunter ranking "${ARGS[@]}" --players 4 --json > /dev/null
wait
sim landunter ranking "${ARGS[@]}" --players 3,4,5 --json > /dev/null
