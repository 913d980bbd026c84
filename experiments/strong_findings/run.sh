#!/usr/bin/env bash
# Regenerates experiments/strong_findings: luft/ and landunter/, each with
# report.md, findings.csv and one plot per headline figure.
#
# Do the heuristic-bot findings hold under strong play? Each headline figure
# is played with the heuristic field of its experiment and with the shipped
# trained bots (`trained`, the preset of each player count) as the field, on
# independent games, at the experiment's own size, so the heuristic side
# replays exactly the committed experiment's figure (same field, games, seed):
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
