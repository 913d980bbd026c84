#!/bin/sh
# Land unter's card rule: the rule "play the
# card whose share of the unseen cards below it is closest to a + b x (higher
# flood card)/12" fitted to the shipped trained policy's plays at 3, 4 and 5
# players, its agreement, and the win share it gives up against the policy
# (seat-rotated head-to-head, fresh games, 95% CI). Sized for minutes on a
# shared machine (150 + 150 self-play games, 2,400 head-to-head games).
set -e
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")"
nice -n 5 sim landunter card-rule --players 3,4,5 --bot trained --position-games 150 --games 2400 --seed 1 --out . > run.log 2>&1
