#!/usr/bin/env bash
# Regenerates experiments/landunter_balance: report.md, heat maps and bars (PNG),
# tables (CSV), summary.json.
#
# Full size: 1,000,000 games per setting (rounded up to a whole number per
# lineup), 20 settings = the defaults and each of the four [D] options flipped
# alone, at 3, 4, 5 and 6 players (6 with allow_six=true): 20 M games. The
# field is named here, dodge,counter,ring-keeper,low (the three strongest fast
# heuristics of a 4-player tournament and low), seated in every seat order;
# the command's default field now seats distilled in low's place and plays
# about 2.5x fewer games per CPU-second. Results are stored per setting under
# runs/, so a killed run resumes. Its wall time: wall_time.json.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim landunter balance --field dodge,counter,ring-keeper,low --games 1000000 --seed 0 --players 3,4,5,6 --out experiments/landunter_balance --json > /dev/null
