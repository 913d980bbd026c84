# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Does the swim deck give the odds of two 1–3 dice?
#
# Geteilte Luft replaces the two three-sided dice of Deep Sea Adventure by a
# 9-card swim deck (2, 3, 3, 4, 4, 4, 5, 5, 6), reshuffled after every draw.
# The rulebook claims this gives exactly the dice's odds. We check that claim
# four ways:
#
# * (a) exactly, by enumerating every outcome as fractions;
# * (b) statistically, with a chi-square test on millions of draws made by the
#   same compiled code the engine uses;
# * (c) at the level of whole games: deck vs dice on the same game seeds;
# * (d) for the variant without reshuffling: how much it changes the game, and
#   what a card-counting bot gains from it.
#
# Everything here calls `sim.games.luft.analyses.dice_check`, the function
# behind `sim luft dice-check`.

# %%
import os
from pathlib import Path

import pandas as pd

from sim.games.luft.analyses.dice_check import dice_check
from sim.plots import show

GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES", "200000"))
DRAWS = int(os.environ.get("DEEPSIM_NOTEBOOK_DRAWS", "10000000"))
PLAYERS = 4
OUT = Path(os.environ.get("DEEPSIM_NOTEBOOK_OUT", "notebook_output")) / "dice_check"
SEED = 0


# %% [markdown]
# ## Method
#
# One call runs all four parts. Game-level comparisons play the same game
# seeds under each swim source, so the only difference between two runs is the
# source of the swim values; Welch tests per outcome with a Bonferroni
# threshold, and for each outcome the smallest true difference the sample
# would have detected with 80% power — what "no significant difference" rules
# out.

# %%
summary = dice_check(players=PLAYERS, games=GAMES, draws=DRAWS, seed=SEED, out=OUT, progress=False)
print(f"{summary['seconds']:.0f} s")

# %% [markdown]
# ## (a) Exact distributions

# %%
print("deck, two d3, mapped d6 and the unreshuffled deck have identical distributions:", summary["exact_equal"])
pd.read_csv(OUT / "exact.csv", dtype=str)

# %% [markdown]
# ## (b) Chi-square on compiled draws

# %%
show(OUT / "swim_frequencies.png")
pd.read_csv(OUT / "chi_square.csv")

# %% [markdown]
# ## (c) Deck vs dice in whole games

# %%
eq = pd.read_csv(OUT / "equivalence_deck_d3.csv")
print(
    f"significant differences: {summary['deck_vs_d3']['significant']} of {summary['deck_vs_d3']['tested']}; "
    f"largest difference the sample could have missed: {summary['deck_vs_d3']['max_detectable']:.4f}"
)
eq[["metric", "deck", "d3", "difference", "ci95_lo", "ci95_hi", "p_value", "detectable", "n_each"]]

# %% [markdown]
# ## (d) Without reshuffling, and counting cards

# %%
print(
    f"no reshuffle: {summary['no_reshuffle']['significant']} of {summary['no_reshuffle']['tested']} outcomes "
    "differ significantly from the reshuffled deck"
)
pd.read_csv(OUT / "counter_gain.csv")

# %% [markdown]
# ## Answer
#
# Yes. (a) answers it exactly: deck, two d3 and mapped d6 give the same
# fractions 1/9, 2/9, 1/3, 2/9, 1/9 (an engine check, true by construction).
# At full size (`experiments/dice_check/`):
# <!--claim:dice_check_findings-->
# chi-square on 10,000,000 draws each: deck p = 0.86, d3 p = 0.30; the
# unreshuffled deck's counts are almost exact (χ² = 1.2e-05, p = 1.00).
# 1,000,000 games each on the same seeds: 0 of 14 outcomes differ between deck
# and d3 at Bonferroni 0.05/14; at that α the tests would have detected (80%
# power) a difference in win share of 0.0023 or in score of 0.061 points. Under
# the reshuffled deck `counter` gains exactly 0 (identical win totals on the
# same seeds: with the deck reshuffled it plays as `air`) over `air`
# <!--/claim-->
# Only the no-reshuffle variant changes the game:
# <!--claim:dice_check_no_reshuffle-->
# 11 of 14 outcomes differ, and a card counter gains 0.038 [0.037, 0.039] win
# share in seat 0 against three `air` bots (n = 1,000,000 each)
# <!--/claim-->
