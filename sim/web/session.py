"""One table in the browser: a game of the terminal table's log format, driven
by the same engine loop (`sim.play.table.Run`).

The game is not kept running between requests: every move replays the log's
decisions through the reference engine (a few milliseconds), lets the bots
play, and stops at the next person's decision (`AwaitPerson`). So the log is
the whole state: a server restarted mid-game resumes every table from it.

Each human seat has an unguessable token, and the host one for the whole
table (hot-seat); the tokens live beside the log (``LOG.tokens.json``), not in
it, so a log can be shared without its links.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.play import playlog
from sim.play.table import Run, Seating, hint

TOKEN_BYTES = 16  # 128 bits: the token is the only key to a seat


class RequestError(Exception):
    """A request the table refuses, the game unchanged: ``status`` (4xx) and a short reason."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass
class Question:
    """A person's decision the game waits for."""

    n: int  # the decision's number in the log
    seat: int
    phase: int
    st: np.ndarray  # the sealed view the seat decides on
    u: float
    history: list[int]  # every action before it (what a hint replays)


class AwaitPerson(BaseException):
    """Stops an engine pass at a person's decision (not an Exception: nothing on the way may catch it)."""

    def __init__(self, question: Question):
        self.question = question


class _KeptWriter(playlog.Writer):
    """The log's writer, keeping the decisions in memory too."""

    def __init__(self, path: Path, lines: list[dict]):
        self.decisions: list[dict] = []
        super().__init__(path, lines)

    def write(self, line: dict):
        super().write(line)
        if line.get("type") == "decision":
            self.decisions.append(line)


def tokens_path(log: Path) -> Path:
    return Path(str(log) + ".tokens.json")


class TableSession:
    """One table: its log on disk, the question it waits for, or its end."""

    def __init__(self, start: dict, path: Path, tokens: dict, decisions: list[dict] = (), end: dict | None = None):
        self.seating = Seating(start)
        self.start, self.path, self.tokens = start, Path(path), tokens
        self.lock = threading.Lock()
        self.question: Question | None = None
        self.events: list[str] = []
        self.end = end
        self.broken: str | None = None  # why the game cannot go on (a bot raised, the log does not match)
        if end is not None:  # a finished game: read only, the log untouched
            self.writer = None
            self._done = list(decisions)
            self.events = [e for d in decisions for e in d["events"]] + end["events"]
            return
        self.writer = _KeptWriter(self.path, [start, *decisions])
        self.seating.start_bots()  # isolated bots: one the engine would refuse fails here, before play
        self._advance(None)

    @classmethod
    def new(cls, start: dict, out_dir: Path) -> "TableSession":
        path = playlog.new_path(out_dir, start["game"], start["seed"])
        tokens = {
            "host": secrets.token_urlsafe(TOKEN_BYTES),
            "seats": {str(s): secrets.token_urlsafe(TOKEN_BYTES) for s in start["humans"]},
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        tp = tokens_path(path)
        tp.write_text(json.dumps(tokens), encoding="utf-8")
        os.chmod(tp, 0o600)
        return cls(start, path, tokens)

    @classmethod
    def resume(cls, path: Path, game: str) -> "TableSession":
        """The table of a log written by serve, with its links as they were."""
        log = playlog.read(path, game)
        tp = tokens_path(path)
        try:
            tokens = json.loads(tp.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ValueError(
                f"no readable seat links {str(tp)!r} beside the log {str(path)!r}; resume logs written by `sim {game} serve`"
            ) from None
        return cls(log.start, path, tokens, log.decisions, log.end)

    @property
    def decisions(self) -> list[dict]:
        """Every decision so far, as logged."""
        return self._done if self.writer is None else self.writer.decisions

    # who is asking ----------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens (None: the host's hot-seat link); unknown: 404."""
        if secrets.compare_digest(token, self.tokens["host"]):
            return None
        for seat, t in self.tokens["seats"].items():
            if secrets.compare_digest(token, t):
                return int(seat)
        raise RequestError(404, "no table for this link; check the link the host gave you")

    @property
    def version(self) -> int:
        """Changes whenever the table does (pages poll it)."""
        return len(self.decisions) + (self.end is not None)

    # the game ------------------------------------------------------------------------

    def _advance(self, action: int | None):
        """Replay the log, make the waiting person's move ``action`` (if any), let
        the bots play on, stop at the next person's decision or the end."""
        given = [action]

        def ask(run: Run, seat: int, phase: int, st: np.ndarray, u: float) -> int:
            if given[0] is not None:
                chosen, given[0] = given[0], None
                return chosen
            raise AwaitPerson(Question(run.count + 1, seat, phase, np.array(st), float(u), list(run.history)))

        run = Run(self.seating, self.writer, ask, list(self.writer.decisions))
        try:
            self.end = run.play()
            self.question = None
            self.writer.close()
        except AwaitPerson as wait:
            self.question = wait.question
        except Exception as e:  # a bot raised, or the log does not match the game: the table stops, the log stays
            self.question, self.broken = None, f"{type(e).__name__}: {e}"
        self.events = run.events

    def act(self, seat: int | None, n: int, action: int):
        """A person's move: ``seat`` the token's (None: hot-seat, the seat asked),
        ``n`` the decision number the page showed (a stale or replayed request is refused)."""
        with self.lock:
            q = self._waiting(seat)
            if n != q.n:
                raise RequestError(409, f"this page showed decision {n}, the table is at decision {q.n}; reload the page")
            legal = [c.action for c in self.seating.table.choices(q.phase, q.seat, q.st)]
            if action not in legal:
                raise RequestError(400, f"{action} is not a legal move here; legal: {', '.join(map(str, legal))}")
            self._advance(action)

    def _waiting(self, seat: int | None) -> Question:
        if self.end is not None:
            raise RequestError(409, "the game is over; see its replay")
        if self.broken is not None:
            raise RequestError(409, f"the game stopped: {self.broken}")
        q = self.question
        if seat is not None and q.seat != seat:
            raise RequestError(409, f"it is seat {q.seat}'s turn, not seat {seat}'s")
        return q

    def hint(self, seat: int | None, bot_spec: str, rollouts: int) -> dict:
        """The terminal table's hint for the waiting decision, as JSON."""
        with self.lock:
            q = self._waiting(seat)
            return self.priced(q.n, q.seat, q.phase, q.st, q.u, q.history, bot_spec, rollouts)

    def priced(self, n, seat, phase, st, u, history, bot_spec: str, rollouts: int) -> dict:
        """Decision ``n``: what ``bot_spec`` would choose, each choice's win chance (`sim.play.table.hint`)."""
        s = self.seating
        bot = s.spec.registry.parse(bot_spec)
        label, chances = hint(s.table, s.rules, s.seats, self.start["seed"], history, seat, phase, st, u, bot, rollouts)
        return {
            "n": n,
            "bot": bot_spec,
            "bot_choice": label,
            "rollouts": rollouts,
            "choices": [{"action": c.action, "label": c.label, "win": e.to_json()} for c, e in chances],
        }

    def price_logged(self, n: int, bot_spec: str, rollouts: int) -> dict:
        """`priced` for logged decision ``n`` (replay)."""
        rec = self.decisions[n - 1]
        history = [int(d["action"]) for d in self.decisions[: n - 1]]
        st = np.array(rec["view"], dtype=np.int64)
        return self.priced(n, rec["seat"], rec["phase"], st, rec["u"], history, bot_spec, rollouts)

    def view_of(self, seat: int) -> tuple[int, np.ndarray] | None:
        """What ``seat`` may see now: (phase, view) of its waiting decision, else of
        its latest one; None before its first."""
        q = self.question
        if q is not None and q.seat == seat:
            return q.phase, q.st
        for rec in reversed(self.decisions):
            if rec["seat"] == seat:
                return rec["phase"], np.array(rec["view"], dtype=np.int64)
        return None

    def state(self, seat: int | None) -> dict:
        """The JSON a seat's page and API see: its own sealed view only; the
        hot-seat link sees the waiting person's."""
        q = self.question
        me = seat if seat is not None else (q.seat if q is not None else None)
        out = {
            "game": self.start["game"],
            "players": self.seating.names,
            "seat": seat,
            "version": self.version,
            "events": self.events,
            "finished": self.end is not None,
            "stopped": self.broken,
            "to_act": q.seat if q is not None else None,
            "n": q.n if q is not None else None,
        }
        if self.end is not None:
            out["score"] = self.end["score"]
        shown = self.view_of(me) if me is not None else None
        if shown is not None:
            out["view_seat"], out["phase"], out["view"] = me, shown[0], [int(x) for x in shown[1]]
        if q is not None and me == q.seat:
            out["choices"] = [{"action": c.action, "label": c.label} for c in self.seating.table.choices(q.phase, q.seat, q.st)]
        return out

    def stop(self) -> bool:
        """Close the log and end the isolated bots' processes (server stopping);
        True if the game is complete."""
        with self.lock:
            self.seating.close()
            if self.writer is not None and not self.writer.file.closed:
                self.writer.write({"type": "stopped", "complete": False})
                self.writer.close()
            return self.end is not None
