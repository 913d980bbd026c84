"""`sim.testing`, the contract as a library: run over every registered game
and every (game, built-in bot) pair, and through `sim <game> check-bot` on
users' files (a good one passes with exit 0, bad ones fail with exit 1 and say why)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sim import testing
from sim.cli import app
from sim.games import GAMES, get_game
from sim.registry import BotError

ROOT = Path(__file__).resolve().parents[1]
BAD = ROOT / "tests" / "bad_bots"


def seated(name: str, bot: str) -> bool:
    game = get_game(name)
    try:
        game.registry.parse(bot, game.rules_cls().players)
    except BotError:
        return False
    return True


PAIRS = [
    (g, b) for g in GAMES for b in get_game(g).registry.names() if get_game(g).registry.get(b).builtin_id >= 0 and seated(g, b)
]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_passes_the_conformance_checks(name):
    assert testing.check_game(name, games=12) == []


@pytest.mark.parametrize(("name", "bot"), PAIRS, ids=[f"{g}-{b}" for g, b in PAIRS])
def test_every_built_in_bot_meets_the_contract(name, bot):
    assert testing.check_bot(name, bot, games=2) == []


def invoke(*args):
    return CliRunner().invoke(app, list(args))


def test_check_bot_passes_a_good_file():
    r = invoke("pig", "check-bot", str(ROOT / "strategies" / "examples" / "pig_race.py"))
    assert r.exit_code == 0, r.output
    assert "PASS race" in r.output


@pytest.mark.parametrize(("file", "reason"), [("pig_illegal.py", "neither roll"), ("pig_writes.py", "read-only")])
def test_check_bot_fails_a_bad_file_saying_why(file, reason):
    r = invoke("pig", "check-bot", str(BAD / file))
    assert r.exit_code == 1, r.output
    assert "FAIL" in r.output and reason in " ".join(r.output.split())


def test_check_bot_of_a_file_with_no_bot_of_the_game_is_a_usage_error():
    r = invoke("pig", "check-bot", str(BAD / "luft_illegal.py"))
    assert r.exit_code == 2
