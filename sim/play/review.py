"""A logged game read back: stepped through (``replay``), and the people's
choices set against a bot's on the very same positions (``review``)."""
from __future__ import annotations

from typing import Callable

import numpy as np
from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table

from sim import api
from sim.cli_common import out
from sim.play.keys import read_key
from sim.play.playlog import GameLog
from sim.play.table import HUMAN, events_panel, table_of
from sim.stats import proportion_ci


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
        console.print(f"decision {rec['n']} of {len(log.decisions)}: seat {rec['seat']} ({names[rec['seat']]}) "
                      f"chose: [bold]{escape(rec['choice'])}[/bold]", highlight=False)
        if step:
            console.print("any key: next decision, q: stop", highlight=False)
            if keys() == "q":
                return
    if log.end is None:
        console.print(f"the log ends here: the game was stopped; continue it with "
                      f"sim {start['game']} play --resume {log.path}", highlight=False)
        return
    console.print(events_panel(events + log.end["events"]))
    console.print(f"[bold]Game over[/bold] — scores {log.end['score']}", highlight=False)


def review(logs: list[GameLog], bot_spec: str) -> dict:
    """Agreement of the people with ``bot_spec`` over every decision a person made
    with more than one legal choice, and each disagreement."""
    agreed, total, disagreements = 0, 0, []
    for log in logs:
        game, table = api.get_game(log.start["game"]), table_of(log.start["game"])
        bot = game.registry.parse(bot_spec)
        for rec in log.decisions:
            st = np.array(rec["view"], dtype=np.int64)
            choices = table.choices(rec["phase"], rec["seat"], st)
            if rec["player"] != HUMAN or len(choices) < 2:
                continue
            total += 1
            action = table.bot_move(bot, rec["seat"], rec["phase"], st, rec["u"])
            if action == rec["action"]:
                agreed += 1
                continue
            label = next((c.label for c in choices if c.action == action), str(action))
            disagreements.append({"log": str(log.path), "decision": rec["n"], "seat": rec["seat"],
                                  "situation": table.prompt(rec["phase"], rec["seat"], st),
                                  "person": rec["choice"], "bot": label})
    if total == 0:
        raise ValueError("no decision by a person with more than one legal choice in these logs; "
                         "review logs of games played with --humans")
    return {"bot": bot_spec, "logs": [str(log.path) for log in logs], "decisions": total, "agreed": agreed,
            "agreement": proportion_ci(agreed, total).to_json(), "disagreements": disagreements}


def print_review(summary: dict):
    a = summary["agreement"]
    out.print(f"[bold]People vs {escape(summary['bot'])}[/bold]: agreed on {summary['agreed']} of "
              f"{summary['decisions']} decisions = {a['mean']:.3f} [{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}] "
              "(95% Wilson CI)", highlight=False)
    if not summary["disagreements"]:
        return
    table = Table(title="where they disagreed")
    for col in ("log", "decision", "situation", "person chose", "bot would choose"):
        table.add_column(col)
    for d in summary["disagreements"]:
        table.add_row(escape(d["log"]), str(d["decision"]), escape(d["situation"]), escape(d["person"]),
                      escape(d["bot"]))
    out.print(table)
