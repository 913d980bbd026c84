"""Debugging a user's bot: a failing bot is named alone, with the real seed, game
and decision point and a trace command that replays the game up to the failure;
--debug shows the bot's Python traceback; a bot that does not compile is one
error line keeping numba's reason. Bad bots: tests/bad_bots/."""

import re
import shlex
from pathlib import Path

import pytest
from numba import njit
from typer.testing import CliRunner

from sim import api, botdebug
from sim.cli import app
from sim.numba_errors import short_reason
from sim.registry import load_bot_file

BAD = Path(__file__).parent / "bad_bots"
cli = CliRunner()

# (game, bot file, seats, rules, where the failure is) of bots that fail now and then
FAILING = {
    "luft-raises": ("luft", "luft_raises.py", "bad-luft-raises,random,threshold:t=2", {"air": "20"}, r"dive \d, turn \d+"),
    "luft-illegal": ("luft", "luft_illegal.py", "random,bad-luft-illegal,threshold:t=2", {}, r"dive \d, turn \d+"),
    "lu-raises": ("landunter", "landunter_raises.py", "low,mid,bad-lu-raises", {}, r"deal \d, round \d+"),
    "lu-illegal": (
        "landunter",
        "landunter_illegal.py",
        "bad-lu-illegal,high,mid",
        {"tie_simultaneous": "false"},
        r"deal \d, round \d+",
    ),
}
SEED = 11


def first_failing_game(game, rules, seats, seed):
    """The lowest game whose reference replay raises (checked here game by game)."""
    for g in range(1000):
        try:
            game.replay(rules, seats, seed, g, lambda line: None)
        except Exception:
            return g
    raise AssertionError("no game failed")


def reference_log_until_failure(game, rules, seats, seed, g):
    lines = []
    with pytest.raises(Exception):
        game.replay(rules, seats, seed, g, lines.append)
    return "\n".join(lines) + "\n"


def failure_of(case):
    name, file, bots, rules, _ = FAILING[case]
    load_bot_file(BAD / file)
    with pytest.raises(botdebug.BotFailure) as info:
        api.simulate(name, rules, bots, players=3, games=300, seed=SEED, progress=False)
    return info.value


@pytest.mark.parametrize("case", FAILING)
def test_a_failing_bot_is_named_alone_with_the_real_seed_game_and_decision_point(case):
    name, _, bots, rules, where = FAILING[case]
    failure = failure_of(case)
    game = api.get_game(name)
    rules_obj = api.make_rules(game, rules, 3)
    seats = game.registry.parse_seats(bots, 3)
    expected = first_failing_game(game, rules_obj, seats, SEED)
    assert expected > 0  # not the runner's warm-up game
    assert failure.game_index == expected
    head, _, command = str(failure).partition("; replay it with: ")
    culprit = next(s for s in bots.split(",") if s.startswith("bad-"))
    seat = bots.split(",").index(culprit)
    assert f"bot {culprit!r}" in head and f"seat {seat}" in head
    others = [s.split(":")[0] for s in bots.split(",") if s != culprit]
    assert not any(other in head for other in others), head
    assert re.search(rf"seed {SEED}, game (index )?{expected}\b", head), head
    assert re.search(where, head), head
    assert "\n" not in str(failure)
    assert command.startswith(f"sim {name} trace --seed {SEED} --game {expected} --players 3 ")


@pytest.mark.parametrize("case", FAILING)
def test_the_trace_command_prints_every_turn_before_the_failure_then_the_error(case):
    name, _, bots, rules, _ = FAILING[case]
    failure = failure_of(case)
    head, _, command = str(failure).partition("; replay it with: ")
    words = shlex.split(command)
    assert words[:3] == ["sim", name, "trace"]
    for option in ("--seed", "--game", "--players", "--bots", "--bot-file"):
        assert option in words
    r = cli.invoke(app, words[1:])
    assert r.exit_code == 2
    game = api.get_game(name)
    rules_obj = api.make_rules(game, rules, 3)
    seats = game.registry.parse_seats(bots, 3)
    assert r.stdout == reference_log_until_failure(game, rules_obj, seats, SEED, failure.game_index)
    assert r.stdout.count("\n") > 5
    assert r.stderr.strip().splitlines()[-1] == f"error: {failure}"


@pytest.mark.parametrize("case", ["luft-raises", "lu-raises"])
def test_debug_shows_the_bots_own_python_traceback(case):
    name, file, bots, rules, _ = FAILING[case]
    failure = failure_of(case)
    assert str(failure).endswith(" --debug")  # the suggested command shows it
    args = [
        name,
        "simulate",
        "--bot-file",
        str(BAD / file),
        "--players",
        "3",
        "--bots",
        bots,
        "--games",
        "300",
        "--seed",
        str(SEED),
    ]
    for key, value in rules.items():
        args += ["--rules", f"{key}={value}"]
    r = cli.invoke(app, args + ["--debug"])
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert lines[-1] == f"error: {failure}"
    raise_line = next(i for i, text in enumerate((BAD / file).read_text().splitlines(), 1) if "raise " in text)
    assert f'File "{BAD / file}", line {raise_line}' in r.stderr  # the bot's raise statement
    assert "gave up" in lines[-2]
    without = cli.invoke(app, args)
    assert without.stderr.strip().splitlines() == [f"error: {failure}"]


def test_debug_says_why_an_illegal_action_has_no_traceback():
    failure = failure_of("luft-illegal")
    text = botdebug.python_traceback(api.get_game("luft"), failure)
    assert "illegal action" in text and "Traceback" not in text


def test_a_bot_failing_in_every_game_is_reported_with_the_runs_seed_not_the_warm_ups():
    load_bot_file(BAD / "luft_always_raises.py")
    with pytest.raises(botdebug.BotFailure) as info:
        api.simulate("luft", {}, "random,bad-luft-always-raises", players=2, games=50, seed=7, progress=False)
    assert (info.value.seed, info.value.game_index) == (7, 0)
    assert "(seed 7, game 0, dive 1, turn 2)" in str(info.value)


@pytest.mark.parametrize(
    "file, bot, reason",
    [
        ("landunter_plain_python.py", "bad-lu-plain-python", r"is not an @njit function"),
        (
            "luft_wrong_type.py",
            "bad-luft-wrong-type",
            r"does not compile as an njit decide\(phase, .*"
            r"No conversion from Literal\[str\]\(stay down\) to int64",
        ),
        (
            "landunter_wrong_type.py",
            "bad-lu-wrong-type",
            r"does not compile as an njit decide\(seat, .*"
            r"No conversion from Literal\[str\]\(lowest\) to int64 \(at landunter_wrong_type.py line 11: "
            r"return \"lowest\"\)",
        ),
        (
            "landunter_always_raises.py",
            "bad-lu-always-raises",
            r"does not compile .*(mismatch of return type: none vs|No conversion from none to) int64 "
            r"\(the function returns None",
        ),
    ],
)
def test_a_bot_that_does_not_compile_is_one_error_line_with_numbas_reason(file, bot, reason):
    name = "luft" if file.startswith("luft") else "landunter"
    r = cli.invoke(
        app,
        [name, "simulate", "--bot-file", str(BAD / file), "--players", "3", "--bots", f"{bot},random,random", "--games", "10"],
    )
    assert r.exit_code == 2
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"error: bot {bot!r} ")
    assert re.search(reason, line), line


@pytest.mark.parametrize("case", FAILING)
def test_a_failing_bot_in_the_cli_is_one_error_line_not_a_traceback(case):
    name, file, bots, rules, _ = FAILING[case]
    args = [
        name,
        "simulate",
        "--bot-file",
        str(BAD / file),
        "--players",
        "3",
        "--bots",
        bots,
        "--games",
        "300",
        "--seed",
        str(SEED),
    ]
    for key, value in rules.items():
        args += ["--rules", f"{key}={value}"]
    r = cli.invoke(app, args)
    assert r.exit_code == 2
    (line,) = r.stderr.strip().splitlines()  # numba's "Exception ignored" never leaks
    assert line == f"error: {failure_of(case)}"


def test_short_reason_keeps_the_reason_the_signature_and_the_users_line():
    @njit
    def by_name(st):
        return st["x"]

    import numpy as np

    with pytest.raises(Exception) as info:
        by_name(np.zeros(3, np.int64))
    text = short_reason(info.value)
    assert "\n" not in text
    assert "getitem(array(int64, 1d, C), Literal[str](x))" in text
    line = by_name.py_func.__code__.co_firstlineno + 2
    assert text.endswith(f'(at test_bot_debugging.py line {line}: return st["x"])')


@pytest.mark.parametrize(
    "name, rules",
    [
        ("luft", {"air": "8", "swim": "d3", "cards_per_level": "2", "values_l1": "5,5", "turn_back_needs_treasure": "false"}),
        ("landunter", {"tie_simultaneous": "false", "end_before_cascade": "true"}),
        ("luft", {}),
    ],
)
def test_the_rules_option_rebuilds_the_rules(name, rules):
    game = api.get_game(name)
    rules_obj = api.make_rules(game, rules, 3)
    text = botdebug.rules_option(game, rules_obj)
    assert api.make_rules(game, api.parse_rules([text]), 3) == rules_obj
    assert set(api.parse_rules([text])) <= set(rules) | {f"values_l{i}" for i in range(1, 5)}
    assert (text == "") == (rules_obj == api.make_rules(game, {}, 3))
