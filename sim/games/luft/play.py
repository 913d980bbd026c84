"""Geteilte Luft at the terminal table: the screen a seat sees and its keys.

Everything on the table is public in Geteilte Luft (levels of lying and carried
treasures, positions, air, scores), so the screen shows all of it; only the
value cards stay hidden, as at a real table.
"""

from __future__ import annotations

import numpy as np
from rich.console import Group
from rich.table import Table
from rich.text import Text

from sim.games.luft import engine, layout
from sim.games.luft.hint import rollout_wins
from sim.games.luft.reference import describe, play_game
from sim.games.luft.rules import SWIM_SOURCES
from sim.play.keys import Choice

LEVEL_STYLE = {0: "dim", 1: "green", 2: "cyan", 3: "magenta", 4: "red"}

RULES_SUMMARY = """[bold]Geteilte Luft — the rules in brief[/bold]
All divers share one air supply. Each turn of a diver still in the water:
 1. [bold]Breathe[/bold]: the air drops by the number of treasures you carry (a sunken stack
    counts as one). If the air runs out, this is the last turn of the dive.
 2. [bold]Turn back?[/bold] Heading down, you may turn back once per dive (by default only
    while carrying a treasure). From then on you swim only up.
 3. [bold]Swim[/bold]: draw 2-6 (two 1-3 dice); steps = draw - treasures carried. Fields with
    other divers are skipped, not counted. Reaching the submarine ends your dive safely.
 4. [bold]Treasure[/bold]: do nothing, pick up the treasure on your field, or drop one you
    carry onto a blank field.
End of a dive: divers back score one value card per treasure card (level 1: 0-3,
level 2: 4-7, level 3: 8-11, level 4: 12-15). Divers still in the water lose their
treasures; they sink to the deep end in stacks. Blanks are removed, the air refills.
After the last dive, most points wins (tie-break: level 4, 3, 2 cards brought home)."""


def carried(st: np.ndarray, seat: int) -> list[int]:
    base = layout.CARRIED + seat * layout.MAX_PATH
    return [int(x) for x in st[base : base + st[layout.N_CARRIED + seat]]]


def where(st: np.ndarray, seat: int) -> str:
    if st[layout.BACK + seat]:
        return "back in the submarine"
    pos = int(st[layout.POS + seat])
    return f"field {pos}" if pos else "submarine"


class LuftTable:
    title = "Geteilte Luft"
    default_bots = "planner:extra=3"
    private_hands = False
    rules_summary = RULES_SUMMARY

    def play_game(self, rules, seats, seed, log):
        return play_game(rules, seats, seed, 0, log)

    def seat_fn(self, decide):
        return lambda phase, seat, st, params, u: decide(seat, phase, st, u)

    def bot_move(self, bot, seat, phase, st, u):
        return int(engine.sealed(bot.bot)(phase, seat, st, bot.params, u))

    def choices(self, phase, seat, st):
        if phase == layout.PHASE_TURN_BACK:
            keep = [Choice("d", layout.STAY_DOWN, "keep diving down")]
            return keep + ([Choice("t", layout.TURN_BACK, "turn back")] if layout.can_turn_back(st, seat) else [])
        out = [Choice("n", layout.NOTHING, "nothing")]
        if layout.can_pick_up(st, seat):
            out.append(Choice("p", layout.PICK_UP, f"pick up {describe(int(layout.field_item(st, seat)))}"))
        if layout.can_drop(st, seat):
            out += [Choice(str(k + 1), layout.DROP + k, f"drop {describe(item)}") for k, item in enumerate(carried(st, seat)[:9])]
        return out

    def prompt(self, phase, seat, st):
        load = len(carried(st, seat))
        ask = "turn back?" if phase == layout.PHASE_TURN_BACK else "treasure?"
        return f"Seat {seat}, {where(st, seat)}, carrying {load}: {ask}"

    def shown(self, event):
        return True

    def rollouts(self, rules, seats, seed, history, seat, st, choices, bot, n):
        return rollout_wins(rules, seats, seed, history, seat, st, choices, bot, n)

    def screen(self, rules, phase, seat, st, players):
        n, air, max_air = int(st[layout.N_PLAYERS]), int(st[layout.AIR]), int(st[layout.MAX_AIR])
        head = Text(
            f"Geteilte Luft — dive {st[layout.DIVE] + 1} of {st[layout.DIVES]}, turn {st[layout.TURN] + 1}, "
            f"air {air} of {max_air} ",
            style="bold",
        )
        head.append("█" * air, style="blue").append("░" * (max_air - air), style="dim")
        path = Text("submarine ")
        for f in range(1, int(st[layout.PATH_LEN]) + 1):
            item = int(st[layout.PATH + f - 1])
            path.append(f"{f}:", style="dim").append(describe(item), style=LEVEL_STYLE[int(layout.item_top_level(item))])
            for s in range(n):
                if not st[layout.BACK + s] and st[layout.POS + s] == f:
                    path.append(f"<{s}>", style="bold yellow" if s == seat else "bold")
            path.append(" ")
        divers = Table(title="divers", title_justify="left")
        for col in ("seat", "player", "where", "heading", "carrying", "score"):
            divers.add_column(col)
        for s in range(n):
            divers.add_row(
                ("▶ " if s == seat else "") + str(s),
                players[s],
                where(st, s),
                "up" if st[layout.HEADING_UP + s] else "down",
                " ".join(describe(i) for i in carried(st, s)) or "-",
                str(st[layout.SCORE + s]),
                style="bold yellow" if s == seat else None,
            )
        swim = SWIM_SOURCES[int(st[layout.SWIM_MODE])]
        if swim == "deck-no-reshuffle":
            left = "  ".join(f"{value}×{st[layout.SWIM_LEFT + value - 2]}" for value in range(2, 7))
            swim_line = f"swim deck (no reshuffle), cards left: {left}"
        else:
            swim_line = f"swim: {swim}, every draw independent"
        return Group(head, Text("path: ", style="bold") + path, divers, Text(swim_line))


TABLE = LuftTable()
