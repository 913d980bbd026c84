"""The options that name bots are one definition (sim/cli_bots.py) in every
command of every game: a user's bot from --bot-file is read by each of them,
and a bad spec, player list or option value is one ``error:`` line with exit
code 2 and no traceback, before any game is played (hypothesis draws them).

Everything here stops at the command line (`make_context` reads the options
without running the command) or at the first check of a command's body:
no kernel is compiled."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from sim import cli_bots
from sim.cli import app
from sim.games import GAMES, get_game
from sim.interrupt import SIGINT_AFTER_CHUNKS

ROOT = Path(__file__).resolve().parents[1]
BOT_FILE = {game: ROOT / "tests" / "bot_files" / f"{game}_mine.py" for game in GAMES}
GROUP = typer.main.get_command(app)
ENTRANTS = {"luft": "random,threshold:t=2", "landunter": "random,low", "pig": "random,hold"}  # a tiny tournament

#: Every option that names bots, in any command of any game.
BOT_OPTIONS = {
    "--bots",
    "--field",
    "--families",
    "--start",
    "--strong",
    "--weak",
    "--strong-field",
    "--from",
    "--mixes",
    "--candidates",
    "--filler",
    "--slow-bots",
    "--counter-bot",
    "--baseline-bot",
    "--bot",
    "--hint",
    "--hint-bot",
    "--against",
}


def game_commands(game: str) -> dict:
    """Every command of ``sim <game>`` as click builds it (the group builds them on first use)."""
    group = GROUP.commands[game]
    ctx = group.context_class(group)
    return {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}


COMMANDS = [(game, name, cmd) for game in GAMES for name, cmd in game_commands(game).items()]
IDS = [f"{game} {name}" for game, name, _ in COMMANDS]


def is_option(p) -> bool:
    return p.param_type_name == "option"


#: Options of the names above that take no bot: (command, option) and what they take.
NOT_BOTS = {("rulebook", "--from"): "a design study's --out directory"}


def names_bots(name: str, p) -> bool:
    return is_option(p) and bool(BOT_OPTIONS & set(p.opts)) and (name, p.opts[0]) not in NOT_BOTS


def bot_params(name: str, cmd) -> list:
    return [p for p in cmd.params if names_bots(name, p)]


def shape_of(param) -> str:
    return {v: k for k, v in cli_bots._METAVAR.items()}[param.metavar]


def is_policy_option(param) -> bool:
    return cli_bots.POLICY in param.help


def required_args(game: str, name: str, cmd, skip: str = "") -> list[str]:
    """The arguments and required options a command cannot start without (valid, tiny)."""
    args = []
    for p in cmd.params:
        if p.param_type_name == "argument":
            args.append(str(BOT_FILE[game]) if name == "check-bot" else str(ROOT / "tests"))
        elif p.required and p.opts[0] != skip:
            args += [p.opts[0], ENTRANTS[game] if name == "tournament" else "random"]
    return args


@pytest.mark.parametrize("game, name, cmd", COMMANDS, ids=IDS)
def test_every_option_naming_bots_is_the_shared_one(game, name, cmd):
    """Each says what a spec is in the same sentence, has a spec metavar, and a
    spec metavar only ever marks one of them."""
    sentence = cli_bots.SPECS.replace("GAME", game)
    for p in cmd.params:
        named = names_bots(name, p)
        shared = p.metavar in cli_bots._METAVAR.values()
        assert named == shared, (name, p.opts)
        if named:
            assert p.help.endswith(sentence), (name, p.opts, p.help)
    for option, short in (("--bots", "-b"), ("--families", "-f")):
        for p in cmd.params:
            if option in p.opts:
                assert p.opts == [option, short], (name, p.opts)


@pytest.fixture(scope="module")
def weight_files(tmp_path_factory):
    """A user's own policy weights per game (the untrained ones, as `train --out` writes them)."""
    from sim.strong.train import layout_of
    from sim.strong.weights import save

    folder = tmp_path_factory.mktemp("weights")
    return {
        game: save(folder / f"{game}.json", layout_of(get_game(game)), layout_of(get_game(game)).default, 3, {}, {})
        for game in GAMES
    }


CASES = [(game, name, cmd, p) for game, name, cmd in COMMANDS for p in bot_params(name, cmd)]


@pytest.mark.parametrize("game, name, cmd, param", CASES, ids=[f"{g} {n} {p.opts[0]}" for g, n, _, p in CASES])
def test_every_option_naming_bots_takes_a_users_bot(game, name, cmd, param, weight_files):
    """`--bot-file FILE OPTION mine`: read, not refused (an option that reads a
    policy's weights takes the user's weight file, and refuses a bot that is
    not a policy in one line)."""
    option = param.opts[0]
    mine = {cli_bots.ONE: "mine", cli_bots.LIST: "mine,random", cli_bots.GROUPS: "mine;random,mine"}[shape_of(param)]
    if is_policy_option(param):
        read = cmd.make_context(name, [*required_args(game, name, cmd), option, f"policy:file={weight_files[game]}"])
        assert read.params[param.name] == f"policy:file={weight_files[game]}"
        with pytest.raises(typer.BadParameter, match="'mine' is not a policy bot"):
            cmd.make_context(name, ["--bot-file", str(BOT_FILE[game]), *required_args(game, name, cmd), option, "mine"])
        return
    args = ["--bot-file", str(BOT_FILE[game]), *required_args(game, name, cmd, skip=option), option, mine]
    assert cmd.make_context(name, args).params[param.name] == mine


# ------------------------------------------------------------------ bad values: hypothesis


def bad_specs(game: str, param) -> st.SearchStrategy:
    """Values no option naming bots may accept, for this option's shape."""
    registry = get_game(game).registry
    with_params = next(registry.get(n) for n in registry.names() if registry.get(n).params)
    p = with_params.params[0]
    always = [
        st.from_regex(r"zz[a-z0-9]{0,6}", fullmatch=True),  # no such bot
        st.just("random:zz=1"),  # no such parameter
        st.just("random:x"),  # not key=value
        st.just(f"{with_params.name}:{p.name}={p.high + 1:g}"),  # out of range
        st.just(f"{with_params.name}:{p.name}=abc"),  # not a number
        st.just(f"{with_params.name}:{p.name}={p.default:g}:{p.name}={p.default:g}"),  # given twice
        st.sampled_from(["", " ", ",", ";"]),  # nothing
    ]
    shape = shape_of(param)
    if shape != cli_bots.ONE:
        always += [st.sampled_from(["random,", "random,,random", ",random"])]  # an empty spec
    if shape == cli_bots.ONE:
        always += [st.just("random,random")]  # two where one goes
    if is_policy_option(param):
        always += [st.just("random")]  # not a policy
    return st.one_of(always)


BAD_PLAYERS_TEXT = st.sampled_from(["0", "1", "99", "1..99", "6..2", "x", "", "3,3", "2,,3", "..", "-3"])
BAD_PLAYERS_INT = st.sampled_from(["0", "1", "99", "-3", "x", "", "2.5"])


def kind(param) -> str:
    """The option's Python type, as text (``int``, ``float``, ``str``, …)."""
    return str(param.type_descriptor.annotation)


def bad_number(param) -> st.SearchStrategy:
    bad = ["x", "", "1e999x"]
    if param.min is not None:
        bad.append(str(param.min - 1))
    if param.max is not None:
        bad.append(str(param.max + 1))
    if "int" in kind(param):
        bad.append("1.5")
    return st.sampled_from(bad)


def bad_values(game: str, param) -> st.SearchStrategy | None:
    """A strategy of values ``param`` must refuse, or None (nothing surely bad to give)."""
    if not is_option(param) or param.is_flag or param.opts[0] in ("--help", "--bot-file"):
        return None
    if param.metavar in cli_bots._METAVAR.values():
        return bad_specs(game, param)
    if param.opts[0] == "--players":
        return BAD_PLAYERS_TEXT if "str" in kind(param) else BAD_PLAYERS_INT
    if "int" in kind(param) or "float" in kind(param):
        return bad_number(param)
    if param.opts[0] == "--alpha":
        return st.sampled_from(["0", "1", "x", "-0.5"])
    return None


#: The commands with an option that takes a bot, a player count or a number (the others have nothing to fuzz).
FUZZED = [(game, name, cmd) for game, name, cmd in COMMANDS if any(bad_values(game, p) is not None for p in cmd.params)]


@pytest.mark.slow
@pytest.mark.parametrize("game, name, cmd", FUZZED, ids=[f"{game} {name}" for game, name, _ in FUZZED])
def test_a_bad_spec_player_list_or_value_is_one_line_and_exit_2(game, name, cmd, monkeypatch, tmp_path):
    fuzzed = [(p, s) for p in cmd.params if (s := bad_values(game, p)) is not None]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(SIGINT_AFTER_CHUNKS, "1")  # a bad value taken would end in 130 at once, not run on

    @settings(max_examples=12, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        param, values = data.draw(st.sampled_from(fuzzed))
        value = data.draw(values)
        args = [game, name, *required_args(game, name, cmd, skip=param.opts[0]), param.opts[0], value]
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2, (args, r.exit_code, r.output[-1500:])
        assert "Traceback" not in r.output and r.stdout == "", args
        [line] = r.stderr.strip().splitlines()
        assert line.startswith("error: ") and param.opts[0].strip("-") in line, (args, line)

    check()
