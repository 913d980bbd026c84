#!/usr/bin/env bash
# Pig's known-answer table (docs/findings/pig.md): the exploit run, then the
# exact values and 1,000,000 simulated games per figure (experiments/pig/run.py).
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim pig exploit --field hold:n=20 --players 2 --games 20000 --generations 40 --seed 21 --json > experiments/pig/exploit.json
python experiments/pig/run.py experiments/pig/exploit.json
python experiments/claims.py
