"""Land unter at the terminal table: the screen a seat sees and its keys.

A seat sees its own hand only; the other hands are never drawn (the log lines
that list every hand at the deal are kept off the screen). With two or more
people at one keyboard the table blanks the screen between them.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from sim.games.landunter import engine, layout
from sim.games.landunter.hint import rollout_wins
from sim.games.landunter.reference import play_game, ring_halves
from sim.play.keys import Choice

CARD_KEYS = "abcdefgijklm"  # one key per card of a 12-card hand, lowest first (h: hint)

RULES_SUMMARY = """[bold]Land unter — the rules in brief[/bold]
One deal per player; before each new deal the hands pass to the left, with their
full life rings. Each round of a deal (up to 12):
 1. Two flood cards are revealed.
 2. Everyone still in plays one weather card at the same time (all cards differ).
 3. The highest card takes the LOWER flood card, the second highest the HIGHER one,
    onto their flood piles; only a pile's top card counts (your water level).
 4. Whoever has the highest water level flips a life ring (ties: all tied flip).
    Must flip with no ring left: out for the deal; then the next highest flips.
The deal ends after round 12, or at once when only two players remain.
Scoring per deal: still in: +1 per ring left, +1 for the lowest water level (or none);
out: -1. After the last deal the highest total wins."""


def hand(st, seat: int) -> list[int]:
    return [int(layout.hand_card(st, seat, k)) for k in range(int(layout.hand_n(st, seat)))]


class LandUnterTable:
    title = "Land unter"
    default_bots = "dodge"
    private_hands = True
    rules_summary = RULES_SUMMARY

    def play_game(self, rules, seats, seed, log):
        return play_game(rules, seats, seed, 0, log)

    def seat_fn(self, decide):
        return lambda seat, st, params, u: decide(seat, 0, st, u)

    def bot_move(self, bot, seat, phase, st, u):
        return int(engine.sealed(bot.bot)(seat, st, bot.params, u))

    def choices(self, phase, seat, st):
        return [Choice(key, card, str(card)) for key, card in zip(CARD_KEYS, hand(st, seat))]

    def prompt(self, phase, seat, st):
        return (
            f"Seat {seat}, deal {st[layout.S_DEAL] + 1}, round {st[layout.S_ROUND] + 1}, "
            f"flood {st[layout.S_FLOOD_LO]} and {st[layout.S_FLOOD_HI]}: play a card"
        )

    def rollouts(self, rules, seats, seed, history, seat, st, choices, bot, n):
        """From ``st`` alone: ``history`` holds hidden cards (this round's earlier plays)."""
        return rollout_wins(rules, seats, seed, seat, st, choices, bot, n)

    def shown(self, event):
        return not event.startswith("  hand ")  # every hand at the deal: not for the players

    def screen(self, rules, phase, seat, st, players):
        n, n_cards = int(st[layout.S_PLAYERS]), int(st[layout.S_N_CARDS])
        lo, hi = int(st[layout.S_FLOOD_LO]), int(st[layout.S_FLOOD_HI])
        head = Text(
            f"Land unter — deal {st[layout.S_DEAL] + 1} of {n}, round {st[layout.S_ROUND] + 1} of "
            f"{layout.HAND_SIZE}, {st[layout.S_N_IN]} players still in",
            style="bold",
        )
        offer = Text.assemble(
            "flood cards on offer: ",
            (f"{lo} and {hi}", "bold blue"),
            f" — the highest weather card takes {lo}, the second highest {hi}",
        )
        left = " ".join(
            f"{value}×{st[layout.S_FLOOD_LEFT + value]}"
            for value in range(1, layout.FLOOD_MAX + 1)
            if st[layout.S_FLOOD_LEFT + value]
        )
        seats = Table(title="players", title_justify="left")
        for col in ("seat", "player", "in", "water level", "rings", "score", "cards"):
            seats.add_column(col)
        for s in range(n):
            seats.add_row(
                ("▶ " if s == seat else "") + str(s),
                players[s],
                "in" if st[layout.S_IN + s] else "OUT",
                str(st[layout.S_TOP + s] or "-"),
                f"{st[layout.S_RINGS + s]} of {st[layout.S_RINGS_FULL + s]}",
                str(st[layout.S_SCORE + s]),
                str(st[layout.S_HAND_N + s]),
                style="bold yellow" if s == seat else None,
            )
        cards = Text(f"your hand (seat {seat}): ", style="bold")
        for card in hand(st, seat):
            halves = ring_halves(card, n_cards)
            cards.append(str(card), style="bold").append("½" * (halves == 1) + "○" * (halves == 2) + " ")
        return Group(
            head,
            offer,
            Text(f"flood cards still face down: {left or 'none'}"),
            seats,
            cards,
            Text("(○ a life ring, ½ half a ring on the card: they made the hand's ring count)", style="dim"),
        )


TABLE = LandUnterTable()
