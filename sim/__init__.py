"""Monte Carlo strategy simulator for Geteilte Luft and Land unter."""

__version__ = "0.1.0"
