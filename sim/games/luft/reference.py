"""Geteilte Luft, pure Python: the readable statement of the rules.

Read it next to ``rules/geteilte-luft.md``; section names are quoted in the
comments. The compiled engine (engine.py) must agree with this one game for
game on the same random stream.

The random stream of one game (sim.rng, keyed by seed and game index), in the
order of use:
1. at game start, the value deck of level 1, 2, 3, 4 is shuffled (Fisher-Yates);
2. then, as play goes, the swim draw of each Swim step — deck: ``randbelow(9)``
   into 2,3,3,4,4,4,5,5,6; d3: two ``randbelow(3)``; d6-mapped: two
   ``randbelow(6)``; deck-no-reshuffle: the next card of a deck shuffled
   (Fisher-Yates over 2,3,3,4,4,4,5,5,6) whenever it is used up.
A bot's uniforms come from its own stream, one per game and seat
(``rng.bot_stream``), one ``uniform`` just before each of its decisions: no
function of the uniforms a bot has seen tells it a card the game will draw.
A bot is asked only when it has a choice: at the turn-back step when turning
back is allowed, at the treasure step when it can pick up or drop. It gets
the public view (a fresh copy) and its own parameter row, both read-only: a
write is refused with a one-line `BotError` naming the bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba.core.errors import NumbaError

from sim import rng
from sim.games.luft import layout
from sim.games.luft.outputs import HOLE_BLOCKED, HOLE_EMPTY_TURN_BACK, HOLE_SUB_TURN_BACK, HOLE_TIE_AT_ZERO
from sim.games.luft.rules import SWIM_DECK, SWIM_SOURCES, Rules
from sim.plugins import Adapter, deciders
from sim.registry import MAX_PARAMS, BotError, IllegalBotAction

#: How this game's bots are called as plug-ins, by both engines (`sim.plugins`).
PLUGIN = Adapter("luft", layout.SIZE, phase=True, njit_only=False, explain_refusal=layout.refused_write)


class IllegalAction(IllegalBotAction):
    """A bot chose an action the rules forbid."""

    def __init__(self, bot, seat, seed, game, dive, turn, phase, action):
        self.seat, self.dive, self.turn, self.action = seat, dive, turn, action
        what = "turn-back" if phase == layout.PHASE_TURN_BACK else "treasure"
        super().__init__(
            f"bot {bot!r} in seat {seat} chose illegal {what} action {action} "
            f"(seed {seed}, game {game}, dive {dive + 1}, turn {turn + 1})"
        )


def cards_of(item: int) -> list[int]:
    """Card levels of an item (a card or a stack), in stack order."""
    levels = []
    while item:
        levels.append(item & 7)
        item >>= 3
    return levels


def stack_of(levels: list[int]) -> int:
    """The item for a stack of cards with these levels, first card first."""
    item = 0
    for shift, level in enumerate(levels):
        item |= level << (3 * shift)
    return item


@dataclass
class Diver:
    seat: int
    pos: int = 0  # 0 = submarine, f = field f
    heading_up: bool = False
    back: bool = False
    carried: list[int] = field(default_factory=list)  # items in pickup order


@dataclass
class GameRecord:
    """Everything a game reports; the compiled engine fills the same fields."""

    score: list[int]
    win60: list[int]  # win share x 60 (60/k on a k-way tie)
    home: list[list[int]]  # [seat][level-1] treasure cards brought home
    drowned: list[int]  # dives in which the seat stayed in the water
    dive_turns: list[int] = field(default_factory=list)
    dive_air_out: list[int] = field(default_factory=list)
    dive_air_left: list[int] = field(default_factory=list)
    dive_drowned: list[int] = field(default_factory=list)
    dive_path_len: list[int] = field(default_factory=list)
    dive_start: list[int] = field(default_factory=list)
    dive_last_back: list[int] = field(default_factory=list)
    dive_stalled: list[int] = field(default_factory=list)
    dive_leader: list[int] = field(default_factory=list)  # sole leader after the dive, -1 on a tie
    dive_holes: list[int] = field(default_factory=list)  # rule holes met (outputs.HOLE_* bits)
    air_after_turn: list[list[int]] = field(default_factory=list)  # [dive][turn]


class Game:
    def __init__(self, rules: Rules, seats, seed: int, game: int, log=None, stream=None):
        self.rules, self.seats, self.seed, self.game = rules, seats, seed, game
        self.log, self.tracing = log or (lambda line: None), log is not None
        self.n = rules.players
        self.params = np.zeros((layout.MAX_SEATS, MAX_PARAMS))  # row s: seat s's bot parameters
        for s, seat in enumerate(seats):
            self.params[s, : len(seat.params)] = seat.params
        self.params.setflags(write=False)
        self.stream = stream or rng.Stream(seed, game)  # another source of the same draws: sim.envs
        self.bot_streams = [rng.Stream.for_bot(seed, game, s) for s in range(self.n)]
        self.deciders = deciders(seats, PLUGIN)
        # Material: the path, level 1 nearest the submarine; card ranks are
        # irrelevant, so a field is just its level.
        self.path = [level for level in (1, 2, 3, 4) for _ in range(rules.cards_per_level)]
        # Value decks, shuffled once at game start, drawn without replacement.
        self.value_decks = []
        for level in (1, 2, 3, 4):
            deck = np.array(rules.values(level), dtype=np.int64)
            self.value_decks.append([int(x) for x in self.stream.shuffle(deck)])
        self.swim_deck: list[int] = []  # deck-no-reshuffle: cards left, in order
        self.divers = [Diver(s) for s in range(self.n)]
        self.score = [0] * self.n
        self.home = [[0] * 4 for _ in range(self.n)]
        self.drowned = [0] * self.n
        self.air = rules.air
        self.dive = 0
        self.turn = 0
        self.holes = 0  # rule holes met in this dive (outputs.HOLE_* bits)
        self.start = 0  # "The first dive starts with seat 0"
        self.record = None

    # -- randomness -------------------------------------------------------
    def draw_swim(self) -> int:
        swim = self.rules.swim
        if swim == "deck":  # drawn, put back, reshuffled: independent draws
            return SWIM_DECK[self.stream.randbelow(9)]
        if swim == "d3":  # two three-sided dice
            return self.stream.randbelow(3) + self.stream.randbelow(3) + 2
        if swim == "d6-mapped":  # two d6, 1-2 -> 1, 3-4 -> 2, 5-6 -> 3
            return self.stream.randbelow(6) // 2 + self.stream.randbelow(6) // 2 + 2
        # deck-no-reshuffle: reshuffle only when all 9 cards are used up
        if not self.swim_deck:
            self.swim_deck = [int(x) for x in self.stream.shuffle(np.array(SWIM_DECK, dtype=np.int64))]
        return self.swim_deck.pop(0)

    def ask(self, phase: int, diver: Diver) -> int:
        """Ask the diver's bot; it gets the public view and its own uniform."""
        seat = self.seats[diver.seat]
        u = self.bot_streams[diver.seat].uniform()
        st = self.public_view()
        try:
            action = int(self.deciders[diver.seat](phase, diver.seat, st, self.params[diver.seat], u))
        except (ValueError, NumbaError) as exc:
            reason = layout.refused_write(exc)
            if reason is None:
                raise
            raise BotError(f"bot {seat.spec!r} in seat {diver.seat}: {reason}") from exc
        if not layout.is_legal(phase, st, diver.seat, action):
            raise IllegalAction(seat.spec, diver.seat, self.seed, self.game, self.dive, self.turn, phase, action)
        return action

    def public_view(self) -> np.ndarray:
        """The int64 array a bot reads (layout in layout.py), read-only. Built
        from its header and seat fields, the path and the carried items only
        (the rest is zero): converting the whole array from a list costs more
        than the rest of a turn."""
        head = [0] * layout.PATH
        r = self.rules
        head[layout.AIR], head[layout.DIVE], head[layout.N_PLAYERS] = self.air, self.dive, self.n
        head[layout.PATH_LEN], head[layout.TURN], head[layout.START] = len(self.path), self.turn, self.start
        head[layout.MAX_AIR], head[layout.TURN_BACK_NEEDS_TREASURE] = r.air, int(r.turn_back_needs_treasure)
        head[layout.STACK_SIZE], head[layout.DIVES], head[layout.SWIM_MODE] = r.stack_size, r.dives, SWIM_SOURCES.index(r.swim)
        left = self.swim_deck if r.swim == "deck-no-reshuffle" and self.swim_deck else SWIM_DECK
        for value in left:
            head[layout.SWIM_LEFT + value - 2] += 1
        for d in self.divers:
            s = d.seat
            head[layout.HEADING_UP + s], head[layout.BACK + s], head[layout.POS + s] = int(d.heading_up), int(d.back), d.pos
            head[layout.N_CARRIED + s], head[layout.SCORE + s] = len(d.carried), self.score[s]
        view = np.zeros(layout.SIZE, dtype=np.int64)
        view[: layout.PATH + len(self.path)] = head + self.path
        for d in self.divers:
            if d.carried:
                base = layout.CARRIED + d.seat * layout.MAX_PATH
                view[base : base + len(d.carried)] = d.carried
        view.setflags(write=False)
        return view

    # -- a turn -------------------------------------------------------------
    def occupied(self, f: int, mover: Diver) -> bool:
        """Another diver still in the water stands on field f."""
        return any(d is not mover and not d.back and d.pos == f for d in self.divers)

    def swim(self, diver: Diver, steps: int):
        """Move `steps` free fields; occupied fields are skipped, not counted."""
        skipped = []
        for _ in range(steps):
            if diver.heading_up:
                f = max(diver.pos - 1, 0)  # turned back before leaving the submarine: back at once
                while f > 0 and self.occupied(f, diver):
                    skipped.append(f)
                    f -= 1
                diver.pos = f
                if f == 0:
                    # "Up: no exact count needed; reaching the submarine ends
                    # the player's dive with their treasures safe."
                    diver.back = True
                    return skipped
            else:
                f = diver.pos + 1
                while f <= len(self.path) and self.occupied(f, diver):
                    f += 1
                if f > len(self.path):
                    # "Down: stop on the deepest free field reachable."
                    return skipped
                skipped.extend(range(diver.pos + 1, f))
                diver.pos = f
        return skipped

    def play_turn(self, diver: Diver) -> tuple[bool, bool]:
        """One turn (rules "A turn"). Returns (air ran out, diver was idle)."""
        s, r = diver.seat, self.rules
        load = len(diver.carried)  # a sunken stack counts as ONE treasure
        # 1. Breathe.
        air_out = False
        if load:
            self.air = max(0, self.air - load)
            air_out = self.air == 0  # last turn of the dive: finish it
        if self.tracing:  # the lines are only formatted for a trace
            self.log(f"  seat {s} breathes {load}: air {self.air}" + ("  -- AIR IS OUT, last turn" if air_out else ""))
        # 2. Turn back? Only heading down, once per dive, with a treasure [D].
        if not diver.heading_up and (load or not r.turn_back_needs_treasure):
            if self.ask(layout.PHASE_TURN_BACK, diver) == layout.TURN_BACK:
                diver.heading_up = True
                if self.tracing:
                    self.log(f"  seat {s} turns back")
                self.holes |= (HOLE_SUB_TURN_BACK if diver.pos == 0 else 0) | (0 if load else HOLE_EMPTY_TURN_BACK)
        # 3. Swim: steps = draw - treasures carried.
        before = diver.pos
        value = self.draw_swim()
        steps = value - load
        skipped = self.swim(diver, steps) if steps > 0 else []
        if steps > 0 and not diver.heading_up and diver.pos == before:
            self.holes |= HOLE_BLOCKED  # "stop on the deepest free field reachable", here the own field
        if self.tracing:
            where = "the submarine (back)" if diver.back else f"field {diver.pos}"
            self.log(
                f"  seat {s} draws {value}, {max(steps, 0)} steps {'up' if diver.heading_up else 'down'}"
                f"{' skipping ' + ','.join(map(str, skipped)) if skipped else ''}: {before} -> {where}"
            )
        if diver.back:
            self.returned.append(s)
            return air_out, False
        # 4. Treasure: nothing, pick up, or drop one onto a blank.
        acted = False
        if diver.pos > 0:
            item = self.path[diver.pos - 1]
            if item or diver.carried:
                action = self.ask(layout.PHASE_TREASURE, diver)
                if action == layout.PICK_UP:
                    diver.carried.append(item)
                    self.path[diver.pos - 1] = 0  # a blank is left in its place
                    if self.tracing:
                        self.log(f"  seat {s} picks up {describe(item)} on field {diver.pos}")
                    acted = True
                elif action >= layout.DROP:
                    dropped = diver.carried.pop(action - layout.DROP)
                    self.path[diver.pos - 1] = dropped  # it replaces the blank
                    if self.tracing:
                        self.log(f"  seat {s} drops {describe(dropped)} on field {diver.pos}")
                    acted = True
        idle = load == 0 and diver.pos == before and not acted
        return air_out, idle

    # -- a dive ---------------------------------------------------------------
    def play_dive(self):
        r, rec = self.rules, self.record
        self.air, self.turn, self.returned, self.holes = r.air, 0, [], 0
        for d in self.divers:
            d.pos, d.heading_up, d.back, d.carried = 0, False, False, []
        rec.dive_start.append(self.start)
        rec.dive_path_len.append(len(self.path))
        if self.tracing:
            self.log(
                f"Dive {self.dive + 1}: air {self.air}, path {len(self.path)} fields "
                f"[{' '.join(describe(i) for i in self.path)}], seat {self.start} starts"
            )
        air_curve = []
        seat, idle_turns, air_out, stalled = self.start, 0, False, False
        while True:
            diver = self.divers[seat]
            if not diver.back:  # divers back in the submarine skip
                air_out, idle = self.play_turn(diver)
                self.turn += 1
                air_curve.append(self.air)
                idle_turns = idle_turns + 1 if idle else 0
                in_water = sum(not d.back for d in self.divers)
                if air_out or in_water == 0:
                    break
                # [D] Stalemate: a whole round (stalemate_rounds rounds) with
                # nobody in the water carrying, moving, picking up or dropping.
                if idle_turns >= in_water * r.stalemate_rounds:
                    stalled = True
                    if self.tracing:
                        self.log("  stalemate: a whole round without any action ends the dive")
                    break
            seat = (seat + 1) % self.n
        self.end_dive(air_out, stalled)
        rec.dive_turns.append(self.turn)
        rec.air_after_turn.append(air_curve)

    def end_dive(self, air_out: bool, stalled: bool):
        r, rec = self.rules, self.record
        if self.tracing:
            self.log(
                f" Dive {self.dive + 1} ends after {self.turn} turns, air {self.air}"
                + (" (air ran out)" if air_out else " (stalled)" if stalled else " (all back)")
            )
        # 1. Divers back draw one value card per treasure CARD and score the sum.
        for d in self.divers:
            if d.back:
                for item in d.carried:
                    for level in cards_of(item):
                        value = self.value_decks[level - 1].pop(0)
                        self.score[d.seat] += value
                        self.home[d.seat][level - 1] += 1
                        if self.tracing:
                            self.log(f"  seat {d.seat} scores a level-{level} card: {value}")
        rec.dive_leader.append(self.sole_leader())
        # 2. Divers still in the water lose everything; their cards sink to the
        #    deep end in stacks of `stack_size`, nearest diver first [D option];
        #    one diver's cards in pick-up order or its reverse [D option].
        in_water = [d for d in self.divers if not d.back]
        in_water.sort(key=lambda d: (d.pos, d.seat))  # nearest first; ties only at 0
        if r.sink_order == "farthest-first":
            in_water.sort(key=lambda d: (-d.pos, d.seat))
        cards = []
        for d in in_water:
            self.drowned[d.seat] += 1
            mine = [level for item in d.carried for level in cards_of(item)]
            if r.sink_within_diver == "reverse-pickup-order":
                mine.reverse()
            cards.extend(mine)
            if d.carried:
                if self.tracing:
                    self.log(f"  seat {d.seat} drowns at field {d.pos} with {' '.join(describe(i) for i in d.carried)}")
            else:
                if self.tracing:
                    self.log(f"  seat {d.seat} is still in the water at field {d.pos}, carrying nothing")
        stacks = [stack_of(cards[i : i + r.stack_size]) for i in range(0, len(cards), r.stack_size)]
        # 3. Blanks are removed and the gaps closed; the stacks lie at the deep end.
        self.path = [item for item in self.path if item] + stacks
        if stacks:
            if self.tracing:
                self.log(f"  sunk into stacks: {' '.join(describe(s) for s in stacks)}")
        # 5. The next dive starts with the diver who returned LAST; if nobody
        #    returned, the DEEPEST diver [D option: deepest / same / next].
        rec.dive_last_back.append(self.returned[-1] if self.returned else -1)
        rec.dive_air_out.append(int(air_out))
        rec.dive_stalled.append(int(stalled))
        if not self.returned and all(d.pos == 0 for d in self.divers):
            self.holes |= HOLE_TIE_AT_ZERO  # "deepest" is a tie at the submarine, broken by lowest seat
        rec.dive_holes.append(self.holes)
        rec.dive_air_left.append(self.air)
        rec.dive_drowned.append(len(in_water))
        if self.returned:
            self.start = self.returned[-1]
        elif r.start_when_nobody_returned == "deepest":
            self.start = max(self.divers, key=lambda d: (d.pos, -d.seat)).seat
        elif r.start_when_nobody_returned == "next":
            self.start = (self.start + 1) % self.n
        # "same": the start player stays.

    # -- the game ---------------------------------------------------------------
    def standing(self, s: int) -> tuple:
        """End of the game: most points; tie-break level 4, 3, 2 cards (not level 1)."""
        return self.score[s], self.home[s][3], self.home[s][2], self.home[s][1]

    def sole_leader(self) -> int:
        best = max(range(self.n), key=self.standing)
        tied = [s for s in range(self.n) if self.standing(s) == self.standing(best)]
        return best if len(tied) == 1 else -1

    def play(self) -> GameRecord:
        n = self.n
        self.record = GameRecord(score=self.score, win60=[0] * n, home=self.home, drowned=self.drowned)
        for self.dive in range(self.rules.dives):
            self.play_dive()
        # End of the game: most points; tie-break level 4, 3, 2 cards; else shared.
        key = [self.standing(s) for s in range(n)]
        best = max(key)
        winners = [s for s in range(n) if key[s] == best]
        for s in winners:
            self.record.win60[s] = 60 // len(winners)
        if self.tracing:
            self.log(
                f"Final scores {self.score}; winner{'s' if len(winners) > 1 else ''}: " + ", ".join(f"seat {s}" for s in winners)
            )
        return self.record


def describe(item: int) -> str:
    """L2 for a level-2 card, [1+1+2] for a stack, _ for a blank."""
    if item == 0:
        return "_"
    levels = cards_of(item)
    return f"L{levels[0]}" if len(levels) == 1 else "[" + "+".join(map(str, levels)) + "]"


def play_game(rules: Rules, seats, seed: int, game: int, log=None, stream=None) -> GameRecord:
    """Play game number ``game`` of master ``seed``; ``log`` receives trace lines;
    ``stream``: the card and dice draws from another source (`sim.envs`)."""
    return Game(rules, seats, seed, game, log, stream).play()
