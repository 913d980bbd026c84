#!/usr/bin/env bash
# Regenerates experiments/landunter_fairness: report.md, plots (PNG), tables (CSV).
#
# 1,000,000 games per player count (3, 4, 5) and bot mix: each of the seven
# fast bots alone at every seat, and all seven rotated through the seats (the
# mixed field). The search bot sampler is left out (about a thousand times
# slower per game).
# Two processes fill the results store (runs/) in parallel; the last command
# reads every run from the store and writes the report.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/landunter_fairness
ARGS=(--games 1000000 --seed 0 --out "$OUT")
sim landunter fairness "${ARGS[@]}" --players 3,5 --json > /dev/null &
sim landunter fairness "${ARGS[@]}" --players 4 --json > /dev/null
wait
sim landunter fairness "${ARGS[@]}" --players 3,4,5 --json > /dev/null
