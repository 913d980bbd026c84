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

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings, strategies as st
from typer.testing import CliRunner

from sim.cli import app
from sim.interrupt import SIGINT_AFTER_CHUNKS

GROUP = typer.main.get_command(app)
COMMANDS = [(g, c) for g in ("luft", "landunter", "results") for c in GROUP.commands[g].commands]

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
    cmd = GROUP.commands[group].commands[command]
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
