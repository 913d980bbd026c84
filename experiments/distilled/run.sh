#!/bin/sh
# distilled against its targets (measure.py: head to head at every player
# count, a 4-player strong field, side-by-side speed); report.md rendered from
# summary.json. The presets it measures come from presets.sh.
#     sh experiments/distilled/run.sh            # full size
#     SIZE=0.25 sh experiments/distilled/run.sh  # every tournament at a quarter of its games
#     SPEED_GAMES=N: games per run of distilled in the speed benchmark (default 20000)
. "$(dirname "$0")/../wall_time.sh"
set -e
cd "$(dirname "$0")"
nice -n 10 python measure.py --scale "${SIZE:-1}" --speed-games "${SPEED_GAMES:-20000}"
python report.py
