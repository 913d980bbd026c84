#!/usr/bin/env bash
# Pig's known-answer table (docs/findings/pig.md): the training run that makes
# the shipped `trained` preset, the exploit run, then the exact values and
# 1,000,000 simulated games per figure (experiments/pig/run.py).
# `bash experiments/pig/run.sh train` reruns the training rows only.
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
sim pig train --field optimal --players 2 --games 20000 --generations 150 --seed 11 --out experiments/pig/train --json > experiments/pig/train.json
cp experiments/pig/train/weights.json strategies/pig/presets/trained-2p.json
if [ "${1:-}" != train ]; then
    sim pig exploit --field hold:n=20 --players 2 --games 20000 --generations 40 --seed 21 --json > experiments/pig/exploit.json
    python experiments/pig/run.py experiments/pig/exploit.json
fi
python experiments/pig/run.py --trained experiments/pig/train.json
python experiments/claims.py
