"""No input gives a traceback: random option values for every command.

Hypothesis feeds each command of both games (and `results`) a few random
option values — numbers (negative, huge, not numbers), empty strings, garbage
bot specs and rules, paths to files, directories, missing and uncreatable
places — on top of tiny valid arguments. Every outcome must be success (0), a
usage error (2, one ``error:`` line on stderr) or, when a run gets far,
Ctrl-C (130): the runner interrupts itself after a few chunks
(DEEPSIM_SIGINT_AFTER_CHUNKS), which keeps every example cheap.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
import typer.main
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from sim.cli import app
from sim.cli_common import player_list, reflow
from sim.interrupt import SIGINT_AFTER_CHUNKS

GROUP = typer.main.get_command(app)


def game_commands(game: str) -> dict:
    """Every command of ``sim <game>`` as click builds it (the game group builds them on first use)."""
    group = GROUP.commands[game]
    ctx = click.Context(group)
    return {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}


# Tiny valid arguments per command, so that valid examples stay cheap.
BASE = {
    "simulate": ["--bots", "random", "--games", "5"],
    "tournament": ["--bots", "random,{other}", "--games", "5"],
    "trace": ["--bots", "random"],
    "bots": [],
    "dice-check": ["--games", "20", "--draws", "90", "--players", "3"],
    "air": ["--games", "10", "--players", "2"],
    "compare-turnback": ["--games", "10", "--players", "2", "--families", "threshold", "--grid-points", "1"],
    "balance": ["--games", "10", "--players", "{players}"],
    "fairness": ["--games", "10", "--players", "3", "--bots", "random,low"],
    "ranking": ["--games", "10", "--players", "3", "--bots", "random,low"],
    "seats": ["--games", "10", "--players", "3", "--bots", "random"],
    "play": ["--humans", "none", "--bots", "random", "--out", "{dir}"],
    "replay": ["{dir}"],
    "review": ["{dir}"],
    "list": ["{dir}"],
    "show": ["{dir}"],
    "metrics": ["--games", "4", "--players", "{players}", "--field", "random", "--strong", "{other}", "--weak", "random"],
    "rulebook": ["--players", "{players}", "--field", "random", "--strong", "{other}", "--weak", "random"],
    "design": [
        "--knobs",
        "{knob}",
        "--trials",
        "1",
        "--games",
        "4",
        "--players",
        "{players}",
        "--field",
        "random",
        "--strong",
        "{other}",
        "--weak",
        "random",
    ],
}
# Every game command with tiny valid arguments above (the game groups build
# their commands on first use, so they are listed through `game_commands`),
# and `results`; tests/test_bot_options.py draws bad values for every command.
COMMANDS = [(g, c) for g in ("luft", "landunter") for c in game_commands(g) if c in BASE] + [
    ("results", c) for c in GROUP.commands["results"].commands
]
KNOB = {"luft": "air=20..25", "landunter": "tie_simultaneous", "results": ""}
OTHER = {"luft": "threshold:t=2", "landunter": "low", "results": ""}
PLAYERS = {"luft": "2", "landunter": "3", "results": ""}

NUMBERS = st.one_of(
    st.integers(-3, 6), st.sampled_from([2**63, 2**64, 10**30, -(2**63)]), st.sampled_from(["", "x", "1.5", "1e3", "-0"])
)
FLOATS = st.sampled_from(["nan", "inf", "-inf", "0", "1", "0.5", "-1", "", "x", "1e-300"])
GARBAGE = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            ",",
            ";",
            ":",
            "random",
            "threshold:t=",
            "threshold:t=1e400",
            "threshold:t=nan",
            "nosuch",
            "a=1:b=2",
            "2-6",
            "6-2",
            "0",
            "-1",
            "99",
            "3,4",
            "none",
            "air:stack_size",
            "random;random",
            "x" * 300,
            "é",
            "[red]x[/red]",
            "low,low,low,low,low,low,low",
            "sampler:k=0",
            "dodge:margin=-1",
        ]
    ),
    st.text(max_size=6),
)
RULES = st.sampled_from(
    [
        "",
        "air=",
        "air=1e9",
        "air=-1",
        "=",
        "x",
        "players=0",
        "swim=d4",
        "air=20,,",
        "allow_six=maybe",
        "dives=0",
        "stack_size=999999999999999999999",
    ]
)
PATHS = st.sampled_from(["file", "dir", "missing", "file/sub", "/proc/deepsim-fuzz", "", "notes.txt"])


def values_for(param) -> st.SearchStrategy:
    """What to feed one option, by its name and type."""
    name, kind = param.opts[0], str(param.type_descriptor.annotation)
    if name == "--workers":  # valid counts start a Dask cluster: only invalid ones
        return st.sampled_from(["0", "-1", str(2**64), "", "x"])
    if name == "--scheduler":  # a real address waits for a connection
        return st.just("")
    if "Path" in kind:
        return PATHS
    if name == "--rules":
        return RULES
    if "int" in kind:
        return NUMBERS.map(str)
    if "float" in kind:
        return FLOATS
    return GARBAGE


@pytest.fixture(scope="module")
def places(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz")
    (root / "file").write_text("not a result\n")
    (root / "notes.txt").write_text("x = (\n")  # not Python either
    (root / "dir").mkdir()
    return root


def resolve(value: str, root) -> str:
    if value in ("file", "dir", "missing", "file/sub", "notes.txt"):
        return str(root / value)
    return value


@pytest.mark.slow
@pytest.mark.parametrize("group, command", COMMANDS, ids=[f"{g} {c}" for g, c in COMMANDS])
def test_random_option_values_never_give_a_traceback(group, command, places, monkeypatch):
    cmd = (game_commands(group) if group != "results" else GROUP.commands[group].commands)[command]
    options = [p for p in cmd.params if p.param_type_name == "option"]
    argument = [p for p in cmd.params if p.param_type_name == "argument"]
    base = [a.format(other=OTHER[group], players=PLAYERS[group], knob=KNOB[group], dir=places / "dir") for a in BASE[command]]
    monkeypatch.chdir(places)  # "--out ''" is the current directory
    monkeypatch.setenv(SIGINT_AFTER_CHUNKS, "3")

    @settings(max_examples=10, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def check(data):
        args = [group, command, *base]
        if argument and data.draw(st.booleans()):
            args[2] = resolve(data.draw(PATHS), places)
        for param in data.draw(st.lists(st.sampled_from(options), min_size=1, max_size=3, unique_by=id)):
            if param.is_flag:
                args.append(param.opts[0])
            else:
                args += [param.opts[0], resolve(data.draw(values_for(param)), places)]
        r = CliRunner().invoke(app, args)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception, r.output[-2000:])
        assert r.exit_code in (0, 2, 130), (args, r.exit_code, r.output[-2000:])
        assert "Traceback" not in r.output
        if r.exit_code == 2:
            lines = r.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), (args, r.stderr)

    check()


# ---------------------------------------------------------------- the cases of a new user's walk through the CLI

ROOT = Path(__file__).resolve().parents[1]
BOT_FILES = {game: ROOT / "tests" / "bot_files" / f"{game}_mine.py" for game in ("luft", "landunter", "pig")}


def one_line_error(args: list[str], *words: str) -> str:
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2, (args, r.exit_code, r.output[-2000:])
    [line] = r.stderr.strip().splitlines()
    assert line.startswith("error: ") and "Traceback" not in r.output, (args, r.stderr)
    for word in words:
        assert word in line, (args, line)
    return line


@pytest.mark.parametrize(
    "args, words",
    [
        (["luft", "simulate", "--bots", "random", "--rules", "players=3", "--players", "5"], ["players=3", "--players 5"]),
        (["landunter", "simulate", "--bots", "low", "--rules", "players=3", "--players", "5"], ["disagree"]),
        (["luft", "simulate", "--bots", "random", "--rules", "air=20", "--rules", "air=30"], ["air", "twice"]),
        (["landunter", "simulate", "--bots", "low", "--rules", "tie_simultaneous=true,tie_simultaneous=false"], ["twice"]),
        (["luft", "simulate", "--bots", "threshold:t=2:t=3"], ["t", "twice"]),
        (["luft", "simulate", "--bots", "policy:preset=a:preset=b"], ["preset", "twice"]),
        (["luft", "simulate", "--bots", "random,"], ["empty bot spec"]),
        (["landunter", "simulate", "--bots", "low,,random"], ["empty bot spec"]),
        (["luft", "compare-turnback", "--families", "air,"], ["empty bot spec"]),
        (["luft", "tournament", "--bots", "random"], ["at least two entrants"]),
        (["landunter", "tournament", "--bots", "low"], ["at least two entrants"]),
        (["luft", "air", "--players", "6..2"], ["names no player count"]),
        (["luft", "air", "--players", "2,2"], ["twice"]),
        (["landunter", "fairness", "--players", "2..4"], ["3..6"]),
        (["luft", "air", "--players", "two"], ["--players", "2..6"]),
        (["luft", "compare-turnback", "--bot-file", "no-such-bot-file.py"], ["no-such-bot-file.py", "does not exist"]),
        (["landunter", "card-rule", "--bot-file", "no-such-bot-file.py"], ["does not exist"]),
    ],
)
def test_a_conflict_or_a_bad_value_is_one_line_and_exit_2(args, words):
    one_line_error(args, *words)


@pytest.mark.parametrize(
    "text, low, high, counts",
    [
        ("3", 3, 6, [3]),
        ("2,3,4", 2, 6, [2, 3, 4]),
        ("2..6", 2, 6, [2, 3, 4, 5, 6]),
        ("3-5", 3, 6, [3, 4, 5]),
        ("4,2", 2, 6, [4, 2]),
    ],
)
def test_one_player_count_syntax(text, low, high, counts):
    assert player_list(text, low, high) == counts


def test_every_command_that_takes_player_counts_reads_a_range():
    """`air` rejected 2..4 while metrics advertised it: every --players of type text reads every form."""
    for game in ("luft", "landunter"):
        for name, command in game_commands(game).items():
            players = [p for p in command.params if p.name in ("players", "players_text")]
            if players and "str" in str(players[0].type_descriptor.annotation):
                assert ".." in players[0].help, (game, name)


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_every_command_of_a_game_takes_the_one_bot_file_option(game):
    for name, command in game_commands(game).items():
        [option] = [p for p in command.params if "--bot-file" in p.opts]
        assert option.is_eager and option.multiple, (game, name)


# Tiny runs of every command that seats bots, with the user's bot "mine" from --bot-file in them.
WITH_MINE = {
    "luft": {
        "simulate": ["-n", "2", "--bots", "mine,random", "--games", "20"],
        "tournament": ["-n", "2", "--bots", "mine,random", "--games", "20"],
        "trace": ["-n", "2", "--bots", "mine"],
        "air": ["--players", "2", "--mixes", "mine", "--games", "10"],
        "balance": ["--players", "2", "--field", "mine,random", "--knobs", "air", "--pairs", "none", "--games", "10"],
        "compare-turnback": ["--players", "2", "--families", "mine,air,threshold", "--grid-points", "1", "--slow", "none"]
        + ["--field", "mine,random", "--games", "10"],
        "dice-check": ["--players", "2", "--bots", "mine", "--baseline-bot", "mine", "--games", "20", "--draws", "90"],
        "metrics": ["--players", "2", "--field", "mine,random", "--strong", "mine", "--weak", "random", "--games", "4"],
        "design": ["--players", "2", "--field", "mine", "--strong", "mine", "--weak", "random", "--games", "4"]
        + ["--knobs", "air=20..25", "--trials", "1"],
        "rulebook": ["--players", "2", "--field", "mine,random", "--strong", "mine", "--weak", "random", "--games", "2"]
        + ["--rules", "air=30"],
        "train": ["--players", "2", "--field", "mine", "--games", "2", "--generations", "1", "--population", "4"],
        "exploit": ["--players", "2", "--field", "mine", "--games", "2", "--generations", "1", "--population", "4"],
        "population": ["--players", "2", "--start", "mine,random", "--iterations", "1", "--games", "2", "--generations", "1"]
        + ["--population", "4", "--meta-games", "20"],
        "strong-findings": ["--players", "2", "--field", "mine,random", "--strong-field", "mine,air", "--games", "10"],
        "distill": ["--players", "2", "--from", "mine", "--field", "mine", "--decision-games", "2", "--generations", "0"]
        + ["--games", "2"],
    },
    "landunter": {
        "simulate": ["-n", "3", "--bots", "mine,low,random", "--games", "20"],
        "tournament": ["-n", "3", "--bots", "mine,low", "--games", "20"],
        "trace": ["-n", "3", "--bots", "mine"],
        "balance": ["--players", "3", "--field", "mine,low", "--options", "tie_simultaneous", "--games", "10"],
        "fairness": ["--players", "3", "--bots", "mine,low", "--games", "10"],
        "ranking": ["--players", "3", "--bots", "mine,low", "--games", "10"],
        "seats": ["--players", "3", "--bots", "mine", "--games", "10", "--candidates", "mine", "--field", "mine,low"]
        + ["--strong", "mine", "--filler", "mine"],
        "metrics": ["--players", "3", "--field", "mine,low", "--strong", "mine", "--weak", "random", "--games", "4"],
        "design": ["--players", "3", "--field", "mine", "--strong", "mine", "--weak", "random", "--games", "4"]
        + ["--knobs", "tie_simultaneous", "--trials", "1"],
        "rulebook": ["--players", "3", "--field", "mine,low", "--strong", "mine", "--weak", "random", "--games", "2"]
        + ["--rules", "tie_simultaneous=false"],
        "train": ["--players", "3", "--field", "mine", "--games", "6", "--generations", "1", "--population", "4"],
        "exploit": ["--players", "3", "--field", "mine", "--games", "6", "--generations", "1", "--population", "4"],
        "population": ["--players", "3", "--start", "mine,low", "--iterations", "1", "--games", "6", "--generations", "1"]
        + ["--population", "4", "--meta-games", "60"],
        "strong-findings": ["--players", "3", "--field", "mine,low", "--strong-field", "mine,dodge", "--games", "10"],
        "distill": ["--players", "3", "--from", "mine", "--field", "mine", "--decision-games", "2", "--generations", "0"]
        + ["--games", "6"],
    },
    "pig": {
        "simulate": ["-n", "2", "--bots", "mine,hold", "--games", "20"],
        "tournament": ["-n", "2", "--bots", "mine,hold", "--games", "20"],
        "trace": ["-n", "2", "--bots", "mine"],
        "metrics": ["--players", "2", "--field", "mine,random", "--strong", "mine", "--weak", "random", "--games", "4"],
        "design": ["--players", "2", "--field", "mine", "--strong", "mine", "--weak", "random", "--games", "4"]
        + ["--knobs", "goal=50..60", "--trials", "1"],
        "train": ["--players", "2", "--field", "mine", "--games", "2", "--generations", "1", "--population", "4"],
        "exploit": ["--players", "2", "--field", "mine", "--games", "2", "--generations", "1", "--population", "4"],
        "population": ["--players", "2", "--start", "mine,random", "--iterations", "1", "--games", "2", "--generations", "1"]
        + ["--population", "4", "--meta-games", "20"],
        "solve": ["--against", "mine", "--goal", "20"],
    },
}
WITH_MINE_CASES = [(g, c) for g, commands in WITH_MINE.items() for c in commands]


@pytest.mark.slow
@pytest.mark.parametrize("game, command", WITH_MINE_CASES, ids=[f"{g} {c}" for g, c in WITH_MINE_CASES])
def test_a_users_bot_file_works_in_every_command_that_seats_bots(game, command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    as_json = [] if command == "trace" else ["--json"]
    r = CliRunner().invoke(app, [game, command, "--bot-file", str(BOT_FILES[game]), *WITH_MINE[game][command], *as_json])
    assert r.exit_code == 0, (command, r.output[-3000:])
    assert "mine" in r.stdout, command  # the user's bot sat at the table and is named in the result


def test_the_walk_covers_every_command_that_seats_bots():
    """A new command that seats bots gets a case above (or a reason here)."""
    # no table of bots to fill (a policy's weights, people's logs), or people at the table (tests/test_play.py, tests/web)
    # check-bot: runs the bot contract on the bots of the file it is given, seats no field of ours
    without_bots = {"bots", "play", "replay", "review", "humans", "serve", "turnback-card", "card-rule", "check-bot"}
    # Pig's distill: Pig has no distilled bot, the command refuses before any game (tests/strong/test_distilled.py)
    refused = {"pig": {"distill"}}
    for game in ("luft", "landunter", "pig"):
        assert set(game_commands(game)) - without_bots - refused.get(game, set()) == set(WITH_MINE[game]), game


# Words only one game's help may use: its examples and what it calls a round.
OWN_WORDS = {
    "luft": ["air=20", "threshold:t=2", "greedy-value", "per-dive", "p_air_out"],
    "landunter": ["tie_simultaneous", "dodge", "per-deal", "early_end"],
}


@pytest.mark.parametrize("game, other", [("luft", "landunter"), ("landunter", "luft")])
def test_no_help_of_a_game_shows_the_other_games_examples(game, other):
    for name in game_commands(game):
        r = CliRunner().invoke(app, [game, name, "--help"], env={"COLUMNS": "200"})
        text = " ".join(r.stdout.split())
        assert r.exit_code == 0 and not [w for w in OWN_WORDS[other] if w in text], (game, name)


@pytest.mark.parametrize("game, rounds", [("luft", "per-dive"), ("landunter", "per-deal")])
def test_simulate_help_names_the_games_own_rounds(game, rounds):
    text = " ".join(CliRunner().invoke(app, [game, "simulate", "-h"], env={"COLUMNS": "200"}).stdout.split())
    assert f"per-seat and {rounds} figures" in text


def test_help_paragraphs_wrap_to_the_terminal():
    """No help keeps the source's line breaks inside a paragraph (list items stay lines)."""
    assert reflow("One\n  two three.\n\n* a\n  b\n* c") == "One two three.\n\n* a b\n* c"
    for game in ("luft", "landunter"):
        for name, command in game_commands(game).items():
            for paragraph in (command.help or "").split("\n\n"):
                lines = paragraph.split("\n")
                assert all(line.startswith(("* ", "- ")) for line in lines[1:]), (game, name, paragraph[:80])


def test_at_80_columns_a_paragraph_fills_its_lines():
    r = CliRunner().invoke(app, ["luft", "train", "-h"], env={"COLUMNS": "80"})
    assert "Each candidate plays one seat in every seat order against the field; the best" in r.stdout
    assert all(len(line) <= 80 for line in r.stdout.splitlines())


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_design_searches_the_committed_studys_knobs_by_default(game):
    from sim.design.metric_defs import design_module

    script = (ROOT / "experiments" / "design" / "run.sh").read_text()
    [committed] = re.findall(rf"sim {game} design [^\n]*?--knobs \"([^\"]+)\"", script)
    assert design_module(game).DEFAULT_KNOBS == committed
    [knobs] = [p for p in game_commands(game)["design"].params if p.name == "knobs"]
    assert knobs.default == committed and not knobs.required


def test_a_closed_pipe_ends_the_command_normally():
    """`sim luft bots | head`: the reader is gone before the command writes: exit 0, nothing on stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    for args in (["luft", "bots"], ["luft", "bots", "--json"], ["landunter", "simulate", "--bots", "low", "--games", "30"]):
        with subprocess.Popen(
            [sys.executable, "-m", "sim", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        ) as proc:
            proc.stdout.close()  # as `head` does once it has its lines
            stderr = proc.stderr.read().decode()
            assert proc.wait(timeout=300) == 0 and stderr == "", (args, stderr)


def test_the_results_browser_on_an_analysis_folder_and_a_tournament(tmp_path):
    out = tmp_path / "analysis"
    r = CliRunner().invoke(app, ["landunter", "fairness", "--players", "3", "--bots", "low", "--games", "20", "--out", str(out)])
    assert r.exit_code == 0, r.output[-2000:]
    listed = json.loads(CliRunner().invoke(app, ["results", "list", str(out), "--json"]).stdout)["results"]
    assert listed and all(Path(row["path"]).parent == out / "runs" for row in listed)  # its runs/, not an empty table
    line = one_line_error(["results", "show", str(out)], "report.md", "sim results list")
    assert "not written with --out" not in line and "no manifest" not in line

    games = tmp_path / "games"
    assert (
        CliRunner()
        .invoke(app, ["landunter", "tournament", "--bots", "low,random", "--games", "30", "--out", str(games)])
        .exit_code
        == 0
    )
    [stored] = [p for p in games.iterdir() if p.is_dir()]
    shown = CliRunner().invoke(app, ["results", "show", str(stored)], env={"COLUMNS": "200"}).stdout
    assert "entrants low, random" in shown and "None" not in shown.splitlines()[0]

    next(stored.glob("*.parquet")).write_bytes(b"garbage")  # a corrupt table is flagged in the list
    [row] = json.loads(CliRunner().invoke(app, ["results", "list", str(games), "--json"]).stdout)["results"]
    assert "not readable Parquet" in row["problem"]
