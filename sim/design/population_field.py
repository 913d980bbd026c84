"""The population's equilibrium mixture as a field of the robust verdict.

A population run (`sim <game> population --out DIR`) ends with the
equilibrium of its meta-game: a weight per entrant. The verdict seats it as
a **club** of ``CLUB`` players: the weights rounded to whole seats by
largest remainder (an entrant whose weight rounds to no seat drops out), each
entrant's spec listed once per seat. `sim.sweep.field_lineups` treats every
place of the list as a member of its own (`sim.tournament.field_groups`
counts positions, not names), so a repeated spec is allowed and simply holds
that share of the club's seats: every group of n club members plays in every
seat order, each member holds every seat equally often, and the lineups are
sorted by their specs, so the list's order moves nothing. A table is thus
drawn from the club without replacement — near the equilibrium's independent
draws, not equal to them (a table holds at most as many copies of an entrant
as it has seats in the club); ``CLUB`` = 10 keeps the rounding within 0.05
of each weight.

The population was grown under its own rules and player count; it is not
rerun for the rule sets the verdict compares (far dearer than a field), and
the report says under which rules it was grown.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from sim import api
from sim.design.metric_defs import design_module

CLUB = 10  # seats of the club the equilibrium is rounded to


def club(weights: list[float], seats: int = CLUB) -> list[int]:
    """Seats per entrant: ``weights`` (normalised) times ``seats`` rounded by
    largest remainder (each entrant its whole part, the seats left to the
    largest fractional parts; ties to the larger weight, then the earlier
    entrant), so the counts sum to ``seats``."""
    total = sum(weights)
    if seats < 1 or total <= 0 or any(w < 0 or not math.isfinite(w) for w in weights):
        raise ValueError("an equilibrium needs non-negative finite weights with a positive sum")
    quotas = [w * seats / total for w in weights]
    counts = [math.floor(q) for q in quotas]
    order = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - counts[i]), -weights[i], i))
    for i in order[: seats - sum(counts)]:
        counts[i] += 1
    return counts


@dataclass(frozen=True)
class Population:
    """A population run's equilibrium as a club: ``members`` (entrant, spec, seats),
    where it came from (``source``, the run's ``players``) and under which
    rules it was grown (``rules``: a phrase)."""

    source: str
    players: int
    rules: str
    members: tuple[tuple[str, str, int], ...]

    @property
    def bots(self) -> tuple[str, ...]:
        """The field: each member's spec once per seat."""
        return tuple(spec for _, spec, count in self.members for _ in range(count))

    def describe(self) -> str:
        """Where the field comes from, for the report."""
        return f"the equilibrium of a {self.players}-player population under {self.rules} ({self.source})"


def _as_json(rules) -> dict:
    """A Rules object as a summary stores it (lists, not tuples)."""
    return json.loads(json.dumps(rules.to_dict()))


def _rules_text(game, grown: dict, evaluated: dict) -> str:
    """The population's rules in words: the defaults or how they differ, and
    how the rules evaluated (the study's --rules) differ from them."""
    defaults = _as_json(api.make_rules(game, players=int(grown["players"])))

    def changes(a: dict, b: dict) -> str:
        return ", ".join(f"{k}={a[k]}" for k in sorted(a) if k != "players" and a[k] != b.get(k))

    own = changes(grown, defaults)
    text = "the default rules" if not own else f"the default rules with {own}"
    moved = changes(evaluated, grown)
    return text if not moved else f"{text}; the rules evaluated here set {moved}"


def load(game_name: str, path: Path, base: dict | None = None) -> Population:
    """The equilibrium of the population run in ``path`` as a club of
    ``CLUB`` (module doc), every spec checked. ``base``: the rule options
    evaluated (--rules). A missing, foreign or unfinished run raises
    ValueError (one line)."""
    # deferred: loads the training code, slow to import (python -X importtime), for this path only
    from sim.strong.population import entrant_spec

    file = Path(path) / "summary.json"
    hint = f"give the --out DIR of `sim {game_name} population`"
    try:
        summary = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ValueError(f"--population: cannot read the population run {file}: {e}; {hint}") from None
    final, rules = (summary.get("final"), summary.get("rules")) if isinstance(summary, dict) else (None, None)
    if not isinstance(final, dict) or not {"entrants", "equilibrium"} <= set(final) or "players" not in (rules or {}):
        raise ValueError(f"--population: {file} is not a population run's summary; {hint}")
    if summary.get("game") != game_name:
        raise ValueError(f"--population: {file} is a population run of {summary.get('game')!r}, not of {game_name!r}; {hint}")
    if summary.get("complete") is not True:
        raise ValueError(
            f"--population: {file} is incomplete (complete: {json.dumps(summary.get('complete'))}); finish it by rerunning "
            f"its `sim {game_name} population --out {path}` command"
        )
    entrants, weights = final["entrants"], final["equilibrium"]
    if len(entrants) != len(weights):
        raise ValueError(f"--population: {file} has {len(entrants)} entrants but {len(weights)} equilibrium weights; {hint}")
    counts = club([float(w) for w in weights])
    members = tuple((e, entrant_spec(path, e), c) for e, c in zip(entrants, counts) if c > 0)
    game = api.get_game(game_name)
    for _, spec, _ in members:  # a missing weight file fails here, before any game
        game.registry.parse(spec)
    players = int(rules["players"])
    evaluated = _as_json(api.make_rules(game, design_module(game_name).at_players(players, dict(base or {}))))
    return Population(str(path), players, _rules_text(game, rules, evaluated), members)
