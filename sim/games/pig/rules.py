"""Pig rules as data (rules/pig.md): players, the goal and who moves first.

`to_array()` is what the compiled kernel sees (indices in `layout.py`, ``R_*``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import ClassVar

import numpy as np

from sim.games.pig import layout

VERSION = 1
FIRST = ("seat0", "random")
MAX_GOAL = 10_000


class RulesError(ValueError):
    """A rule field has a bad value."""


@dataclass(frozen=True)
class Rules:
    """One Pig rule set. Field names are the CLI's ``key=value`` keys.

    players
        Seats at the table, 2–6 (Neller & Presser study 2).
    goal
        The banked score that wins (100 in the published game), 1..10000.
    first
        Who moves first: ``seat0`` (default: "the first player" of the
        published figures is seat 0) or ``random`` (drawn per game).
    """

    players: int = 2
    goal: int = 100
    first: str = "seat0"

    VERSION: ClassVar[int] = VERSION

    def __post_init__(self):
        for name, low, high in (("players", 2, layout.MAXP), ("goal", 1, MAX_GOAL)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
                raise RulesError(f"rule {name}={value!r} is not valid; choose a whole number {low}..{high}")
        if self.first not in FIRST:
            raise RulesError(f"rule first={self.first!r} is not valid; choose one of: {', '.join(FIRST)}")

    def to_dict(self) -> dict:
        return asdict(self)

    def to_array(self) -> np.ndarray:
        """Small int64 vector for the compiled kernel (indices ``layout.R_*``)."""
        arr = np.zeros(layout.R_SIZE, dtype=np.int64)
        arr[layout.R_VERSION] = VERSION
        arr[layout.R_PLAYERS] = self.players
        arr[layout.R_GOAL] = self.goal
        arr[layout.R_FIRST_RANDOM] = int(self.first == "random")
        return arr

    @classmethod
    def from_strings(cls, items: dict[str, str], **overrides) -> "Rules":
        """Build from CLI ``key=value`` strings; unknown keys and bad values raise
        `RulesError` naming the field and the valid choices."""
        kinds = {f.name: f.type for f in fields(cls)}
        kwargs = {}
        for key, raw in items.items():
            key = str(key).strip()
            if key not in kinds:
                raise RulesError(f"unknown rule {key!r} (value {raw!r}); rules are: " + ", ".join(kinds))
            kwargs[key] = _parse(key, kinds[key], raw)
        kwargs.update(overrides)
        return cls(**kwargs)

    def with_(self, **changes) -> "Rules":
        return replace(self, **changes)


def _parse(key: str, kind, raw):
    if "int" not in str(kind):
        return str(raw).strip()
    if isinstance(raw, (int, np.integer)) and not isinstance(raw, bool):
        return raw
    try:
        return int(str(raw).strip())
    except ValueError:
        raise RulesError(f"rule {key}={raw!r} is not a whole number") from None
