"""Competition mode at a table (``play``, ``serve`` with ``--isolate``).

Every seat of a bot from a user's file (a stand-in, `bots.load_bot_files`)
is answered by a `BotProcess` of its own, which gets only that seat's view,
its parameter row and its uniform; the game's streams are keyed with the
run secret kept in the log's start line (``isolate``), so a resumed game
replays exactly and a bot cannot recover the cards from its uniforms.

A bot that hangs past the time limit, dies, raises or answers a move the
table does not offer forfeits the game: the forfeit is logged on that
decision (``forfeit``: the reason), the game's built-in ``random`` plays the
seat from there, and the end line lists the forfeits: that seat's game is
lost, whatever the stand-in made of it. A table plays one game, so nothing
is aggregated: the end line keeps the game's score as played beside the forfeit.
"""

from __future__ import annotations

import secrets

from sim import nb
from sim.isolate import protocol
from sim.isolate.bots import BotGone, BotProcess, isolated_bot
from sim.registry import Bot, BotError, Seat
from sim.rng import KeyedSeed

STAND_IN = "random"


def table_isolation(timeout: float, secret: str | None = None) -> dict:
    """What a table's start line keeps: the run secret (drawn now unless
    given) and the per-decision time limit."""
    if not timeout > 0:
        raise ValueError(f"--decision-timeout {timeout} must be a positive number of seconds")
    return {"secret": secret or secrets.token_bytes(16).hex(), "decision_timeout": float(timeout)}


def keyed(seed: int, isolate: dict) -> KeyedSeed:
    """The table's seed with its streams keyed by the run secret."""
    return KeyedSeed(int(seed), bytes.fromhex(isolate["secret"]))


class TableSeat:
    """An isolated bot's seat at a table: its process answers until it forfeits."""

    def __init__(self, registry, seat: Seat, timeout: float):
        game, path, name = isolated_bot(seat.bot)
        self.process = BotProcess(game, path, name, timeout)
        self.forfeit: str | None = None  # the reason, once the seat forfeited
        try:
            self.stand_in = registry.parse(STAND_IN)
        except BotError:
            self.stand_in = None

        def ask(*args):  # the game's bot arguments, with or without a phase
            phase, s, st, params, u = args if len(args) == 5 else (protocol.NO_PHASE, *args)
            return self.process.decide(phase, s, st, params, u)

        bot = Bot(seat.bot.name, nb.engine_side(ask), seat.bot.params, seat.bot.doc, -1)
        self.seat = Seat(seat.spec, bot, seat.params)

    def start(self) -> None:
        """Start the bot's process now: a bot it refuses fails before the game."""
        self.process.start()

    def move(self, table, s: int, phase: int, st, u: float) -> tuple[int, str | None]:
        """(action, the reason of a forfeit at this decision or None)."""
        if self.forfeit is None:
            try:
                action = int(table.bot_move(self.seat, s, phase, st, u))
                legal = [c.action for c in table.choices(phase, s, st)]
                if action in legal:
                    return action, None
                reason = f"illegal action {action}; legal here: {', '.join(map(str, legal))}"
            except BotGone as gone:
                reason = str(gone)
            self.forfeit = " ".join(reason.split())
            return self._stand_in(table, s, phase, st, u), self.forfeit
        return self._stand_in(table, s, phase, st, u), None

    def _stand_in(self, table, s, phase, st, u) -> int:
        if self.stand_in is None:
            raise BotError(f"bot {self.seat.spec!r} forfeited and the game has no {STAND_IN!r} bot to play on for it")
        return int(table.bot_move(self.stand_in, s, phase, st, u))

    def close(self) -> None:
        self.process.close()


def forfeit_line(s: int, spec: str, reason: str) -> str:
    """The public event of a forfeit at the table."""
    return f"seat {s} ({spec}) forfeits: {reason}; {STAND_IN} plays the seat from here and its game counts as lost"


def check_resume(start: dict, isolate: bool, path) -> None:
    """A logged game resumes in the mode it was played in (``--isolate`` or not)."""
    if start.get("isolate") and not isolate:
        raise ValueError(f"the game in {str(path)!r} was played with --isolate; resume it with --isolate (and its --bot-file)")
    if isolate and not start.get("isolate"):
        raise ValueError(f"the game in {str(path)!r} was played without --isolate; resume it without")


def refuse_hints(isolate: bool, hints: bool) -> None:
    """Hints play thousands of rollout games with every seat's bot in the
    compiled engine: not with bots that live in processes of their own."""
    if isolate and hints:
        raise ValueError("hints play their rollouts with every seat's bot in this process; with --isolate, drop the hints")
