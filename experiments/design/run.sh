#!/usr/bin/env bash
# Regenerates experiments/design: which rule set does the simulator recommend?
#
# SIZE=small (the default, what is committed now): a smoke-size run made on the
# shared 2-core machine -- a few hundred games per candidate and 12-16 trials,
# enough to check the pipeline end to end, NOT enough for a recommendation.
# SIZE=full: the recommendation run (thousands of games per candidate,
# hundreds of trials per study, every player count 2..6); not run yet.
#
# Each study lives in <dir>/study.db (optuna, SQLite): rerunning a command
# resumes its study, and a larger --trials adds trials. Browse one with
#   optuna-dashboard sqlite:///experiments/design/luft_3p6p/study.db
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=experiments/design
SIZE=${SIZE:-small}
if [ "$SIZE" = full ]; then
  GAMES=4000; TRIALS=300; EVAL=20000; LUFT_PLAYERS=(2 3 4 5 6); LU_PLAYERS=(3 4 5 6); TOP=8
else
  GAMES=300; TRIALS=16; EVAL=600; LUFT_PLAYERS=(3 6); LU_PLAYERS=(4); TOP=3
fi
csv() { local IFS=,; echo "$*"; }

# Design metrics of the rulebook defaults, per player count.
sim luft metrics --players "$(csv 2 3 4 5 6)" --games "$EVAL" --seed 0 --out "$OUT/luft_defaults" --json > /dev/null
sim landunter metrics --players "$(csv 3 4 5)" --games "$EVAL" --seed 0 --out "$OUT/landunter_defaults" --json > /dev/null

# Geteilte Luft: air, dives, stack size, the turn-back [D] option and the value lists' spread between
# levels; skill, fairness and tension, with the air running out in 30-90% of dives at every player count.
sim luft design --knobs "air=15..40,dives=2..4,stack_size=1..5,turn_back_needs_treasure,value_gap=2..6" \
  --objectives skill,fairness,tension --constraint "p_air_out=0.3..0.9" \
  --players "$(csv "${LUFT_PLAYERS[@]}")" --games "$GAMES" --trials "$TRIALS" --eval-games "$EVAL" --top "$TOP" \
  --seed 0 --out "$OUT/luft_$(csv "${LUFT_PLAYERS[@]}" | tr , p)p" --json > /dev/null

# Land unter: its four [D] options.
sim landunter design --knobs "cascade_may_repeat_flipper,tie_simultaneous,end_before_cascade,no_flood_counts_as_lowest" \
  --objectives skill,fairness,tension --players "$(csv "${LU_PLAYERS[@]}")" --games "$GAMES" --trials "$TRIALS" \
  --eval-games "$EVAL" --top "$TOP" --seed 0 --out "$OUT/landunter_$(csv "${LU_PLAYERS[@]}" | tr , p)p" --json > /dev/null
