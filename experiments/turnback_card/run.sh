#!/bin/sh
# The turn-back card: the shipped trained policy's turn-back
# answers as heat maps per player count, the rule "turn back when air <= a +
# b x depth + c x load" fitted to them, and the win share it gives up against
# the full policy (seat-rotated head-to-head, fresh games, 95% CI).
# Sized for a few minutes on a shared machine (500 + 500 self-play games of
# positions, 4,800 head-to-head games per card and player count).
set -e
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")"
nice -n 5 sim luft turnback-card --players 2,3,4,5,6 --bot trained --position-games 500 --games 4800 --seed 1 --out . > run.log 2>&1
