"""Deprecated: the state layout moved to `sim.games.luft.layout` (same names).
Importing this module gives that one, with a DeprecationWarning."""

import sys

from sim import deprecation
from sim.games.luft import layout

deprecation.warn(
    "sim.games.luft.view is now sim.games.luft.layout (same names); "
    "write `from sim.games.luft import layout` (view keeps working until the next release)"
)
sys.modules[__name__] = layout
