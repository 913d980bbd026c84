#!/usr/bin/env bash
# Regenerates experiments/outside_agents: trained against OpenSpiel's
# information-set MCTS (ismcts), the time per decision of each bot, and
# summary.json and report.md rendered from the JSON by report.py.
#
# Size: the games this machine plays by a deadline. Each table plays rounds:
# a round is one balanced tournament (every seating, the same games per
# seating) on its own seed (1, 2, 3, ...), kept in rounds/<table>/seed-S.json.
# A round starts only if the last round's wall time still fits before UNTIL
# (UTC, HH:MM; default: 90 minutes from now); a round still running at STOP
# (default: UNTIL + 10 minutes) is interrupted and left out of the pooling.
# Rounds already stored complete are kept (a rerun continues where the last
# stopped): the report pools every complete round of a table.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/outside_agents
UNTIL=$(date -u -d "${UNTIL:-$(date -u -d '+90 min' +%H:%M)}" +%s)
STOP=$(date -u -d "${STOP:-@$((UNTIL + 600))}" +%s)
# table: game players sims games-per-round
TABLES=("luft 2 100 20" "luft 4 100 12" "landunter 4 100 12")

rounds() { # game players sims games: rounds until the deadline
    local dir="$OUT/rounds/$1-$2p-sims$3" seed=1 last=0 start status
    mkdir -p "$dir"
    while :; do
        local file="$dir/seed-$seed.json"
        if [ -s "$file" ] && python3 -c "import json,sys; sys.exit(not json.load(open('$file'))['complete'])"; then
            seed=$((seed + 1))
            continue
        fi
        start=$(date +%s)
        [ $((start + last)) -lt "$UNTIL" ] || return 0
        status=0
        timeout -s INT $((STOP - start)) nice -n 15 sim "$1" tournament --bots "trained,ismcts:sims=$3" \
            --players "$2" --games "$4" --seed "$seed" --json > "$file.part" || status=$?
        mv "$file.part" "$file"
        [ "$status" -eq 0 ] || return 0 # interrupted at STOP: kept, marked complete false
        last=$(($(date +%s) - start))
        seed=$((seed + 1))
    done
}
for table in "${TABLES[@]}"; do
    rounds $table &
done
nice -n 15 python "$OUT/decision_time.py" > "$OUT/decision_time.json.part" && mv "$OUT/decision_time.json.part" "$OUT/decision_time.json"
wait
python "$OUT/report.py"
