"""A bot process: ``python -m sim.isolate.worker catalogue FILE`` lists the
bots a file registers (JSON on stdout); ``... serve GAME FILE BOT`` loads the
file, compiles the bot as the engine would (`GameSpec.sealed`: the same
refusals) and answers decisions over its stdin/stdout (`protocol`) until
stdin closes. The bot's own prints go to stderr: stdout carries the protocol."""

from __future__ import annotations

import json
import os
import sys

import numpy as np

from sim import registry
from sim.games import get_game
from sim.isolate import protocol


def _protocol_out():
    """The real stdout for the protocol; fd 1 (prints) now goes to stderr."""
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


def catalogue(path: str) -> int:
    """Print the bots ``path`` registers, per game registry, as JSON."""
    out = _protocol_out()
    try:
        module = registry.load_bot_file(path)
    except Exception as exc:
        out.write(json.dumps({"error": " ".join(str(exc).split())}).encode())
        return 2
    found = []
    for reg in registry._REGISTRIES:
        for name, bot in reg.bots.items():
            if getattr(getattr(bot.fn, "py_func", bot.fn), "__module__", None) != module.__name__:
                continue
            found.append(
                {
                    "game": reg.game,
                    "name": name,
                    "doc": bot.doc,
                    "options": bot.options is not None,
                    "params": [[p.name, p.default, p.low, p.high, p.integer, p.doc] for p in bot.params],
                }
            )
    out.write(json.dumps({"bots": found}).encode())
    return 0


def serve(game_name: str, path: str, bot_name: str) -> int:
    """Answer decisions of bot ``bot_name`` until stdin closes."""
    out = _protocol_out()
    inp = os.fdopen(0, "rb", buffering=0)
    try:
        registry.load_bot_file(path)
        game = get_game(game_name)
        bot = game.registry.get(bot_name)
        decide = game.sealed(bot) if game.sealed is not None else bot.fn
    except Exception as exc:
        out.write(protocol.failure(f"{type(exc).__name__}: {exc}"))
        return 2
    out.write(protocol.reply(protocol.READY))
    while True:
        head = protocol.read_exact(inp, protocol.REQUEST.size)
        if len(head) < protocol.REQUEST.size:
            return 0
        phase, seat, n_st, n_params, u = protocol.REQUEST.unpack(head)
        st = np.frombuffer(protocol.read_exact(inp, 8 * n_st), "<i8").astype(np.int64)
        params = np.frombuffer(protocol.read_exact(inp, 8 * n_params), "<f8").astype(np.float64)
        st.flags.writeable = False
        params.flags.writeable = False
        try:
            args = (seat, st, params, u) if phase == protocol.NO_PHASE else (phase, seat, st, params, u)
            action = int(decide(*args))
        except Exception as exc:
            out.write(protocol.failure(f"raised {type(exc).__name__}: {exc}"))
            continue
        out.write(protocol.reply(protocol.ANSWER, action))


def main(argv: list[str]) -> int:
    if argv[:1] == ["catalogue"] and len(argv) == 2:
        return catalogue(argv[1])
    if argv[:1] == ["serve"] and len(argv) == 4:
        return serve(*argv[1:])
    sys.stderr.write("usage: python -m sim.isolate.worker catalogue FILE | serve GAME FILE BOT\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
