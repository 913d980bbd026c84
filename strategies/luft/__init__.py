"""Geteilte Luft bots. Importing this package registers every built-in bot."""
from strategies.luft import air, counter, depth, drain, greedy_value, planner, random_bot, rulebook_tips, threshold  # noqa: F401  (registration)
from strategies.luft.registry import LUFT_BOTS

__all__ = ["LUFT_BOTS"]
