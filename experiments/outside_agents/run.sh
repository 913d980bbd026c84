#!/usr/bin/env bash
# Regenerates experiments/outside_agents: trained against OpenSpiel's
# information-set MCTS (ismcts) at the budgets this machine affords, the time
# per decision of each bot, and report.md rendered from the JSON by report.py.
#
# Sizes (2 cores shared with other jobs at a load of about 20, ~1 hour wall):
# every tournament is balanced over all seatings (2 at 2 players, 12 at 4
# players); the 4-player tables play 12 games (one per seating) with ismcts at
# 25 simulations per decision, the most this machine finished in time
# (at 100 they were stopped after half an hour, far from done). ismcts at
# 1,000 and 10,000 simulations per decision is timed but not played.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/outside_agents
t() { # game players budget games
    nice -n 10 sim "$1" tournament --bots "trained,ismcts:sims=$3" --players "$2" --games "$4" --seed 1 --json \
        > "$OUT/$1-$2p-sims$3.json"
}
(t luft 2 100 20; t luft 4 25 12) &
(t landunter 4 25 12; nice -n 10 python "$OUT/decision_time.py" > "$OUT/decision_time.json") &
wait
python "$OUT/report.py"
