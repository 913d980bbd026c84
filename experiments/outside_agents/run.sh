#!/usr/bin/env bash
# Regenerates experiments/outside_agents: trained against OpenSpiel's
# information-set MCTS (ismcts), the time per decision of each bot, and
# summary.json and report.md rendered from the data by report.py.
#
# Size: the games this machine plays by a deadline, UNTIL (UTC, HH:MM;
# default: 60 minutes from now). Each table is played in cycles, one game of
# every seating per cycle (play.py: the tournament's balanced design), by
# WORKERS processes, one JSON line per game in rounds/<table>/seed-2.worker-K.jsonl;
# a cycle is begun only if the last one still fits, and only complete cycles
# count. A rerun goes on from each worker's complete cycles (delete rounds/*/seed-2.*
# to start over). rounds/<table>/seed-1.json are earlier `sim <game> tournament
# --seed 1` runs of the same tables, pooled with them by report.py.
# decision_time.py runs when decision_time.json is missing or older than a
# Python file under sim/envs or sim/games (the code the search runs; the
# cost table's seconds per decision must be this code's): some CPU minutes,
# the 10,000-simulation position most.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/outside_agents
UNTIL=$(date -u -d "${UNTIL:-$(date -u -d '+60 min' +%H:%M)}" +%s)
# table: game players sims workers
TABLES=("luft 2 100 2" "luft 2 1000 1" "luft 4 25 1" "landunter 4 25 1")

for table in "${TABLES[@]}"; do
    set -- $table
    dir="$OUT/rounds/$1-$2p-sims$3"
    mkdir -p "$dir"
    for ((k = 0; k < $4; k++)); do
        nice -n 15 python "$OUT/play.py" "$1" "$2" "$3" "$UNTIL" "$k" "$4" "$dir/seed-2.worker-$k.jsonl" &
    done
done
if [ ! -s "$OUT/decision_time.json" ] || [ -n "$(find sim/envs sim/games -name '*.py' -newer "$OUT/decision_time.json" -print -quit)" ]; then
    nice -n 15 python "$OUT/decision_time.py" > "$OUT/decision_time.json.part"
    mv "$OUT/decision_time.json.part" "$OUT/decision_time.json"
fi
wait
python "$OUT/report.py"
