"""Pig bots. Importing this package registers every built-in bot."""

from strategies.pig import ismcts, optimal, policy, simple  # noqa: F401
from strategies.pig.registry import PIG_BOTS

__all__ = ["PIG_BOTS"]
