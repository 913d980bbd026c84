"""An isolated run: its secret, its bot processes, its forfeits, its games.

`Isolation.spec` is the game's `GameSpec` with a ``play_batch`` that plays
on the reference engine, every stand-in seat (`bots.load_bot_files`)
answered by a `BotProcess` of its own, every stream keyed with the run's
secret. A bot that hangs past the time limit, dies, raises or answers an
illegal action forfeits the game: the forfeit is recorded (game, seat, bot,
decision, reason), the game's built-in ``random`` bot plays that seat's
remaining decisions of that game, the game is scored as a loss for that seat
(`forfeit.score_forfeits`, through the spec's ``metrics``), and the run goes
on (the process is started afresh for the next decision it is asked).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import asdict, dataclass, replace

from sim import nb
from sim.isolate import protocol
from sim.isolate.bots import BotGone, BotProcess, isolated_bot
from sim.isolate.forfeit import lost_games, score_forfeits
from sim.registry import BotError, IllegalBotAction, Seat
from sim.rng import KeyedSeed

DEFAULT_TIMEOUT = 5.0  # seconds per decision


@dataclass(frozen=True)
class Forfeit:
    seed: int
    game: int
    seat: int
    bot: str
    decision: int  # the seat's decision in that game (0 = its first)
    reason: str


class _TrackedSeed(KeyedSeed):
    """The run's keyed seed; tells the run which game the engine starts (the
    reference engines draw a game's stream once, at its start)."""

    def state(self, purpose: bytes, game: int, seat: int = 0):
        if purpose == b"deepsim-game":
            self.run.begin_game(int(game))
        return super().state(purpose, game, seat)


class Isolation:
    """One run in competition mode. ``secret``: hex of the run secret (a
    stored manifest's, to replay a run); None draws a new one."""

    def __init__(self, game, secret: str | None = None, timeout: float = DEFAULT_TIMEOUT):
        if not timeout > 0:
            raise ValueError(f"--decision-timeout {timeout} must be a positive number of seconds")
        self.game, self.timeout = game, float(timeout)
        self.secret = bytes.fromhex(secret) if secret else secrets.token_bytes(16)
        self.forfeits: list[Forfeit] = []  # every forfeit, as it happened
        self.scored: dict = {}  # (seed, game) -> {seat: its forfeit} of the game's last play
        self.processes: dict[tuple, BotProcess] = {}
        self.seconds = 0.0  # wall time inside the bot processes' decisions
        self.decisions = 0  # decisions the bot processes answered
        self.current_game = -1
        self.started = 0  # games begun (a replay begins its games again)
        self.seed_now = 0  # the seed of the batch under way
        self.last = None  # (proxy, game, decision) of the last isolated answer
        # no compiled tally: the runner sums `metrics`, which scores the forfeits
        self.spec = replace(game, play_batch=self.play_batch, metrics=self.metrics, tally=None)

    def manifest(self) -> dict:
        """What the run's manifest keeps to replay it exactly (never sent to a bot)."""
        return {"secret": self.secret.hex(), "decision_timeout": self.timeout}

    def seed(self, seed: int) -> KeyedSeed:
        keyed = _TrackedSeed(seed, self.secret)
        keyed.run = self
        return keyed

    def begin_game(self, game: int) -> None:
        self.current_game = game
        self.started += 1

    def metrics(self, batch, rules) -> dict:
        """The game's metric columns of ``batch``, every forfeit in it scored as a loss."""
        cols = self.game.metrics(batch, rules)
        lost = getattr(batch, "lost", None)
        return cols if lost is None else score_forfeits(cols, lost)

    def play_batch(self, rules, seats, seed, first_game, n_games):
        """The game's batch, played on its reference engine, isolated; it
        carries ``lost`` ([game, seat]: the forfeits in it) for `metrics`."""
        self.seed_now = int(seed)
        before = len(self.forfeits)
        batch = self._play(rules, seats, seed, first_game, n_games)
        new = self.forfeits[before:]
        for g in range(first_game, first_game + n_games):  # the last play of a game is the one scored
            self.scored.pop((int(seed), g), None)
        for f in new:
            self.scored.setdefault((f.seed, f.game), {}).setdefault(f.seat, f)
        return _with_lost(batch, lost_games(new, int(seed), first_game, n_games, len(seats)))

    def forfeits_of(self, seed: int) -> list[Forfeit]:
        """The forfeits scored in the games of ``seed``, one per (game, seat): of
        a game played twice (the runner's warm-up plays game 0 of seed 0 first),
        its last play's."""
        return [f for (s, _), seats in sorted(self.scored.items()) if s == int(seed) for f in seats.values()]

    def _play(self, rules, seats, seed, first_game, n_games):
        table = [self._proxy(s, i) if isolated_bot(s.bot) else s for i, s in enumerate(seats)]
        if not any(isolated_bot(s.bot) for s in seats):
            return self.game.reference_batch(rules, table, self.seed(seed), first_game, n_games)
        answers: dict = {}  # (seat, game, decision) -> action: a replay after an illegal action
        stopped: dict = {}  # (seat, game) -> the decision from which the stand-in plays
        for proxy in table:
            if isinstance(proxy, _Proxy):
                proxy.answers, proxy.stopped = answers, stopped
        while True:
            self.last = None
            try:
                return self.game.reference_batch(rules, table, self.seed(seed), first_game, n_games)
            except IllegalBotAction as exc:
                if self.last is None or self.last[1] != self.current_game:
                    raise
                proxy, game, decision = self.last
                proxy.forfeit(game, decision, f"illegal action: {exc}")

    def _proxy(self, seat: Seat, index: int) -> Seat:
        game, path, name = isolated_bot(seat.bot)
        key = (path, name, index)
        if key not in self.processes:
            self.processes[key] = BotProcess(game, path, name, self.timeout)
            self.processes[key].start()
        proxy = _Proxy(self, self.processes[key], seat, index, self._stand_in())
        return Seat(seat.spec, replace(seat.bot, fn=nb.engine_side(proxy)), seat.params)

    def _stand_in(self):
        try:
            bot = self.game.registry.get("random")
        except BotError:
            return None
        return bot.fn, bot.vector({})

    def close(self) -> None:
        for process in self.processes.values():
            process.close()
        self.processes.clear()


class _Proxy:
    """A seat's decide function: its `BotProcess` answers; after a forfeit,
    the stand-in does for the rest of that game."""

    def __init__(self, run: Isolation, process: BotProcess, seat: Seat, index: int, stand_in):
        self.run, self.process, self.spec, self.index, self.stand_in = run, process, seat.spec, index, stand_in
        self.answers: dict = {}
        self.stopped: dict = {}
        self.begun, self.asked = -1, 0  # the game (by `Isolation.started`) and decisions asked in it
        row = stand_in[1] if stand_in else None
        if row is not None:
            row.flags.writeable = False

    def __call__(self, *args):
        game = self.run.current_game
        if self.begun != self.run.started:
            self.begun, self.asked = self.run.started, 0
        decision = self.asked
        self.asked += 1
        if decision >= self.stopped.get((self.index, game), decision + 1):
            return self._stand_in(args)
        key = (self.index, game, decision)
        if key in self.answers:
            return self.answers[key]
        phase, seat, st, params, u = args if len(args) == 5 else (protocol.NO_PHASE, *args)
        start = time.perf_counter()
        try:
            action = self.process.decide(phase, seat, st, params, u)
        except BotGone as gone:
            self.forfeit(game, decision, str(gone))
            return self._stand_in(args)
        finally:
            self.run.seconds += time.perf_counter() - start
        self.answers[key] = action
        self.run.decisions += 1
        self.run.last = (self, game, decision)
        return action

    def forfeit(self, game: int, decision: int, reason: str) -> None:
        self.stopped[(self.index, game)] = decision
        self.run.forfeits.append(Forfeit(self.run.seed_now, game, self.index, self.spec, decision, " ".join(reason.split())))

    def _stand_in(self, args):
        if self.stand_in is None:
            raise BotError(f"bot {self.spec!r} forfeited and the game has no 'random' bot to play on for it")
        fn, row = self.stand_in
        *head, _, u = args
        return fn(*head, row, u)


_WITH_LOST: dict = {}  # a game's batch class -> its subclass that carries ``lost``


def _with_lost(batch, lost):
    """``batch`` (a game's NamedTuple of arrays) as a subclass instance that
    also carries ``lost``: the same fields, so it compares and slices as the batch."""
    cls = _WITH_LOST.get(type(batch))
    if cls is None:
        cls = _WITH_LOST[type(batch)] = type(type(batch).__name__, (type(batch),), {})
    out = cls(*batch)
    out.lost = lost
    return out


def forfeits_summary(forfeits: list[Forfeit]) -> list[dict]:
    """The forfeits as the summary and manifest keep them."""
    return [asdict(f) for f in forfeits]
