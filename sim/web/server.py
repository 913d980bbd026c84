"""`sim <game> serve`: make (or resume) the tables, print their links, run
Uvicorn until Ctrl-C, then close every log marked complete or not."""

from __future__ import annotations

import errno
import random
import socket
from pathlib import Path

from sim.play import playlog
from sim.play.table import HUMAN, start_line
from sim.registry import split_specs
from sim.web.app import Config, make_app
from sim.web.session import TableSession, tokens_path


def new_tables(
    game: str, seats_text: str, rules_given: dict, tables: int, seed: int | None, out_dir: Path, isolate: float | None = None
) -> list[TableSession]:
    """``tables`` fresh tables seating ``seats_text`` (``human`` or a bot spec per seat).
    ``isolate``: competition mode with this per-decision time limit, a run secret per table."""
    # deferred: only an isolated table starts bot processes
    from sim.isolate.table import table_isolation

    seats = split_specs(seats_text)
    if HUMAN not in seats:
        raise ValueError(f"--seats {seats_text!r} seats no person; put 'human' at one seat at least (e.g. human,{seats[0]})")
    first = random.randrange(1_000_000) if seed is None else seed
    starts = [
        start_line(game, rules_given, len(seats), first + k, seats, None if isolate is None else table_isolation(isolate))
        for k in range(tables)
    ]
    return [TableSession.new(start, out_dir) for start in starts]


def resumed_tables(game: str, paths: list[Path], isolate: bool = False) -> list[TableSession]:
    """The tables of logs written by serve: files, or directories searched for them
    (each in the mode it was played in: ``isolate`` must match)."""
    # deferred: only an isolated table starts bot processes
    from sim.isolate.table import check_resume

    logs: list[Path] = []
    for p in paths:
        if p.is_dir():
            logs += sorted(q for q in p.glob("*.jsonl") if tokens_path(q).is_file())
        else:
            logs.append(p)
    if not logs:
        raise ValueError(
            f"no log of `sim {game} serve` in {', '.join(map(str, paths))}; give its --out directory or a .jsonl log"
        )
    for p in logs:
        check_resume(playlog.read(p, game).start, isolate, p)
    return [TableSession.resume(p, game) for p in logs]


def check_port(host: str, port: int):
    """A port in use is one clear line before anything starts."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            why = "is in use" if e.errno == errno.EADDRINUSE else f"cannot be opened ({e.strerror})"
            raise ValueError(f"port {port} on {host} {why}; pick another with --port") from None


def links(sessions: list[TableSession], base: str) -> list[str]:
    lines = []
    for k, s in enumerate(sessions):
        state = "finished" if s.end is not None else "in play"
        lines.append(f"table {k + 1} ({state}; log {s.path}):")
        lines.append(f"  whole table, one screen (hot-seat): {base}/t/{s.tokens['host']}")
        for seat, token in s.tokens["seats"].items():
            lines.append(f"  seat {seat} on its own device: {base}/t/{token}")
    return lines


def run(sessions: list[TableSession], config: Config, host: str, port: int, say) -> bool:
    """Serve until Ctrl-C; then every log closed and marked. True if interrupted.
    (`check_port` first, before any table is made.)"""
    # deferred: loads uvicorn, slow to import (python -X importtime), for this path only
    import uvicorn

    shown_host = f"[{host}]" if ":" in host else host
    for line in links(sessions, f"http://{shown_host}:{port}"):
        say(line)
    say("Ctrl-C stops the server; each game's log keeps every move, and --resume continues it.")
    server = uvicorn.Server(uvicorn.Config(make_app(sessions, config), host=host, port=port, log_level="warning"))
    interrupted = False
    try:
        server.run()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        open_logs = [s.path for s in sessions if not s.stop()]
    # uvicorn takes Ctrl-C itself, shuts down and then raises it again; once
    # that raise did not reach here (the process exited 0), so its own flag
    # says too whether a signal stopped it (nothing else stops this server).
    interrupted = interrupted or server.should_exit
    if open_logs:
        say(f"{len(open_logs)} game(s) not finished, marked complete: false; continue with --resume on these logs:")
        for p in open_logs:
            say(f"  {p}")
    say(f"{len(sessions) - len(open_logs)} game(s) complete.")
    return interrupted
