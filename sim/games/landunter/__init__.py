"""Land unter (Stefan Dorra): rules, engines, trace (rules/land-unter.md).

    rules.py      Rules dataclass (every [D] option), RulesError
    layout.py     the int64 state view bots decide on, rules-vector indices
    reference.py  pure-Python reference engine, one small function per rule
    core.py       the same rules compiled, acting on the state view
    engine.py     play_batch: the compiled batch kernel
    trace.py      readable round-by-round log of one game
    summary.py    metrics / histograms / summary for the runner
    spec.py       GAME, the GameSpec the core drives
"""

def __getattr__(name):
    """``GAME`` is built on first use, not on import.

    Importing the package must not import the engine: bots import helper
    modules of this package, and the engine imports the bots, so an eager
    import here would be a cycle.
    """
    if name == "GAME":
        from sim.games.landunter.spec import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
