"""A logged game read back: stepped through (``replay``), and the people's
choices set against a bot's on the very same positions (``review``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

import numpy as np
from rich.console import Console, Group
from rich.markup import escape

from sim import api
from sim.cli_common import out
from sim.play.keys import read_key
from sim.play.playlog import GameLog
from sim.play.table import HUMAN, events_panel, human_seat, table_of
from sim.report_terminal import print_table
from sim.stats import mean_ci, proportion_ci


def replay(log: GameLog, console: Console, step: bool = True, keys: Callable[[], str] = read_key):
    """Each decision's screen as its seat saw it, with what was chosen; a key steps on."""
    start = log.start
    game, table = api.get_game(start["game"]), table_of(start["game"])
    rules = api.make_rules(game, start["rules_given"], start["players"])
    names = start["seats"]
    events: list[str] = []
    for rec in log.decisions:
        events += rec["events"]
        st = np.array(rec["view"], dtype=np.int64)
        if step:
            console.clear()
        console.print(Group(table.screen(rules, rec["phase"], rec["seat"], st, names), events_panel(events)))
        console.print(
            f"decision {rec['n']} of {len(log.decisions)}: seat {rec['seat']} ({names[rec['seat']]}) "
            f"chose: [bold]{escape(rec['choice'])}[/bold]",
            highlight=False,
        )
        if step:
            console.print("any key: next decision, q: stop", highlight=False)
            if keys() == "q":
                return
    if log.end is None:
        console.print(
            f"the log ends here: the game was stopped; continue it with sim {start['game']} play --resume {log.path}",
            highlight=False,
        )
        return
    console.print(events_panel(events + log.end["events"]))
    console.print(f"[bold]Game over[/bold] — scores {log.end['score']}", highlight=False)


def review(logs: list[GameLog], bot_spec: str, rollouts: int = 0) -> dict:
    """Agreement of the people with ``bot_spec`` over every decision a person made
    with more than one legal choice, and each disagreement; with ``rollouts``,
    its cost: the person's win chance after the bot's choice minus after their
    own, paired over rollouts on common random numbers."""
    agreed, total, disagreements = 0, 0, []
    kinds: dict[str, dict] = {}  # per decision type (the prompt's question): decisions, agreed
    for log in logs:
        start = log.start
        game, table = api.get_game(start["game"]), table_of(start["game"])
        rules = api.make_rules(game, start["rules_given"], start["players"])
        seats = [human_seat() if name == HUMAN else game.registry.parse(name) for name in start["seats"]]
        bot = game.registry.parse(bot_spec)
        history = []
        for rec in log.decisions:
            seat, phase, st = rec["seat"], rec["phase"], np.array(rec["view"], dtype=np.int64)
            choices = table.choices(phase, seat, st)
            if rec["player"] == HUMAN and len(choices) > 1:
                total += 1
                situation = table.prompt(phase, seat, st)
                kind = kinds.setdefault(situation.rsplit(": ", 1)[-1], {"decisions": 0, "agreed": 0})
                kind["decisions"] += 1
                action = table.bot_move(bot, seat, phase, st, rec["u"])
                if action == rec["action"]:
                    agreed += 1
                    kind["agreed"] += 1
                else:
                    by_action = {c.action: c for c in choices}
                    if action not in by_action:
                        raise ValueError(
                            f"bot {bot_spec!r} chose {action}, not a legal choice, at decision {rec['n']} of {log.path}"
                        )
                    row = {
                        "log": str(log.path),
                        "decision": rec["n"],
                        "seat": seat,
                        "situation": situation,
                        "kind": situation.rsplit(": ", 1)[-1],
                        "person": rec["choice"],
                        "bot": by_action[action].label,
                    }
                    if rollouts:
                        wins = table.rollouts(
                            rules,
                            seats,
                            start["seed"],
                            history,
                            seat,
                            st,
                            [by_action[action], by_action[rec["action"]]],
                            bot,
                            rollouts,
                        )
                        diffs = [b - p for b, p in zip(*wins)]
                        cost = mean_ci(len(diffs), sum(diffs), sum(d * d for d in diffs))
                        # a win chance lost lies in [-1, 1]; so does its interval
                        row["cost"] = replace(cost, lo=max(cost.lo, -1.0), hi=min(cost.hi, 1.0)).to_json()
                    disagreements.append(row)
            history.append(rec["action"])
    if total == 0:
        raise ValueError(
            "no decision by a person with more than one legal choice in these logs; review logs of games played with --humans"
        )
    return {
        "bot": bot_spec,
        "logs": [str(log.path) for log in logs],
        "decisions": total,
        "agreed": agreed,
        "agreement": proportion_ci(agreed, total).to_json(),
        "kinds": kinds,
        "cost_rollouts": rollouts,
        "disagreements": disagreements,
    }


def print_review(summary: dict):
    a = summary["agreement"]
    out.print(
        f"[bold]People vs {escape(summary['bot'])}[/bold]: agreed on {summary['agreed']} of "
        f"{summary['decisions']} decisions = {a['mean']:.3f} [{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}] "
        "(95% Wilson CI)",
        highlight=False,
    )
    if not summary["disagreements"]:
        return
    costs = all("cost" in d for d in summary["disagreements"])
    title = "where they disagreed" + (
        f" (cost: win chance lost against the bot's choice, {summary['cost_rollouts']} rollouts each, 95% CI)" if costs else ""
    )
    rows = [
        {
            "log": Path(d["log"]).name,
            "decision": d["decision"],
            "situation": d["situation"],
            "person chose": d["person"],
            "bot would choose": d["bot"],
            **({"cost": f"{d['cost']['mean']:+.3f} [{d['cost']['ci95'][0]:+.3f}, {d['cost']['ci95'][1]:+.3f}]"} if costs else {}),
        }
        for d in summary["disagreements"]
    ]
    print_table(rows, out, title=title)  # fitted to the terminal, never a cell cut
