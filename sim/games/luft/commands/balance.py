"""`sim luft balance`: seat effects of the rule knobs, one at a time and in pairs."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from sim.cli_bots import field_option
from sim.cli_common import ALPHA, JSON, MAX_GAMES, OUT, SCHEDULER, SEED, WORKERS, analysis, finish, player_list, players_option
from sim.report import collected


def register(sub: typer.Typer):
    @sub.command("balance")
    def balance(
        games: int = typer.Option(
            2_000, "--games", "-g", min=1, max=MAX_GAMES, help="Games per setting (rule set and player count)."
        ),
        seed: int = SEED,
        players: str = players_option("2,3,4,5,6", 2, 6),
        field: Optional[str] = field_option(
            "luft", "The bots, every group in every seat order", shown="every family with parameters at its defaults"
        ),
        knobs: Optional[str] = typer.Option(
            None,
            "--knobs",
            help="Knobs to sweep one at a time, comma-separated "
            "(default: air, stack_size, turn_back_needs_treasure, "
            "start_when_nobody_returned, dives, sink_order).",
        ),
        pairs: Optional[str] = typer.Option(
            None, "--pairs", help="Knob pairs to sweep together, e.g. air:stack_size,air:dives (default); 'none' for none."
        ),
        alpha: float = ALPHA,
        out_dir: Optional[Path] = OUT,
        scheduler: Optional[str] = SCHEDULER,
        workers: Optional[int] = WORKERS,
        as_json: bool = JSON,
    ):
        """Is the untested rule set fair and sound?

        Sweep the rule knobs per player count with a strong mixed field: first player's win share vs
        1/n, game length, drownings, score spread, last-dive decisions; flags every
        significant imbalance."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.luft.analyses.balance import balance as run

        with analysis(out_dir, as_json, scheduler, workers) as executor, collected() as reports:
            if games < 2:
                raise ValueError("--games must be at least 2")
            summary = run(
                players_list=player_list(players, 2, 6),
                field=field,
                knobs=[k.strip() for k in knobs.split(",") if k.strip()] if knobs else None,
                pairs=_pairs(pairs),
                alpha=alpha,
                games=games,
                seed=seed,
                out=out_dir,
                executor=executor,
            )
        finish(summary, as_json, out_dir, reports)


def _pairs(text: Optional[str]):
    if text is None:
        return None
    if text.strip().lower() == "none":
        return []
    pairs = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        a, colon, b = part.partition(":")
        if not colon or not a or not b:
            raise ValueError(f"--pairs item {part!r} needs the form knob:knob, e.g. air:stack_size")
        pairs.append((a.strip(), b.strip()))
    return pairs
