#!/usr/bin/env bash
# Regenerates experiments/outside_agents: trained against OpenSpiel's
# information-set MCTS (ismcts) at the budgets this machine affords, the time
# per decision of each bot, and report.md rendered from the JSON by report.py.
#
# Sizes (2 cores shared, ~30 min wall): every tournament is balanced over all
# seatings (2 at 2 players, 12 at 4 players); ismcts:sims=10000 is timed per
# decision but not played (one game would take about an hour).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=experiments/outside_agents
t() { # game players budget games
    nice -n 10 sim "$1" tournament --bots "trained,ismcts:sims=$3" --players "$2" --games "$4" --seed 1 --json \
        > "$OUT/$1-$2p-sims$3.json"
}
(t luft 2 100 20; t luft 4 100 12; t luft 2 1000 4) &
(t landunter 4 100 12; nice -n 10 python "$OUT/decision_time.py" > "$OUT/decision_time.json") &
wait
python "$OUT/report.py"
