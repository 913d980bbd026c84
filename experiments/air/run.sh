#!/usr/bin/env bash
# Regenerates experiments/air: report.md, plots (PNG), tables (CSV).
# 1,000,000 games per bot mix and player count (3 mixes x 5 player counts; 15 million games).
# Rerunning resumes from the results store (runs/).
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim luft air --games 1000000 --players 2,3,4,5,6 --seed 0 --out experiments/air --json > /dev/null
