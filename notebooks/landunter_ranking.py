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
# # Which Land unter strategy is best?
#
# Land unter's bots range from trivial (always the highest, lowest or median
# card; a random card) to weighing the flood cards on offer (dodge), keeping
# rings (ring-keeper), counting cards (counter) and searching sampled worlds
# (sampler). Which wins, at 3, 4 and 5 players? And if everyone at the table
# knew the others' choices, which would they pick?
#
# Everything here calls `sim.games.landunter.analyses.ranking.ranking`, the
# function behind `sim landunter ranking`.

# %%
import os
from pathlib import Path

import pandas as pd

from sim.games.landunter.analyses.ranking import ranking
from sim.plots import show

GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES", "200000"))
PLAYERS = [int(n) for n in os.environ.get("DEEPSIM_NOTEBOOK_LU_PLAYERS", "3,4").split(",")]
BOTS = os.environ.get("DEEPSIM_NOTEBOOK_LU_BOTS")  # None: every bot but the search bot sampler
OUT = Path(os.environ.get("DEEPSIM_NOTEBOOK_OUT", "notebook_output")) / "landunter_ranking"
SEED = 0


# %% [markdown]
# ## Method
#
# One balanced tournament per player count: every group of n bots in every
# order of the seats, each seating on its own games, so seats and neighbours
# cancel and games are independent. Win share counts a shared win as 1/k. The head-to-head matrix
# (share of games the row's total beat the column's) is the payoff matrix of a
# symmetric zero-sum meta-game (the two-player "finish ahead of" game inside
# the field, not the n-player game); its equilibrium mix comes from a linear
# program, and the best response to each bot is the row that beats its column
# most often. The search bot sampler is too slow for this game count; the
# full-size experiment adds it in a second, smaller tournament.

# %%
summary = ranking(players_list=PLAYERS, bots=BOTS, games=GAMES, seed=SEED, out=OUT, progress=False)
print(f"{summary['seconds']:.0f} s; bots {', '.join(summary['bots'])}")

# %% [markdown]
# ## Ranking per player count

# %%
pd.concat([pd.read_csv(OUT / f"ranking_{n}p.csv") for n in PLAYERS])

# %%
for n in PLAYERS:
    show(OUT / f"ranking_{n}p.png")
    show(OUT / f"payoff_{n}p.png")

# %% [markdown]
# ## The meta-game: equilibrium mix and best responses

# %%
pd.concat([pd.read_csv(OUT / f"equilibrium_{n}p.csv") for n in PLAYERS])

# %% [markdown]
# ## Answer
#
# The full-size run (`experiments/landunter_ranking/`, 1,000,000 tournament
# games per player count, balanced seatings) ranks `dodge` first:
# <!--claim:readme_landunter_ranking-->
# `dodge` wins at every player count, e.g. 0.478 [0.477, 0.479] of 4-player
# games (fair 0.25, n = 571,680 games); `sampler` wins 0.551 [0.542, 0.561] of
# the 4-player games with the search bot (n = 10,080)
# <!--/claim-->
# The meta-game (the two-player game "finish ahead of one opponent" inside the
# field) is pure:
# <!--claim:landunter_ranking_best_response-->
# dodge is the best response to every other bot (ahead of counter in 0.556
# [0.554, 0.558] of 4-player games, n = 285,840), except that at 3 players
# `high` beats `mid` more often (0.848 [0.846, 0.850])
# <!--/claim-->
# The search bot beats them all (20,000 games per player count, scaled down
# because a sampler game costs ~1000 heuristic games):
# <!--claim:landunter_ranking_search-->
# sampler wins 0.613 [0.602, 0.624] / 0.551 [0.542, 0.561] / 0.532 [0.523,
# 0.541] at 3 / 4 / 5 players (n = 7,560 / 10,080 / 12,600) and is the whole
# equilibrium mix; it finishes ahead of dodge in 0.622 of 4-player games
# <!--/claim-->
