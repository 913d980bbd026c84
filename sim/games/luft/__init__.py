"""Geteilte Luft: the card version of Deep Sea Adventure (rules/geteilte-luft.md)."""

def __getattr__(name):
    """``GAME`` is built on first use, not on import.

    Importing the package must not import the engine: bots import helper
    modules of this package, and the engine imports the bots, so an eager
    import here would be a cycle.
    """
    if name == "GAME":
        from sim.games.luft.spec import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
