#!/bin/sh
# Population play, small: Geteilte Luft and Land unter at 4
# players from every fast built-in bot, 3 best responses each (96 games x 3
# CMA-ES generations per best response, 4,096-game meta-games). Sized for
# minutes on a shared 2-core machine; a full-size run raises --games,
# --generations, --meta-games and --iterations.
set -e
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")"
nice -n 5 sim luft population -n 4 --iterations 3 -g 96 --generations 3 --meta-games 4096 --seed 1 --out luft-4p > luft-4p.log 2>&1
nice -n 5 sim landunter population -n 4 --iterations 3 -g 96 --generations 3 --meta-games 4096 --seed 1 --out landunter-4p > landunter-4p.log 2>&1
