"""The host's side of isolated bots: their files read in a subprocess, stand-ins
in the registry, and one process per seat that answers within a time limit."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from sim import nb
from sim.games import GAMES, get_game
from sim.isolate import protocol
from sim.registry import _REGISTRIES, Bot, BotError, Param

STARTUP_TIMEOUT = 300.0  # seconds to load the file and compile the bot (numba's first compile)
_ISOLATED = "_deepsim_isolated"  # attribute of a stand-in's fn: (game, file, bot name)


def _worker(*args: str) -> list[str]:
    return [sys.executable, "-m", "sim.isolate.worker", *args]


def _environment() -> dict:
    """The bot process's environment: this one, with this package importable."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def load_bot_files(files) -> list[Bot]:
    """Register the bots of each file as stand-ins, without importing the file
    here: a subprocess loads it and lists its bots (name, parameters, doc).
    A stand-in's decisions are made by a `BotProcess` of its own."""
    added = []
    for path in files or []:
        p = Path(path).expanduser()
        if not p.is_file():
            raise BotError(f"bot file {str(path)!r} does not exist")
        run = subprocess.run(
            _worker("catalogue", str(p.resolve())), capture_output=True, env=_environment(), timeout=STARTUP_TIMEOUT
        )
        try:
            listing = json.loads(run.stdout.decode(errors="replace") or "{}")
        except ValueError:
            listing = {}
        if "error" in listing or "bots" not in listing:
            reason = listing.get("error") or f"its process ended with code {run.returncode}"
            raise BotError(str(reason) if str(path) in str(reason) else f"bot file {str(path)!r}: {reason}")
        for entry in listing["bots"]:
            added.append(_register(entry, p.resolve()))
    return added


def _register(entry: dict, path: Path) -> Bot:
    registry = next((r for r in _REGISTRIES if r.game == entry["game"]), None)
    if registry is None:
        registry = get_game(entry["game"]).registry if entry["game"] in GAMES else None
    if registry is None:
        raise BotError(f"bot file {str(path)!r} registers bot {entry['name']!r} for an unknown game {entry['game']!r}")
    if entry["options"]:
        raise BotError(f"bot {entry['name']!r} takes text options; --isolate runs bots with numeric parameters only")
    name = str(entry["name"])
    existing = registry.bots.get(name)
    if existing is not None:
        if getattr(existing.fn, _ISOLATED, None) == (registry.game, str(path), name):
            return existing
        if _source_file(existing) != path:
            raise BotError(f"bot file {str(path)!r} registers {name!r}, a name already registered for {registry.game}")
        del registry.bots[name]  # the same file's bot, loaded in-process before: from now on it plays isolated
    stand_in = _stand_in(registry.game, path, name)
    params = tuple(Param(str(n), float(d), float(lo), float(hi), bool(i), str(doc)) for n, d, lo, hi, i, doc in entry["params"])
    registry.register(name, params=params, doc=str(entry["doc"]))(stand_in)
    return registry.bots[name]


def _source_file(bot: Bot) -> Path | None:
    """The file a registered bot's function was defined in (a compiled bot's Python function's)."""
    code = getattr(getattr(bot.fn, "py_func", bot.fn), "__code__", None)
    return None if code is None else Path(code.co_filename).resolve()


def _stand_in(game: str, path: Path, name: str):
    """The registry's fn of an isolated bot: never called in-process (an
    `Isolation` puts a `BotProcess` in its seats); its code names the bot's
    file, so the store's fingerprint covers that file."""

    def isolated(*args):
        raise BotError(f"bot {name!r} is isolated: it plays only through sim.isolate (run with --isolate)")

    isolated.__code__ = isolated.__code__.replace(co_filename=str(path))
    setattr(isolated, _ISOLATED, (game, str(path), name))
    return nb.engine_side(isolated)


def isolated_bot(bot: Bot) -> tuple[str, str, str] | None:
    """(game, file, name) of a stand-in, else None."""
    return getattr(bot.fn, _ISOLATED, None)


class BotGone(Exception):
    """The bot process did not answer: timed out, died or raised (the reason)."""


class BotProcess:
    """One isolated bot in its own process, for one seat.

    `decide` sends the seat's view, parameter row and uniform and waits at
    most ``timeout`` seconds for the action; a hang kills the process. A
    process that is gone is started afresh on the next `decide`."""

    def __init__(self, game: str, path: str, name: str, timeout: float):
        self.args = _worker("serve", game, path, name)
        self.name, self.timeout = name, timeout
        self.proc: subprocess.Popen | None = None
        self.errors = tempfile.TemporaryFile()  # the process's stderr (its prints)

    def start(self) -> None:
        """Start the process and wait for it to be ready; a bot it refuses
        (does not compile, file fails to load) raises BotError."""
        self.stop()
        self.proc = subprocess.Popen(
            self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, env=_environment(), bufsize=0
        )
        status, value = self._reply(STARTUP_TIMEOUT)
        if status == protocol.FAILED:
            reason = self._text(value)
            self.stop()
            raise BotError(f"bot {self.name!r} (isolated): {reason}")
        if status != protocol.READY:
            self.stop()
            raise BotError(f"bot {self.name!r} (isolated) did not start: {self._gone_reason()}")

    def decide(self, phase: int, seat: int, st: np.ndarray, params: np.ndarray, u: float) -> int:
        if self.proc is None or self.proc.poll() is not None:
            self.start()  # the first decision, or the last process is gone
        try:
            self.proc.stdin.write(protocol.request(phase, seat, st, params, u))
        except (BrokenPipeError, OSError):
            raise BotGone(self._gone_reason()) from None
        status, value = self._reply(self.timeout)
        if status == protocol.ANSWER:
            return value
        if status == protocol.FAILED:
            raise BotGone(self._text(value))
        raise BotGone(self._gone_reason())

    def _reply(self, timeout: float) -> tuple[int, int]:
        """The next reply header, or (-1, 0) on a timeout (the process is
        killed) or when the process is gone."""
        out = self.proc.stdout
        ready, _, _ = select.select([out], [], [], timeout)
        if not ready:
            self.stop()
            self.timed_out = timeout
            return -1, 0
        head = protocol.read_exact(out, protocol.REPLY.size)
        if len(head) < protocol.REPLY.size:
            return -1, 0
        return protocol.REPLY.unpack(head)

    def _text(self, n: int) -> str:
        n = max(0, min(int(n), protocol.MAX_REASON))
        return protocol.read_exact(self.proc.stdout, n).decode(errors="replace")

    def _gone_reason(self) -> str:
        timed_out = getattr(self, "timed_out", None)
        if timed_out is not None:
            self.timed_out = None
            return f"no answer within the decision time limit of {timed_out:g} s"
        code = self.proc.wait() if self.proc is not None else None
        self.stop()
        return f"its process died (exit code {code})"

    def stop(self) -> None:
        """End the process (if it runs) and close its pipes; `decide` starts a new one."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            pipe.close()
        self.proc = None

    def close(self) -> None:
        self.stop()
        self.errors.close()
