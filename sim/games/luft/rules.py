"""Geteilte Luft rules as data: every option and knob of rules/geteilte-luft.md.

Defaults are the rulebook. Each [D] decision of the rules file is a field so
balance tests can flip it. `to_array()` is what the compiled kernel sees.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

import numpy as np

VERSION = 1

SWIM_DECK = (2, 3, 3, 4, 4, 4, 5, 5, 6)  # "Swim deck: 2,3,3,4,4,4,5,5,6"
SWIM_SOURCES = ("deck", "d3", "d6-mapped", "deck-no-reshuffle")
START_RULES = ("deepest", "same", "next")
SINK_ORDERS = ("nearest-first", "farthest-first")
SINK_WITHIN_DIVER = ("pickup-order", "reverse-pickup-order")
MAX_PLAYERS = 6
MAX_CARDS_PER_LEVEL = 15  # path of at most 60 fields fits a 64-bit occupancy mask
MAX_STACK = 5  # a stack's card levels pack into 3 bits each
MAX_DIVES = 9

# Indices into the kernel's rules array.
(R_PLAYERS, R_AIR, R_DIVES, R_CARDS, R_STACK, R_SWIM, R_TBNT, R_START, R_SINK, R_STALL, R_SINK_WITHIN) = range(11)
R_VALUES = 11  # 4 levels x MAX_CARDS_PER_LEVEL values follow
R_SIZE = R_VALUES + 4 * MAX_CARDS_PER_LEVEL


class RulesError(ValueError):
    """A rule field has a bad value or clashes with another field."""


def _default_values(level: int) -> tuple[int, ...]:
    base = 4 * (level - 1)
    return tuple(base + v for v in (0, 0, 1, 1, 2, 2, 3, 3))


@dataclass(frozen=True)
class Rules:
    """One Geteilte Luft rule set. Field names are the CLI's ``--rules`` keys."""

    players: int = 4
    air: int = 25
    dives: int = 3
    cards_per_level: int = 8
    values_l1: tuple[int, ...] = _default_values(1)
    values_l2: tuple[int, ...] = _default_values(2)
    values_l3: tuple[int, ...] = _default_values(3)
    values_l4: tuple[int, ...] = _default_values(4)
    stack_size: int = 3
    swim: str = "deck"
    turn_back_needs_treasure: bool = True
    start_when_nobody_returned: str = "deepest"
    sink_order: str = "nearest-first"
    sink_within_diver: str = "pickup-order"
    stalemate_rounds: int = 1

    VERSION = VERSION

    def __post_init__(self):
        _check_range("players", self.players, 2, MAX_PLAYERS)
        _check_range("air", self.air, 1, 999)
        _check_range("dives", self.dives, 1, MAX_DIVES)
        _check_range("cards_per_level", self.cards_per_level, 1, MAX_CARDS_PER_LEVEL)
        _check_range("stack_size", self.stack_size, 1, MAX_STACK)
        _check_range("stalemate_rounds", self.stalemate_rounds, 1, 100)
        _check_choice("swim", self.swim, SWIM_SOURCES)
        _check_choice("start_when_nobody_returned", self.start_when_nobody_returned, START_RULES)
        _check_choice("sink_order", self.sink_order, SINK_ORDERS)
        _check_choice("sink_within_diver", self.sink_within_diver, SINK_WITHIN_DIVER)
        for level in range(1, 5):
            name = f"values_l{level}"
            values = getattr(self, name)
            if len(values) != self.cards_per_level:
                raise RulesError(
                    f"{name} has {len(values)} values but cards_per_level is "
                    f"{self.cards_per_level}; give exactly one value per card"
                )
            if any(not 0 <= v <= 999 for v in values):
                raise RulesError(f"{name} values must lie in 0..999")

    def values(self, level: int) -> tuple[int, ...]:
        return getattr(self, f"values_l{level}")

    def to_dict(self) -> dict:
        return asdict(self)

    def to_array(self) -> np.ndarray:
        arr = np.zeros(R_SIZE, dtype=np.int64)
        arr[R_PLAYERS] = self.players
        arr[R_AIR] = self.air
        arr[R_DIVES] = self.dives
        arr[R_CARDS] = self.cards_per_level
        arr[R_STACK] = self.stack_size
        arr[R_SWIM] = SWIM_SOURCES.index(self.swim)
        arr[R_TBNT] = int(self.turn_back_needs_treasure)
        arr[R_START] = START_RULES.index(self.start_when_nobody_returned)
        arr[R_SINK] = SINK_ORDERS.index(self.sink_order)
        arr[R_SINK_WITHIN] = SINK_WITHIN_DIVER.index(self.sink_within_diver)
        arr[R_STALL] = self.stalemate_rounds
        for level in range(1, 5):
            start = R_VALUES + (level - 1) * MAX_CARDS_PER_LEVEL
            arr[start : start + self.cards_per_level] = self.values(level)
        return arr

    @classmethod
    def from_strings(cls, items: dict[str, str], **overrides) -> "Rules":
        """Build from CLI ``key=value`` strings; unknown keys and bad values raise RulesError."""
        kinds = {f.name: f.type for f in fields(cls)}
        kwargs = {}
        for key, raw in items.items():
            if key not in kinds:
                raise RulesError(f"unknown rule {key!r}; rules are: {', '.join(kinds)}")
            kwargs[key] = _parse(key, kinds[key], raw)
        kwargs.update(overrides)
        if "cards_per_level" in kwargs:
            # Changing the card count without value lists: truncate or extend the
            # rulebook's lists (pairs of values) so the simple knob stays usable.
            n = kwargs["cards_per_level"]
            for level in range(1, 5):
                kwargs.setdefault(f"values_l{level}", _resized(_default_values(level), n))
        return cls(**kwargs)

    def with_(self, **changes) -> "Rules":
        return replace(self, **changes)


def _resized(values: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(values[i % len(values)] for i in range(n)) if n > len(values) else values[:n]


def _parse(key: str, kind, raw: str):
    raw = str(raw).strip()
    kind = str(kind)
    if "bool" in kind:
        low = raw.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise RulesError(f"rule {key}={raw!r} must be true or false")
    if "tuple" in kind:
        try:
            return tuple(int(v) for v in raw.replace(";", ",").split(",") if v.strip())
        except ValueError:
            raise RulesError(f"rule {key}={raw!r} must be a comma-separated list of whole numbers") from None
    if "int" in kind:
        try:
            return int(raw)
        except ValueError:
            raise RulesError(f"rule {key}={raw!r} must be a whole number") from None
    return raw


def _check_range(name, value, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise RulesError(f"rule {name}={value!r} is out of range; use a whole number in {low}..{high}")


def _check_choice(name, value, choices):
    if value not in choices:
        raise RulesError(f"rule {name}={value!r} is not valid; choose one of: {', '.join(choices)}")
