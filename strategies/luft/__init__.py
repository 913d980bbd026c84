"""Geteilte Luft bots. Importing this package registers every built-in bot."""

from strategies.luft import (  # noqa: F401  (registration)
    air,
    counter,
    depth,
    distilled,
    drain,
    greedy_value,
    ismcts,
    planner,
    policy,
    random_bot,
    rollout,
    rulebook_tips,
    threshold,
)
from strategies.luft.registry import LUFT_BOTS

__all__ = ["LUFT_BOTS"]
