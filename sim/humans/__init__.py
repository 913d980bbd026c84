"""People's games back into the simulator (`sim <game> humans LOGDIR…`).

fit.py       a `policy` weight file fitted to people's choices (maximum likelihood)
report.py    people against `trained`, per decision type: costs, the costliest situations, plots
commands.py  ``sim <game> humans``
"""
