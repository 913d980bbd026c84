"""The cheater suite's helpers: bot files loaded in-process, or isolated
(`sim.isolate`) with the in-process bots of the same file hidden meanwhile."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import numpy as np

from sim.games import get_game
from sim.isolate import Isolation, load_bot_files
from sim.isolate.bots import isolated_bot
from sim.registry import _REGISTRIES, bot_file_of, load_bot_file

BAD = Path(__file__).resolve().parents[1] / "bad_bots"
SECRET = "00112233445566778899aabbccddeeff"


def bad(name: str) -> Path:
    return BAD / name


def in_process(name: str):
    """Load bad-bot file ``name`` in this process (once)."""
    return load_bot_file(bad(name))


@contextmanager
def isolated(*names: str):
    """The bots of these bad-bot files registered as isolated stand-ins; bots
    the same files registered in-process are hidden until the block ends."""
    paths = {str(bad(n).resolve()) for n in names}
    hidden = {}
    for reg in _REGISTRIES:
        for name, bot in list(reg.bots.items()):
            if bot_file_of(bot) in paths:
                hidden[(id(reg), name)] = (reg, bot)
                del reg.bots[name]
    try:
        load_bot_files([bad(n) for n in names])
        yield
    finally:
        for reg in _REGISTRIES:
            for name, bot in list(reg.bots.items()):
                if isolated_bot(bot):
                    del reg.bots[name]
        for reg, bot in hidden.values():
            reg.bots[bot.name] = bot


def play_isolated(game_name: str, specs: str, players: int, seed: int, games: int, timeout: float = 5.0, secret=SECRET):
    """(batch, Isolation) of ``games`` games with the bots of ``specs``, isolated."""
    game = get_game(game_name)
    rules = game.rules_cls(players=players)
    seats = game.registry.parse_seats(specs, players)
    run = Isolation(game, secret, timeout)
    try:
        return run.spec.play_batch(rules, seats, seed, 0, games), run
    finally:
        run.close()


def same_batches(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))
