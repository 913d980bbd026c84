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
# # Land unter: seat and passing-order effects, and how often deals end early
#
# Three questions about where you sit:
#
# * (a) Does any seat win more than 1/n when everyone plays alike (all random,
#   all dodge, …) or when a mixed field rotates through the seats?
# * (b) Hands pass left, so you play next the hand your right-hand neighbour
#   just played. Does it matter whether a strong or a weak bot sits on your
#   right?
# * (c) How often does a deal end early (two or fewer left), by deal and player
#   count, and how many rounds does a deal last?
#
# Everything here calls `sim.games.landunter.analyses.seats.seats`, the
# function behind `sim landunter seats`.

# %%
import os
from pathlib import Path

import pandas as pd

from sim.games.landunter.analyses.seats import seats
from sim.plots import show

GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES", "50000"))
PLAYERS = [int(n) for n in os.environ.get("DEEPSIM_NOTEBOOK_LU_PLAYERS", "3,4,5").split(",")]
BOTS = os.environ.get("DEEPSIM_NOTEBOOK_LU_BOTS")     # None: random, high, low, mid, dodge, ring-keeper, counter
FIELD = os.environ.get("DEEPSIM_NOTEBOOK_LU_FIELD")   # None: dodge, counter, ring-keeper, low
OUT = Path(os.environ.get("DEEPSIM_NOTEBOOK_OUT", "notebook_output")) / "landunter_seats"
SEED = 0

# %% [markdown]
# ## Method
#
# (a) Tables of one bot in every seat, and the mixed field rotated through all
# seats; win share and score per seat with 95% CIs, a chi-square test that all
# seats win equally (Bonferroni over the tables). (b) Each candidate sits with
# `dodge` (strong) on its right and `random` (weak) on its left, then with the
# two swapped (other seats `low`); the candidate takes every seat, and both
# arrangements play exactly the same games (common random numbers). The
# difference right − left is tested with Welch's test, conservative here.
# (c) P(deal ends early), players out and rounds per deal from the same tables.

# %%
summary = seats(players_list=PLAYERS, games=GAMES, seed=SEED, bots=BOTS, field=FIELD, out=OUT, progress=False)
print(f"{summary['seconds']:.0f} s; {len(summary['seat_tests'])} seat tables, "
      f"{len(summary['passing'])} passing-order comparisons")

# %% [markdown]
# ## (a) Seat effect

# %%
pd.read_csv(OUT / "seat_tests.csv")

# %%
for n in PLAYERS:
    show(OUT / f"seat_win_share_{n}p.png")

# %% [markdown]
# ## (b) Passing order

# %%
pd.read_csv(OUT / "passing.csv")

# %%
show(OUT / "passing_win.png")
show(OUT / "passing_score.png")

# %% [markdown]
# ## (c) Early ends

# %%
for n in PLAYERS:
    show(OUT / f"early_end_{n}p.png")
    show(OUT / f"rounds_{n}p.png")

# %% [markdown]
# ## Answer
#
# ANSWER
