"""One game at the table: people and bots seated, played through the reference engine.

The reference engine asks each seat's decision function in turn; here every
seat gets a function that first replays the log's next decision (``--resume``),
else asks the person at the keyboard or the seat's bot, and writes the
decision to the log before the engine goes on. So the rules code is exactly
the one the differential tests hold to the compiled engine, and the bots are
the same compiled functions the simulator runs.
"""

from __future__ import annotations

import importlib
from typing import Callable, Protocol

import numpy as np
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel

from sim import api
from sim.play import playlog
from sim.play.keys import Choice, choose, drop_typeahead, read_key
from sim.registry import MAX_PARAMS, Bot, Seat, split_specs
from sim.stats import proportion_ci

HUMAN = "human"
ROLLOUT_GAMES = 1 << 40  # rollout k of a hint draws what nobody knows from stream (seed, ROLLOUT_GAMES + k)
EVENTS_SHOWN = 12  # public events under the table


class GameTable(Protocol):
    """What a game's ``play.py`` supplies (as ``TABLE``) for play, replay and review."""

    title: str
    default_bots: str  # spec of the strong bot seated by default
    private_hands: bool  # hot-seat: blank the screen between two people
    rules_summary: str  # rich markup, shown on "?"

    def play_game(self, rules, seats, seed: int, log: Callable[[str], None]): ...
    def seat_fn(self, decide: Callable) -> Callable: ...  # engine signature -> decide(seat, phase, st, u)
    def bot_move(self, bot: Seat, seat: int, phase: int, st: np.ndarray, u: float) -> int: ...
    def choices(self, phase: int, seat: int, st: np.ndarray) -> list[Choice]: ...
    def prompt(self, phase: int, seat: int, st: np.ndarray) -> str: ...
    def screen(
        self, rules, phase: int, seat: int, st: np.ndarray, players: list[str]
    ) -> RenderableType: ...  # what this seat may see
    def shown(self, event: str) -> bool: ...  # may every seat read this event?
    # per choice, the win share of ``seat`` in each of n games played on from the position,
    # people's seats played by ``bot`` (hints, review's cost)
    def rollouts(
        self, rules, seats, seed: int, history: list[int], seat: int, st: np.ndarray, choices: list[Choice], bot: Seat, n: int
    ) -> list[list[float]]: ...


def events_panel(events: list[str]) -> Panel:
    """The latest public events, oldest first."""
    return Panel(
        "\n".join(escape(e) for e in events[-EVENTS_SHOWN:]) or "(nothing yet)", title="what happened", title_align="left"
    )


def table_of(game: str) -> GameTable:
    module = api.get_game(game).play  # a clear error for an unknown game
    if module is None:
        raise ValueError(f"{game} has no terminal table yet")
    return importlib.import_module(module).TABLE


def human_seat() -> Seat:
    return Seat(HUMAN, Bot(HUMAN, None, (), "a person at this keyboard", -1), np.zeros(MAX_PARAMS))


def seat_list(humans: list[int], bots: str, players: int) -> list[str]:
    """``human`` at the people's seats, the bot specs at the others in seat order
    (one spec for every bot seat, or exactly one per bot seat)."""
    bad = [s for s in humans if not 0 <= s < players]
    if bad or len(set(humans)) != len(humans):
        raise ValueError(f"--humans {','.join(map(str, humans))}: give distinct seats in 0..{players - 1}")
    n_bots = players - len(humans)
    specs = split_specs(bots) if n_bots else []
    if len(specs) == 1:
        specs = specs * n_bots
    if len(specs) != n_bots:
        raise ValueError(
            f"--bots: got {len(specs)} specs for {n_bots} bot seats; give one spec for all bot seats or exactly {n_bots}"
        )
    it = iter(specs)
    return [HUMAN if s in humans else next(it) for s in range(players)]


def hooked(table: GameTable, seats: list[Seat], decide: Callable) -> list[Seat]:
    """The seats as the engine gets them: every decision goes through ``decide``."""
    from sim.nb import engine_side  # (the table's own hook: its bot moves go through `GameSpec.sealed`)

    fn = engine_side(table.seat_fn(decide))
    return [Seat(seat.spec, Bot(seat.bot.name, fn, (), seat.bot.doc, -1), seat.params) for seat in seats]


def hint(
    table: GameTable,
    rules,
    seats,
    seed: int,
    history: list[int],
    seat: int,
    phase: int,
    st: np.ndarray,
    u: float,
    bot: Seat,
    rollouts: int,
) -> tuple[str, list[tuple[Choice, object]]]:
    """What ``bot`` would choose here (its label), and each legal choice with the
    win chance after it (a proportion with its 95% CI)."""
    choices = table.choices(phase, seat, st)
    pick = table.bot_move(bot, seat, phase, st, u)
    chances = [
        proportion_ci(sum(w), len(w)) for w in table.rollouts(rules, seats, seed, history, seat, st, choices, bot, rollouts)
    ]
    label = next((c.label for c in choices if c.action == pick), f"{pick} (not a legal choice)")
    return label, list(zip(choices, chances))


def hint_text(
    table: GameTable,
    rules,
    seats,
    seed: int,
    history: list[int],
    seat: int,
    phase: int,
    st: np.ndarray,
    u: float,
    bot: Seat,
    rollouts: int,
) -> str:
    """`hint` as one line of the terminal table."""
    label, priced = hint(table, rules, seats, seed, history, seat, phase, st, u, bot, rollouts)
    return (
        f"hint: {escape(bot.spec)} would choose [bold]{escape(label)}[/bold]; "
        f"your win chance ({rollouts} rollouts each, 95% CI): "
        + ", ".join(f"{escape(c.label)} {e.mean:.2f} [{e.lo:.2f}, {e.hi:.2f}]" for c, e in priced)
    )


def start_line(
    game: str, rules_given: dict, players: int | None, seed: int, seats: list[str], isolate: dict | None = None
) -> dict:
    """The log's first line; everything needed to play the same game again.
    ``isolate``: competition mode's secret and time limit (`sim.isolate.table`)."""
    spec = api.get_game(game)
    rules = api.make_rules(spec, rules_given, players)
    for s in seats:  # every bad spec fails before play
        if s != HUMAN:
            spec.registry.parse(s)
    if len(seats) != rules.players:
        raise ValueError(f"got {len(seats)} seats for {rules.players} players")
    return {
        "type": "start",
        "format": playlog.FORMAT,
        "game": game,
        "seed": seed,
        "game_index": 0,
        "rules_given": rules_given,
        "players": rules.players,
        "rules": {k: list(v) if isinstance(v, tuple) else v for k, v in rules.to_dict().items()},
        "seats": seats,
        "humans": [s for s, name in enumerate(seats) if name == HUMAN],
        **({"isolate": isolate} if isolate else {}),
    }


class Seating:
    """A logged game's table: its rules, and who sits where (people as `human_seat`)."""

    def __init__(self, start: dict):
        self.start = start
        self.spec = api.get_game(start["game"])
        self.table = table_of(start["game"])
        self.rules = api.make_rules(self.spec, start["rules_given"], start["players"])
        self.names = list(start["seats"])
        self.seats = [human_seat() if name == HUMAN else self.spec.registry.parse(name) for name in self.names]
        self.humans = [s for s, name in enumerate(self.names) if name == HUMAN]
        self.seed = start["seed"]
        self.isolated: dict = {}  # seat -> its `sim.isolate.table.TableSeat` (competition mode)
        if start.get("isolate"):
            # deferred: only an isolated table starts bot processes
            from sim.isolate.bots import isolated_bot
            from sim.isolate.table import TableSeat, keyed

            self.seed = keyed(start["seed"], start["isolate"])
            timeout = float(start["isolate"]["decision_timeout"])
            for s, seat in enumerate(self.seats):
                if s not in self.humans and isolated_bot(seat.bot):
                    self.isolated[s] = TableSeat(self.spec.registry, seat, timeout)

    def start_bots(self) -> None:
        """Start the isolated bots' processes: a bot they refuse fails before play."""
        for seat in self.isolated.values():
            seat.start()

    def close(self) -> None:
        for seat in self.isolated.values():
            seat.close()


class Run:
    """One pass of the reference engine over the game of a log's start line.

    Every seat's decision goes through `decide`: the next of ``replayed`` (an
    earlier run's decisions, checked against the game), else ``ask_person``
    for a person's seat (called as ``ask_person(run, seat, phase, st, u)``;
    it may raise to stop the pass) or the seat's bot; each new decision is
    written to the log before the engine goes on.
    """

    def __init__(self, seating: Seating, writer: playlog.Writer, ask_person: Callable, replayed: list[dict] = ()):
        self.seating, self.writer, self.ask_person = seating, writer, ask_person
        self.queue = list(replayed)
        self.count = len(self.queue)
        self.history: list[int] = []  # every action so far, in decision order (what a hint replays)
        self.events: list[str] = []  # public events so far
        self.pending: list[str] = []  # ... since the last decision

    def on_event(self, line: str):
        if self.seating.table.shown(line):
            self.events.append(line)
            self.pending.append(line)

    def decide(self, s: int, phase: int, st: np.ndarray, u: float) -> int:
        table, names = self.seating.table, self.seating.names
        view = [int(x) for x in st]
        if self.queue:
            rec = self.queue.pop(0)
            if (rec["seat"], rec["phase"], rec["view"]) != (s, phase, view):
                raise ValueError(
                    f"log {str(self.writer.path)!r} does not match the game at decision "
                    f"{rec['n']}: the rules code or the log changed, so it cannot be resumed"
                )
            self.pending.clear()
            self.history.append(int(rec["action"]))
            if rec.get("forfeit") and s in self.seating.isolated:  # the stand-in plays on after a logged forfeit
                self.seating.isolated[s].forfeit = rec["forfeit"]
                self.events.append(self._forfeit_line(s, rec["forfeit"]))
            return int(rec["action"])
        forfeit = None
        if s in self.seating.humans:
            action = self.ask_person(self, s, phase, st, u)
        elif s in self.seating.isolated:
            action, forfeit = self.seating.isolated[s].move(table, s, phase, st, u)
            if forfeit:
                self.events.append(self._forfeit_line(s, forfeit))
                self.pending.append(self.events[-1])
        else:
            action = table.bot_move(self.seating.seats[s], s, phase, st, u)
        label = next((c.label for c in table.choices(phase, s, st) if c.action == action), str(action))
        self.count += 1
        self.writer.write(
            {
                "type": "decision",
                "n": self.count,
                "seat": s,
                "player": names[s],
                "phase": phase,
                "action": action,
                "choice": label,
                "u": float(u),
                "view": view,
                "events": self.pending[:],
                **({"forfeit": forfeit} if forfeit else {}),
            }
        )
        self.pending.clear()
        self.history.append(action)
        return action

    def _forfeit_line(self, s: int, reason: str) -> str:
        # deferred: only an isolated table starts bot processes
        from sim.isolate.table import forfeit_line

        return forfeit_line(s, self.seating.names[s], reason)

    def forfeits(self) -> list[dict]:
        """The seats that forfeited so far: their games are lost."""
        return [
            {"seat": s, "bot": self.seating.names[s], "reason": seat.forfeit}
            for s, seat in sorted(self.seating.isolated.items())
            if seat.forfeit
        ]

    def play(self) -> dict:
        """Play the game to its end; write and return the end line."""
        s = self.seating
        record = s.table.play_game(s.rules, hooked(s.table, s.seats, self.decide), s.seed, self.on_event)
        forfeits = self.forfeits()
        end = {
            "type": "end",
            "events": self.pending[:],
            "score": [int(x) for x in record.score],
            "win60": [int(x) for x in record.win60],
            **({"forfeits": forfeits} if forfeits else {}),  # each a lost game, whatever the score as played
        }
        self.writer.write(end)
        return end


def play(
    start: dict,
    writer: playlog.Writer,
    console: Console,
    keys: Callable[[], str] = read_key,
    replayed: list[dict] = (),
    hint_bot: str | None = None,
    hint_rollouts: int = 32,
) -> dict:
    """Play the game of ``start`` to its end at the terminal, logging as it goes; returns the end line.

    ``replayed``: decisions of an earlier, interrupted run of the same game,
    fed back to the engine before anyone is asked again. ``hint_bot``: the
    bot whose advice the key ``h`` shows.
    """
    seating = Seating(start)
    table, rules, names, seats = seating.table, seating.rules, seating.names, seating.seats
    adviser = seating.spec.registry.parse(hint_bot) if hint_bot is not None else None

    def ask_person(run: Run, s: int, phase: int, st: np.ndarray, u: float) -> int:
        hot_seat = table.private_hands and len(seating.humans) > 1
        if hot_seat:
            console.clear()
            console.print(
                f"Seat {s}'s turn: pass the keyboard. Press any key when only seat {s} can see the screen.", highlight=False
            )
            drop_typeahead()
            keys()
        action = choose(
            console,
            lambda: console.print(Group(table.screen(rules, phase, s, st, names), events_panel(run.events))),
            table.prompt(phase, s, st),
            table.choices(phase, s, st),
            table.rules_summary,
            keys,
            hint=adviser
            and (lambda: hint_text(table, rules, seats, start["seed"], run.history, s, phase, st, u, adviser, hint_rollouts)),
        )
        if hot_seat:
            console.clear()
        return action

    run = Run(seating, writer, ask_person, replayed)
    seating.start_bots()
    try:
        end = run.play()
    finally:
        seating.close()
    console.clear()
    console.print(events_panel(run.events))
    console.print(f"[bold]Game over[/bold] — scores {end['score']}; the log is {writer.path}", highlight=False)
    for f in end.get("forfeits", []):
        console.print(f"seat {f['seat']} ({escape(f['bot'])}) forfeited, so its game is lost: {escape(f['reason'])}")
    return end
