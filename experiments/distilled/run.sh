#!/bin/sh
# distilled against its targets (measure.py: head to head at every player
# count, a 4-player strong field, side-by-side speed); report.md rendered from
# summary.json. The presets it measures come from presets.sh.
#     sh experiments/distilled/run.sh            # full size
#     SIZE=0.25 sh experiments/distilled/run.sh  # every tournament at a quarter of its games
. "$(dirname "$0")/../wall_time.sh"
set -e
cd "$(dirname "$0")"
nice -n 10 python measure.py --scale "${SIZE:-1}"
python report.py
