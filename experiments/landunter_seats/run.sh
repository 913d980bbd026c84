#!/usr/bin/env bash
# Regenerates experiments/landunter_seats: report.md, heat maps, bars and curves
# (PNG), tables (CSV), summary.json.
#
# Full size: 1,000,000 games per table at 3, 4 and 5 players: 7 identical-bot
# tables (random, high, low, mid, dodge, ring-keeper, counter), the rotated
# mixed field (the default distilled,dodge,counter,ring-keeper; before
# distilled took low's seat: dodge,counter,ring-keeper,low), and for each passing-order
# candidate (dodge, counter, random) the two neighbour arrangements (strong
# dodge right / weak random left, and swapped; other seats low): 42 tables,
# 42 M games. Results are stored per table under runs/, so a killed run resumes.
# Wall time: 6 min 59 s alone on the shared 2-core machine (26 min 31 s beside
# three other experiment runs); rerunning with runs/ in place takes ~10 s.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim landunter seats --games 1000000 --seed 0 --players 3,4,5 --out experiments/landunter_seats --json > /dev/null
