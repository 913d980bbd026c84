"""The degenerate-play metric: how much a best response gains against the field.

A rule set with a degenerate strategy lets one trained player crush reasonable
play. The metric trains a `policy` best response against the field under the
candidate rule set with the strong-play code (`sim.strong.train`, scored by
`sim.strong.exploit.exploitability`: its win share on fresh games minus 1/n,
Wilson CI) on a small budget. It is optional: a best response costs
generations x candidates x games, far more than the other metrics.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # sim.stats loads scipy; the CLI's help imports this module
    from sim.stats import Estimate


@dataclass(frozen=True)
class Budget:
    """What one best response may cost: games per candidate evaluation, CMA-ES
    generations, candidates per generation (None: CMA-ES's default)."""

    games: int = 48
    generations: int = 3
    population: int | None = None

    def describe(self) -> str:
        pop = f"{self.population}" if self.population else "CMA-ES's default number of"
        return (
            f"exploit: a best response of {self.generations} CMA-ES generations x {pop} candidates x "
            f"{self.games} games each (rounded up to whole seat orders), its win share on 4x as many fresh games"
        )

    def check(self):
        if self.games < 1 or self.generations < 1 or (self.population is not None and self.population < 4):
            raise ValueError(
                "--exploit-games and --exploit-generations must be at least 1, "
                "--exploit-population at least 4 (CMA-ES needs two parents)"
            )


def opponents(field: list[str], players: int) -> list[str]:
    """The best response's table: the field's first n-1 bots, cycled."""
    return [field[i % len(field)] for i in range(players - 1)]


def gain(game, rules, field: list[str], budget: Budget, seed: int, executor=None) -> Estimate:
    """The exploit metric of one rule set (``rules``: the game's Rules object)."""
    # deferred: loads matplotlib, numba and pandas, slow to import (python -X importtime), for this path only
    from sim.stats import Estimate
    from sim.strong.exploit import exploitability
    from sim.strong.train import train

    summary = train(
        game,
        rules,
        opponents(field, rules.players),
        games=budget.games,
        generations=budget.generations,
        seed=seed,
        population=budget.population,
        executor=executor,
        progress=False,
    )
    e = exploitability(summary)
    return Estimate(e["mean"], *e["ci95"], summary["fresh"]["games"])
