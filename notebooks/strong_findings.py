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
# # Do the findings hold under strong play?
#
# Every headline finding of the balance and fairness experiments was measured
# with hand-written bots: seat 0's edge in Geteilte Luft and how often the
# last dive decides the winner (experiments/balance), and whether a Land
# unter hand's ring count makes up for weak cards (experiments/
# landunter_fairness). Would they hold if the players were stronger? Here the
# same figures are played again with the trained bots (`trained`, the policy
# preset trained for each player count) in the field, comparing like with like.
#
# Run from the repository's top folder (the answer reads the committed
# results under experiments/strong_findings, or `DEEPSIM_STRONG_FINDINGS_RESULTS`).
# Everything here calls `strong_findings` of `sim.games.luft.analyses.strong_findings`
# and `sim.games.landunter.analyses.strong_findings`, the functions behind
# `sim luft strong-findings` and `sim landunter strong-findings`.

# %%
import json
import os
from pathlib import Path

import pandas as pd

from sim.games.landunter.analyses.strong_findings import strong_findings as landunter_findings
from sim.games.luft.analyses.strong_findings import strong_findings as luft_findings
from sim.plots import show
from sim.strong.findings import headline

GAMES = int(os.environ.get("DEEPSIM_NOTEBOOK_GAMES", "20000"))
PLAYERS = [int(n) for n in os.environ.get("DEEPSIM_NOTEBOOK_PLAYERS", "2,3,4,5,6").split(",")]
LU_PLAYERS = [int(n) for n in os.environ.get("DEEPSIM_NOTEBOOK_LU_PLAYERS", "3,4,5").split(",")]
OUT = Path(os.environ.get("DEEPSIM_NOTEBOOK_OUT", "notebook_output")) / "strong_findings"
COMMITTED = Path(os.environ.get("DEEPSIM_STRONG_FINDINGS_RESULTS", Path("experiments") / "strong_findings"))
SEED = 0
COLUMNS = ["players", "comparison", "figure", "without", "with the strong bots", "difference (with − without)", "p", "verdict"]


# %% [markdown]
# ## Method
#
# A field's figure depends on how strong its bots are and on its make-up
# (mixed or homogeneous), so every comparison holds the make-up fixed: the
# heuristic mixed field against the same field with `trained` added to it,
# and `trained`'s self-play against each heuristic bot's self-play. Each
# field is seated balanced (every group of its bots in every seat order, each
# lineup on its own games), exactly as the balance and fairness analyses
# seat theirs, and the figures come from those analyses' own code. Every
# field but the heuristic one plays games of its own random stream, so the
# samples are independent. A figure **changes** when the test of its
# difference (Welch's t on per-game values in Geteilte Luft, a z test on the
# clustered regression estimates in Land unter) is significant at the
# Bonferroni threshold over every comparison of the run, else it **holds**;
# each side's reading (e.g. "seat 0 favoured") shows whether a change also
# turns the finding around.

# %%
luft = luft_findings(players_list=PLAYERS, games=GAMES, seed=SEED, out=OUT, progress=False)
pd.read_csv(OUT / "findings.csv")[COLUMNS]

# %%
show(OUT / "seat0_edge.png")
show(OUT / "last_dive_decides.png")

# %%
landunter = landunter_findings(players_list=LU_PLAYERS, games=GAMES, seed=SEED, out=OUT / "landunter", progress=False)
pd.read_csv(OUT / "landunter" / "findings.csv")[COLUMNS]

# %%
for key in ("spread", "per_ring", "per_10_strength"):
    show(OUT / "landunter" / f"{key}.png")

# %% [markdown]
# ## Answer
#
# The full-size run (`experiments/strong_findings/run.sh`: Geteilte Luft
# 100,000 games per field and player count, Land unter 1,000,000 — the sizes
# of the heuristic experiments, whose figures the heuristic side replays) says,
# read from its committed summaries:

# %%
for game in ("luft", "landunter"):
    committed = COMMITTED / game / "summary.json"
    summary = json.loads(committed.read_text()) if committed.exists() else None
    if summary is not None and all("comparison" in r for r in summary["results"]):
        print("\n".join(headline(summary)))
    elif summary is not None:
        print(f"{committed} predates the like-with-like comparisons: rerun experiments/strong_findings/run.sh")
    else:
        print(f"{committed} not found: run the notebook from the repository's top folder")
