#!/usr/bin/env bash
# Regenerates experiments/design: which rule set does the simulator recommend,
# per player count (Geteilte Luft 2-6, Land unter 3-5)?
#
#   SIZE=full bash experiments/design/run.sh   # the recommendation (see below)
#   SIZE=tiny bash experiments/design/run.sh   # an end-to-end check in minutes, NO recommendation
#   OUT=DIR LUFT_FIELD=SPECS ...               # elsewhere, with another Geteilte Luft field
#                                                (how the field's wall time was compared before and after)
#
# One design study per game and player count, so each count gets its own rule
# set, on three sets of games that never meet: the search (the trials, seed
# 0), the selection (the front's members and the defaults re-evaluated on a
# fresh seed, where a member is picked that meets the constraints and beats
# the defaults beyond a Bonferroni interval over every member x objective
# compared, worse on none) and the confirmation (the pick, the defaults and
# the defaults with only one of the pick's knobs changed, on a third seed;
# the pick is recommended only if it is still better there and not shown
# worse). `python -m sim.design.recommend` writes report.md from the
# confirmation's figures, the knob-by-knob gains and the flags of picks at
# the edge of a knob's range.
#
# Every study and both defaults' metrics run side by side (one process each),
# then the recommendation reads them all.
#
# Robust verdict (ROBUST=1 adds --robust and --population; the committed run has it):
# on the confirmation games the pick and the
# defaults are played again under the field without the bots tuned to the
# default rules and under the skill ladder seated as a field (chance, simple
# heuristic, search, trained); the pick is "robust" only when it beats the
# defaults beyond the intervals under every field, and the report names each
# (field, metric) where the verdict flips. With ROBUST=1 each game's
# population run (experiments/population/<game>-4p, grown at 4 players under
# the default rules) adds its final equilibrium as one more field
# (--population: a club of 10 seats by largest remainder). The skill curve
# plays each ladder rung against the rung below, for the defaults and the pick (each on the
# --eval-games; the step "trained over search" seats n-1 planners, so at 5-6
# players it costs about as much as the search itself). A design study
# confirms the pick's printable values (value_gap rounded to a whole step).
# Then `sim <game> rulebook --from` writes each count's rules page
# (<dir>/rulebook/rulebook.md and .html), which report.md links.
#
# Knob ranges: air 10..50 and value_gap 1..8 (wider than before: picks sat at
# their ends); dives 2..5 (1 is allowed by the rules but makes "the last dive
# decides" 1 by definition, a construction, not a design gain); stack_size
# 1..5 is all the rules allow.
#
# SIZE=full, and why it answers the question (its wall time: wall_time.json; on the
# shared 2-core machine):
# * Geteilte Luft, per player count: 120 trials (TPE: it learns from the
#   first trials; NSGA-II would still be in its random first generation of
#   50) of 800 field + 800 skill games each; the front's 5 best spread members
#   and the defaults re-evaluated on 4,000 fresh games of each kind (and the
#   pick, the defaults and each knob alone on 4,000 more). At 4,000
#   games a win-share CI is about +-0.015 and a share-of-dives CI narrower, so
#   a rule change that moves skill or the last-dive share by 0.04 or more is
#   told from the defaults; the 800-game selection only has to rank
#   candidates. The field holds the planner (search), which makes a field game
#   about 16x dearer, hence these counts.
# * Land unter: 4 boolean [D] options are 16 rule sets; 40 TPE trials of
#   4,000 games cover them (repeats are cheap), and the front plus defaults
#   are re-evaluated on 20,000 fresh games (CI about +-0.007 on a share), the
#   pick confirmed on 20,000 more.
# * The defaults' own metrics at every count, with the exploit metric (a
#   small best-response budget: a lower bound on degenerate play).
#
# Each study lives in <dir>/study.db (optuna, SQLite): rerunning resumes it, a
# larger TRIALS adds trials. Browse one with
#   optuna-dashboard sqlite:///experiments/design/luft_4p/study.db
set -euo pipefail
. "$(dirname "$0")/../wall_time.sh"
cd "$(dirname "$0")/../.."
OUT=${OUT:-experiments/design}
SIZE=${SIZE:-full}
case "$SIZE" in
  full) LG=800; LT=120; LE=4000; UG=4000; UT=40; UE=20000; TOP=5; XG=48; XGEN=3 ;;
  tiny) LG=40; LT=3; LE=80; UG=60; UT=3; UE=120; TOP=2; XG=8; XGEN=1 ;;
  *) echo "error: SIZE must be full or tiny, not '$SIZE'" >&2; exit 2 ;;
esac
ROBUST=${ROBUST:-0}
case "$ROBUST" in
  0) LUFT_ROBUST_ARGS=(); LU_ROBUST_ARGS=() ;;
  1) LUFT_ROBUST_ARGS=(--robust --population experiments/population/luft-4p)
     LU_ROBUST_ARGS=(--robust --population experiments/population/landunter-4p) ;;
  *) echo "error: ROBUST must be 0 or 1, not '$ROBUST'" >&2; exit 2 ;;
esac
# The field, named so the committed run stays what this script makes: the
# metrics' default, strong play by `distilled` (trained's play without its
# per-decision search, about 1.8x more field games per CPU-second than the
# earlier field with `trained` in its place).
LUFT_FIELD=${LUFT_FIELD:-distilled,greedy-value,planner,air,rulebook-tips}
LUFT_PLAYERS=(2 3 4 5 6)
LU_PLAYERS=(3 4 5)
csv() { local IFS=,; echo "$*"; }

# The defaults' metrics (with the exploit budget) beside the studies' own.
sim luft metrics --field "$LUFT_FIELD" --players "$(csv "${LUFT_PLAYERS[@]}")" --games "$LE" --seed 0 --exploit \
  --exploit-games "$XG" --exploit-generations "$XGEN" --out "$OUT/luft_defaults" --json > /dev/null &
pids=($!)
sim landunter metrics --players "$(csv "${LU_PLAYERS[@]}")" --games "$UE" --seed 0 --exploit \
  --exploit-games "$XG" --exploit-generations "$XGEN" --out "$OUT/landunter_defaults" --json > /dev/null &
pids+=($!)

# Geteilte Luft: the knobs the rulebook leaves open (docs/rules/geteilte-luft.md).
for n in "${LUFT_PLAYERS[@]}"; do
  sim luft design --field "$LUFT_FIELD" --knobs "air=10..50,dives=2..5,stack_size=1..5,turn_back_needs_treasure,value_gap=1..8" \
    --objectives skill,fairness,tension --constraint "p_air_out=0.3..0.9" --sampler tpe \
    --players "$n" --games "$LG" --trials "$LT" --eval-games "$LE" --top "$TOP" \
    --seed 0 "${LUFT_ROBUST_ARGS[@]}" --out "$OUT/luft_${n}p" --json > /dev/null &
  pids+=($!)
done

# Land unter: its four [D] options.
for n in "${LU_PLAYERS[@]}"; do
  sim landunter design --knobs "cascade_may_repeat_flipper,tie_simultaneous,end_before_cascade,no_flood_counts_as_lowest" \
    --objectives skill,fairness,tension --sampler tpe --players "$n" --games "$UG" --trials "$UT" \
    --eval-games "$UE" --top "$TOP" --seed 0 "${LU_ROBUST_ARGS[@]}" --out "$OUT/landunter_${n}p" --json > /dev/null &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done  # a failed study fails the run

# Each count's rules page (the robust run's pages link them).
if [ "$ROBUST" = 1 ]; then
  for n in "${LUFT_PLAYERS[@]}"; do
    sim luft rulebook --from "$OUT/luft_${n}p" --out "$OUT/luft_${n}p/rulebook" --json > /dev/null
  done
  for n in "${LU_PLAYERS[@]}"; do
    sim landunter rulebook --from "$OUT/landunter_${n}p" --out "$OUT/landunter_${n}p/rulebook" --json > /dev/null
  done
fi
python -m sim.design.recommend "$OUT" "$SIZE"
