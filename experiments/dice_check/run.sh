#!/usr/bin/env bash
# Regenerates experiments/dice_check: report.md, plots (PNG), tables (CSV).
# 1,000,000 games per configuration (4 swim sources, plus the card-counting
# comparison under two sources), 10,000,000 draws per source for the
# chi-square tests. Rerunning resumes from the results store (runs/).
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim luft dice-check --games 1000000 --draws 10000000 --players 4 --bots threshold:t=2 \
    --counter-bot counter --baseline-bot air --seed 0 --out experiments/dice_check --json > /dev/null
