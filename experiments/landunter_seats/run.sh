#!/usr/bin/env bash
# Regenerates experiments/landunter_seats: report.md, heat maps, bars and curves
# (PNG), tables (CSV), summary.json.
#
# Full size: 1,000,000 games per table at 3, 4 and 5 players: 7 identical-bot
# tables (random, high, low, mid, dodge, ring-keeper, counter), the mixed field
# named here, dodge,counter,ring-keeper,low, in every seat order (the command's
# default field now seats distilled in low's place), and for each passing-order
# candidate (dodge, counter, random) the two neighbour arrangements (strong
# dodge right / weak random left, and swapped; other seats low): 42 tables,
# 42 M games. Results are stored per table under runs/, so a killed run
# resumes. Its wall time: wall_time.json.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim landunter seats --field dodge,counter,ring-keeper,low --games 1000000 --seed 0 --players 3,4,5 --out experiments/landunter_seats --json > /dev/null
