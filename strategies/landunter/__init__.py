"""Land unter bots. Importing this package registers every built-in bot."""

from strategies.landunter import counter, distilled, dodge, ismcts, policy, ring_keeper, sampler, simple  # noqa: F401
from strategies.landunter.registry import LANDUNTER_BOTS

__all__ = ["LANDUNTER_BOTS"]
