"""What the Land unter analyses share: the rules of a setting, the base rules
from --rules, the player counts they accept, and the default strong field."""

from __future__ import annotations

from sim.games.landunter.rules import Rules

#: A strong mixed field: `distilled` (the search bot sampler's strength at a heuristic's cost;
#: sampler itself is ~100x slower) and the three strongest fast heuristics of a 4-player
#: tournament (dodge, counter, ring-keeper). `distilled` took the seat of `low`, the weakest.
DEFAULT_FIELD = ["distilled", "dodge", "counter", "ring-keeper"]


def rules_for(players: int, overrides: dict | None = None) -> dict:
    """The rules dict of a setting; 6 players need allow_six."""
    return {"players": players, **({"allow_six": True} if players == 6 else {}), **(overrides or {})}


def base_rules(rules: dict | None) -> dict:
    """CLI rule strings every setting starts from, validated; players come from --players."""
    rules = dict(rules or {})
    if {"players", "allow_six", "allow_two"} & set(rules):
        raise ValueError("--rules must not set players, allow_six or allow_two; give the player counts with --players (3..6)")
    Rules.from_strings(rules)
    return rules


def check_players(players_list, low: int = 3, high: int = 6) -> list[int]:
    """Sorted distinct player counts, each within low..high."""
    players_list = sorted({int(n) for n in players_list})
    bad = [n for n in players_list if not low <= n <= high]
    if bad or not players_list:
        raise ValueError(f"--players {bad or players_list} out of range; Land unter analyses take {low}..{high}")
    return players_list
