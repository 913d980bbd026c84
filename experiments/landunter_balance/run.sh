#!/usr/bin/env bash
# Regenerates experiments/landunter_balance: report.md, heat maps and bars (PNG),
# tables (CSV), summary.json.
#
# Full size: 1,000,000 games per setting (rounded up to a whole number per
# lineup), 20 settings = the defaults and each of the four [D] options flipped
# alone, at 3, 4, 5 and 6 players (6 with allow_six=true): 20 M games. The
# field is the default distilled,dodge,counter,ring-keeper (distilled: the
# search bot sampler's strength at a heuristic's cost, sampler itself being
# ~100x slower; then the three strongest fast heuristics of a 4-player
# tournament), seated in every seat order. Results are stored per setting under
# runs/, so a killed run resumes. Wall time with the field before distilled
# took low's seat (dodge,counter,ring-keeper,low): 10 min 36 s alone on the
# shared 2-core machine (27 min 48 s beside three other experiment runs); the
# field with distilled plays about 2.5x fewer games per CPU-second. Rerunning
# with runs/ in place takes ~10 s.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim landunter balance --games 1000000 --seed 0 --players 3,4,5,6 --out experiments/landunter_balance --json > /dev/null
