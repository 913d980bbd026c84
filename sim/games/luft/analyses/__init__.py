"""The Geteilte Luft analyses: turn-back heuristics, air depletion, swim deck
vs dice, balance of the untested rules. Each returns its JSON summary and
writes tables, plots and a Markdown report when given an output directory."""
