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
# # How fast does the shared air run out?
#
# All divers breathe from one supply of 25 air per dive; every treasure carried
# costs one air per turn. This notebook measures, by bot mix and player count:
# the mean air left after each turn of a dive (with a 95% band), the turn in
# which the air runs out, how often it runs out at all, and how many divers
# drown per dive.
#
# Everything here calls `sim.games.luft.analyses.air.air_analysis`, the function
# behind `sim luft air`.

# %%
import os
from pathlib import Path

import pandas as pd

from sim.games.luft.analyses.air import DEFAULT_MIXES, air_analysis
from sim.plots import show

GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES", "20000"))
PLAYERS = [int(n) for n in os.environ.get("DEEPSIM_NOTEBOOK_PLAYERS", "2,3,4,5,6").split(",")]
OUT = Path(os.environ.get("DEEPSIM_NOTEBOOK_OUT", "notebook_output")) / "air"
SEED = 0


# %% [markdown]
# ## Method
#
# Each bot mix is cycled over the seats; every mix and player count plays the
# same game seeds. A dive that ended early (everyone back) keeps its final air
# in the curves, so every game counts at every turn index.

# %%
summary = air_analysis(players_list=PLAYERS, mixes=DEFAULT_MIXES, games=GAMES, seed=SEED, out=OUT, progress=False)
print(f"{summary['seconds']:.0f} s")

# %% [markdown]
# ## Depletion curves and the turn the air runs out

# %%
for png in sorted(OUT.glob("depletion_*.png")) + sorted(OUT.glob("air_out_turn_*.png")):
    show(png)

# %% [markdown]
# ## P(air runs out) and divers drowned, per dive

# %%
table = pd.read_csv(OUT / "air_by_dive.csv")
table[["mix", "players", "dive", "p_air_out", "p_air_out_lo", "p_air_out_hi", "drowned", "drowned_lo", "drowned_hi", "games"]]

# %% [markdown]
# ## Answer
#
# At full size (`experiments/air/`, 1,000,000 games per mix and player count)
# the answer depends mostly on the divers. With `threshold:t=2` at every seat
# the air runs out in dive 1
# <!--claim:readme_air-->
# in 0.079 [0.078, 0.079] of 2-player games, 0.786 [0.786, 0.787] of 3-player
# and 0.993 [0.992, 0.993] of 4-player games (n = 1,000,000 each); a 4-player
# dive lasts 19.2 turns and drowns 2.7 divers on average
# <!--/claim-->
# Air-watching `air` bots keep the supply alive up to 4 players. The dives are
# not alike for the mixed field:
# <!--claim:air_mixed_dives-->
# at 3 players the air runs out in 0.039 of dive 1 vs 0.124 of dive 2, at 4
# players 0.685 vs 0.818 divers drown
# <!--/claim-->
