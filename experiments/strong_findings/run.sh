#!/usr/bin/env bash
# Regenerates experiments/strong_findings: luft/ and landunter/, each with
# report.md, findings.csv and one plot per headline figure.
#
# Do the heuristic-bot findings hold under strong play? Each headline figure
# is played, at the experiment's own size and each field on games of its own,
# with the heuristic field of its experiment (seed 0: it replays the committed
# experiment's figure), the same field with the shipped trained bots
# (`trained`, the preset of each player count) in it, and every bot's
# self-play; a comparison holds the make-up fixed (mixed without vs with
# trained; trained's self-play vs each heuristic bot's):
# Geteilte Luft 100,000 games per field and player count (2-6; seat 0's edge
# and the last dive deciding, as experiments/balance), Land unter 1,000,000
# (3-5; ring compensation, as experiments/landunter_fairness's mixed field).
# Two processes fill the result stores (runs/) in parallel; the last commands
# read every run from the stores and write the reports.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=experiments/strong_findings
LUFT=(--games 100000 --seed 0 --out "$OUT/luft")
LU=(--games 1000000 --seed 0 --out "$OUT/landunter")
{ sim luft strong-findings "${LUFT[@]}" --json > /dev/null
  sim landunter strong-findings "${LU[@]}" --players 3,5 --json > /dev/null; } &
sim landunter strong-findings "${LU[@]}" --players 4 --json > /dev/null
wait
sim luft strong-findings "${LUFT[@]}" --json > /dev/null
sim landunter strong-findings "${LU[@]}" --json > /dev/null
