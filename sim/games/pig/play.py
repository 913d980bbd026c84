"""Pig at the terminal table: the screen a seat sees and its keys. Pig hides
nothing, so every seat sees the whole table; hints play the game on from the
position with the reference engine (`rollout_wins`)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from sim import rng
from sim.games.pig import layout
from sim.games.pig.reference import GameRecord, play_game, play_on
from sim.play.keys import Choice

RULES_SUMMARY = """[bold]Pig — the rules in brief[/bold]
On your turn roll the die as often as you like. A 1 ends your turn and scores nothing
this turn; any other face adds to your turn total. After a roll of 2-6 you may hold:
the turn total joins your score and the next player rolls. The first to reach the goal wins."""


def rollout_wins(rules, seats, seed: int, seat: int, st, choices, hint_bot, rollouts: int) -> list[list[float]]:
    """Win share of ``seat`` in each of ``rollouts`` games after each choice, played on
    from the position ``st`` (people's seats by ``hint_bot``); rollout k rolls the same
    dice whatever the choice (common random numbers)."""
    # deferred: loads pandas and scipy, slow to import (python -X importtime), for this path only
    from sim.play.table import HUMAN, ROLLOUT_GAMES

    players = [hint_bot if s.spec == HUMAN else s for s in seats]
    n = int(st[layout.S_PLAYERS])
    wins = []
    for choice in choices:
        row = []
        for k in range(rollouts):
            rec = GameRecord(
                score=[int(st[layout.S_SCORE + s]) for s in range(n)], turns=int(st[layout.S_TURN]), first=int(st[layout.S_FIRST])
            )
            stream = rng.Stream(seed, ROLLOUT_GAMES + k)
            args = (int(st[layout.S_TURN_TOTAL]), int(st[layout.S_ROLLS]), choice.action)
            row.append(float(play_on(rules, players, seed, ROLLOUT_GAMES + k, stream, rec, seat, *args).winner == seat))
        wins.append(row)
    return wins


class PigTable:
    title = "Pig"
    default_bots = "optimal"
    private_hands = False
    rules_summary = RULES_SUMMARY

    def play_game(self, rules, seats, seed, log):
        return play_game(rules, seats, seed, 0, log)

    def seat_fn(self, decide):
        return lambda seat, st, params, u: decide(seat, 0, st, u)

    def bot_move(self, bot, seat, phase, st, u):
        return int(bot.bot.fn(seat, st, bot.params, u))

    def choices(self, phase, seat, st):
        return [Choice("r", layout.ROLL, "roll again"), Choice("b", layout.HOLD, f"bank {int(st[layout.S_TURN_TOTAL])}")]

    def prompt(self, phase, seat, st):
        return f"Seat {seat}, turn total {st[layout.S_TURN_TOTAL]} after rolling a {st[layout.S_LAST_ROLL]}: roll or bank?"

    def rollouts(self, rules, seats, seed, history, seat, st, choices, bot, n):
        return rollout_wins(rules, seats, seed, seat, st, choices, bot, n)

    def shown(self, event):
        return True  # nothing in Pig is hidden

    def screen(self, rules, phase, seat, st, players):
        head = Text(f"Pig — first to {st[layout.S_GOAL]}, turn {st[layout.S_TURN] + 1}", style="bold")
        table = Table(title="players", title_justify="left")
        for col in ("seat", "player", "score", "needs"):
            table.add_column(col)
        for s in range(int(st[layout.S_PLAYERS])):
            score = int(st[layout.S_SCORE + s])
            table.add_row(
                ("▶ " if s == seat else "") + str(s),
                players[s],
                str(score),
                str(int(st[layout.S_GOAL]) - score),
                style="bold yellow" if s == seat else None,
            )
        turn = Text.assemble("this turn: ", (f"{st[layout.S_TURN_TOTAL]}", "bold blue"), f" in {st[layout.S_ROLLS]} rolls")
        return Group(head, table, turn)


TABLE = PigTable()
