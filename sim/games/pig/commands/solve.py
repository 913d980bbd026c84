"""`sim pig solve`: the exact answers of 2-player Pig, by value iteration."""

from __future__ import annotations

import json
from typing import Optional

import typer

from sim.cli_bots import ONE, bot_option
from sim.cli_common import JSON, out, user_errors


def register(sub: typer.Typer):
    @sub.command("solve")
    def solve_cmd(
        goal: int = typer.Option(100, "--goal", min=1, help="The score that wins (the exact solution is computed up to 200)."),
        against: Optional[str] = bot_option(
            "pig",
            "--against",
            role="A deterministic bot (e.g. hold:n=20): also its exact match against optimal and the best response to it",
            shape=ONE,
        ),
        as_json: bool = JSON,
    ):
        """The optimal first-player win probability (both optimal, seat 0 moves first); with --against,
        that bot's exact win probability against optimal and the best response's against it, in both seat orders."""
        # deferred: `sim --help` loads no command's code (python -X importtime)
        from sim.games.pig.analyses.exact import exact_answers

        with user_errors():
            summary = exact_answers(goal, against)
        if as_json:
            print(json.dumps(summary))
            return
        out.print(f"Pig to {goal}, 2 players, seat 0 moves first (exact, value iteration)", highlight=False)
        out.print(f"optimal vs optimal: first player wins {summary['optimal_first_player_win']:.6f}", highlight=False)
        if against:
            a = summary["against"]
            out.print(
                f"{against} vs optimal: {against} wins {a['policy_win_first']:.6f} moving first, "
                f"{a['policy_win_second']:.6f} moving second",
                highlight=False,
            )
            out.print(
                f"best response to {against}: wins {a['best_response_win_first']:.6f} moving first, "
                f"{a['best_response_win_second']:.6f} moving second, {a['best_response_win_mean']:.6f} on average",
                highlight=False,
            )
