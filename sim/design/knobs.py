"""What a design study searches and asks for: rule knobs, objectives and
constraints, parsed from the command line into plain data.

``--knobs air=15..40,dives=2..4,turn_back_needs_treasure,sink_order=nearest-first|farthest-first``:
``name=a..b`` a range (whole numbers for an integer knob), a bare boolean or
choice knob every value, ``name=x|y`` those values, ``name=x`` one fixed
value. ``--objectives skill,fairness,min:upset_rate`` and ``--constraint
"p_air_out=0.5..0.9"`` name design metrics (`sim.design.metrics`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Knob:
    """A rule knob a study may search: ``kind`` int, float, bool or choice;
    ``allowed`` the (low, high) the rules accept, or the choices."""

    name: str
    kind: str
    allowed: tuple | None
    help: str


@dataclass(frozen=True)
class Space:
    """One knob's search space: a range (low, high) or a list of values."""

    knob: Knob
    low: float | None = None
    high: float | None = None
    values: tuple = ()

    @property
    def fixed(self) -> bool:
        return not self.is_range and len(self.values) == 1

    @property
    def is_range(self) -> bool:
        return self.low is not None

    def describe(self) -> str:
        return (
            f"{self.knob.name}={self.low:g}..{self.high:g}"
            if self.is_range
            else f"{self.knob.name}={'|'.join(map(str, self.values))}"
        )


def parse_knobs(text: str, knobs: dict[str, Knob]) -> list[Space]:
    """``--knobs`` into one `Space` per knob; an unknown knob, a range a knob
    cannot take or a value outside what the rules accept raises ValueError."""
    spaces, seen = [], set()
    for item in (p.strip() for p in text.split(",") if p.strip()):
        name, eq, spec = (s.strip() for s in item.partition("="))
        if name not in knobs:
            raise ValueError(f"unknown knob {name!r} in --knobs; knobs are: {', '.join(knobs)}")
        if name in seen:
            raise ValueError(f"knob {name!r} is given twice in --knobs; give each knob once")
        seen.add(name)
        spaces.append(_space(knobs[name], spec if eq else ""))
    if not spaces:
        raise ValueError("--knobs names no knob; give e.g. air=15..40,dives=2..4")
    if all(s.fixed for s in spaces):
        raise ValueError("--knobs fixes every knob to one value; give at least one range or value list")
    return spaces


def _space(knob: Knob, spec: str) -> Space:
    if knob.kind in ("int", "float"):
        low, dots, high = spec.partition("..")
        try:
            lo, hi = (int(low), int(high or low)) if knob.kind == "int" else (float(low), float(high or low))
        except ValueError:
            kind = "whole numbers" if knob.kind == "int" else "numbers"
            raise ValueError(f"knob {knob.name}={spec!r} needs a range of {kind}, e.g. {knob.name}=2..6") from None
        a, b = knob.allowed
        if not (math.isfinite(lo) and math.isfinite(hi)) or lo > hi:
            raise ValueError(f"knob {knob.name}={spec} is an empty range; give low..high with low <= high")
        if lo < a or hi > b:
            raise ValueError(f"knob {knob.name}={spec} leaves the rules' range {a:g}..{b:g}; stay inside it")
        return Space(knob, lo, hi) if dots and lo < hi else Space(knob, values=(lo,))
    choices = ("true", "false") if knob.kind == "bool" else tuple(knob.allowed)
    values = (
        tuple(v.strip().lower() if knob.kind == "bool" else v.strip() for v in spec.split("|") if v.strip()) if spec else choices
    )
    bad = [v for v in values if v not in choices]
    if bad:
        raise ValueError(f"knob {knob.name}: {bad[0]!r} is not a value; choose from {'|'.join(choices)}")
    return Space(knob, values=tuple(dict.fromkeys(values)))


@dataclass(frozen=True)
class Objective:
    metric: str
    sign: int  # +1 maximise, -1 minimise

    @property
    def direction(self) -> str:
        return "maximize" if self.sign > 0 else "minimize"


def parse_objectives(text: str, metrics, aliases: dict[str, str]) -> list[Objective]:
    """``skill,fairness,min:upset_rate``: a metric (or a shorthand) in its
    better direction, or with ``max:``/``min:`` in the one given."""
    by_name = {m.name: m for m in metrics}
    out = []
    for item in (p.strip() for p in text.split(",") if p.strip()):
        prefix, colon, name = item.rpartition(":")
        name = aliases.get(name, name)
        if name not in by_name:
            raise ValueError(f"unknown objective {item!r}; use {', '.join(list(aliases) + list(by_name))}")
        if colon and prefix not in ("min", "max"):
            raise ValueError(f"objective {item!r}: the prefix must be min: or max:")
        sign = (1 if prefix == "max" else -1) if colon else by_name[name].better
        if sign == 0:
            raise ValueError(f"objective {name!r} has no better direction; write max:{name} or min:{name}")
        if any(o.metric == name for o in out):
            raise ValueError(f"objective {name!r} is given twice; give each once")
        out.append(Objective(name, sign))
    if not out:
        raise ValueError("--objectives names no metric; give e.g. skill,fairness,tension")
    return out


@dataclass(frozen=True)
class Constraint:
    metric: str
    low: float
    high: float

    def violation(self, value: float) -> float:
        """How far the value lies outside [low, high] (0 inside, > 0 outside)."""
        return max(self.low - value, value - self.high, 0.0)


def parse_constraints(items: list[str], metrics, aliases: dict[str, str]) -> list[Constraint]:
    """``p_air_out=0.5..0.9`` (repeatable): a metric's mean must lie in the range."""
    names = {m.name for m in metrics}
    out = []
    for item in (p.strip() for text in items or [] for p in text.split(",") if p.strip()):
        name, eq, spec = (s.strip() for s in item.partition("="))
        name = aliases.get(name, name)
        low, dots, high = spec.partition("..")
        if not eq or not dots:
            raise ValueError(f"--constraint {item!r} needs the form metric=low..high, e.g. p_air_out=0.5..0.9")
        if name not in names:
            raise ValueError(f"unknown metric {name!r} in --constraint; metrics are: {', '.join(sorted(names))}")
        try:
            lo, hi = float(low) if low else -math.inf, float(high) if high else math.inf
        except ValueError:
            raise ValueError(f"--constraint {item!r}: the bounds must be numbers") from None
        if lo > hi:
            raise ValueError(f"--constraint {item!r} is an empty range; give low..high with low <= high")
        out.append(Constraint(name, lo, hi))
    return out


def printable(values: dict, steps: dict[str, float]) -> dict:
    """Knob values as a person prints them: each knob in ``steps`` rounded to a
    whole multiple of its step (an int for a whole step), the others as they are.
    A design study confirms and reports this rounded rule set, not the raw pick."""
    out = {}
    for name, value in values.items():
        step = steps.get(name)
        if step is None or isinstance(value, (bool, str)):
            out[name] = value
        else:
            rounded = round(float(value) / step) * step
            out[name] = int(rounded) if float(step).is_integer() else rounded
    return out
