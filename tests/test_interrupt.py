"""Ctrl-C, the same contract for every command that plays games (sim.interrupt).

Each command runs in a real subprocess and sends itself a real SIGINT after
its k-th finished chunk (DEEPSIM_SIGINT_AFTER_CHUNKS): exit code 130, one line
on stderr saying what was kept, the partial marks in --json and in the store,
no report; then the same command, run again, completes to the answer of an
uninterrupted run. The commands of one game share one subprocess
(ctrl_c_driver.py runs them in turn, as a shell would): the process start and
the kernels' loading are paid once per game. The external Ctrl-C has its own.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from sim import store
from sim.cli import app
from sim.runner import DEFAULT_CHUNK
from tests.sigint import default_sigint

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
TWO_CHUNKS = str(DEFAULT_CHUNK + 500)  # simulate: interrupted after its first chunk of two

# (command and options, k): every command of both games that plays games, tiny game counts.
COMMANDS = {
    "luft simulate": (["luft", "simulate", "--bots", "random", "--games", TWO_CHUNKS, "--seed", "3"], 1),
    "luft tournament": (
        ["luft", "tournament", "--bots", "random,threshold:t=2", "--players", "2", "--games", "300", "--seed", "3"],
        1,
    ),
    "luft trace": (["luft", "trace", "--bots", "random", "--seed", "3", "--game", "5"], 1),
    "luft dice-check": (["luft", "dice-check", "--games", "200", "--draws", "900", "--players", "3"], 3),
    "luft air": (["luft", "air", "--games", "60", "--players", "2,3"], 4),
    "luft compare-turnback": (
        [
            "luft",
            "compare-turnback",
            "--games",
            "30",
            "--players",
            "2",
            "--families",
            "threshold,random",
            "--grid-points",
            "2",
            "--pair-games",
            "30",
            "--field",
            "threshold:t=2,depth",
        ],
        12,
    ),
    "luft balance": (
        [
            "luft",
            "balance",
            "--games",
            "60",
            "--players",
            "2",
            "--knobs",
            "air",
            "--pairs",
            "none",
            "--field",
            "threshold:t=2,depth",
        ],
        3,
    ),
    # interrupted in the second player count: the first is kept
    "luft turnback-card": (["luft", "turnback-card", "--players", "2,3", "--games", "40", "--position-games", "4"], 6),
    "landunter simulate": (["landunter", "simulate", "--bots", "random", "--games", TWO_CHUNKS, "--seed", "3"], 1),
    "landunter tournament": (
        ["landunter", "tournament", "--bots", "random,low", "--players", "3", "--games", "200", "--seed", "3"],
        1,
    ),
    "landunter trace": (["landunter", "trace", "--bots", "random", "--seed", "3", "--game", "5"], 1),
    "landunter balance": (["landunter", "balance", "--games", "60", "--players", "3", "--options", "tie_simultaneous"], 1),
    "landunter fairness": (["landunter", "fairness", "--games", "60", "--players", "3", "--bots", "random,low"], 2),
    # interrupted inside a configuration (two chunks): the finished chunk is kept
    "landunter fairness mid-configuration": (
        ["landunter", "fairness", "--games", TWO_CHUNKS, "--players", "3", "--bots", "low"],
        1,
    ),
    "landunter ranking": (["landunter", "ranking", "--games", "60", "--players", "3,4", "--bots", "random,low,high"], 4),
    "landunter seats": (
        ["landunter", "seats", "--games", "60", "--players", "3", "--bots", "random,low", "--candidates", "low"],
        3,
    ),
}
STORES = {"simulate", "tournament"}  # keep a partial result of their own; analyses keep runs/


def without_timing(obj):
    """A summary without its wall-clock fields (they differ between runs; which
    bots compare-turnback calls slow is timed too)."""
    if isinstance(obj, dict):
        return {k: without_timing(v) for k, v in obj.items() if "seconds" not in k and k != "slow"}
    if isinstance(obj, list):
        return [without_timing(v) for v in obj]
    return obj


NO_OUT = "luft air without --out"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


class Stopped(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def full_args(name: str, folder: Path) -> list[str]:
    """The command line of a case: with --out (into ``folder``) and --json, except for trace."""
    args = COMMANDS[name][0]
    return args if args[1] == "trace" else args + ["--out", str(folder / "out"), "--json"]


@pytest.fixture(scope="module")
def interrupted(tmp_path_factory) -> dict[str, tuple[Stopped, Path]]:
    """Every case interrupted, the commands of a game in one subprocess (both games at once):
    name -> (what the command did, the folder its --out went to)."""
    base = tmp_path_factory.mktemp("ctrl-c")
    folders = {name: base / name.replace(" ", "-") for name in [*COMMANDS, NO_OUT]}
    plans = {
        game: [
            {"args": full_args(name, folders[name]), "after": COMMANDS[name][1], "folder": str(folders[name])}
            for name in COMMANDS
            if name.startswith(game + " ")
        ]
        for game in ("luft", "landunter")
    }
    plans["luft"].append({"args": COMMANDS["luft air"][0], "after": COMMANDS["luft air"][1], "folder": str(folders[NO_OUT])})
    procs = []
    for game, plan in plans.items():
        (base / f"{game}.json").write_text(json.dumps(plan))
        procs.append(
            subprocess.Popen(
                [sys.executable, str(ROOT / "tests" / "ctrl_c_driver.py"), str(base / f"{game}.json")],
                env=ENV,
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
        )
    for proc in procs:
        output = proc.communicate(timeout=1800)[0]
        assert proc.returncode == 0, output[-3000:]
    return {
        name: (
            Stopped(int((folder / "code").read_text()), (folder / "stdout").read_text(), (folder / "stderr").read_text()),
            folder,
        )
        for name, folder in folders.items()
    }


@pytest.mark.parametrize("name", list(COMMANDS))
def test_ctrl_c_exits_130_keeps_what_finished_and_the_rerun_completes(name, interrupted):
    args = COMMANDS[name][0]
    command = args[1]
    is_trace = command == "trace"
    stopped, tmp_path = interrupted[name]
    as_json = [] if is_trace else ["--json"]

    assert stopped.returncode == 130, stopped.stderr[-3000:]
    assert "Traceback" not in stopped.stderr
    [line] = stopped.stderr.strip().splitlines()  # one line: what was kept, how to resume
    assert line.startswith("interrupted")
    if is_trace:
        assert "nothing was kept" in line and stopped.stdout == ""
    else:
        assert "run the same command again" in line
        marks = json.loads(stopped.stdout)
        assert marks["complete"] is False and "games_requested" in marks
        assert marks["games_played"] >= 1
        if command in STORES:
            assert marks["games_played"] < marks["games_requested"]
            [partial] = [p for p in (tmp_path / "out").iterdir() if (p / "manifest.json").exists()]
            stored = store.load(partial)
            assert stored.complete is False and stored.summary["complete"] is False
            assert stored.summary["games_played"] == marks["games_played"]
        else:
            assert not (tmp_path / "out" / "report.md").exists()  # no report from part of the games
            assert not (tmp_path / "out" / "summary.json").exists()
            # the line says what a rerun really takes: a complete stored configuration or a chunk checkpoint
            runs = tmp_path / "out" / "runs"
            complete = [p for p in runs.rglob("manifest.json") if json.loads(p.read_text())["complete"]]
            on_disk = bool(complete) or any(runs.rglob("chunks/chunk-*.parquet"))
            assert ("nothing was kept" in line) == (not on_disk), line
            if name.endswith(("mid-configuration", "turnback-card")):
                assert on_disk and "finished games are kept" in line

    whole = CliRunner().invoke(app, args + as_json)
    again = CliRunner().invoke(app, full_args(name, tmp_path))
    assert whole.exit_code == 0 and again.exit_code == 0, again.output[-3000:]
    if is_trace:
        assert again.stdout == whole.stdout
        return
    resumed = json.loads(again.stdout)
    assert resumed["complete"] is True
    assert without_timing(resumed) == without_timing(json.loads(whole.stdout))
    if command not in STORES:
        assert json.loads((tmp_path / "out" / "summary.json").read_text())["complete"] is True


def test_without_out_nothing_is_kept_and_the_line_says_so(interrupted):
    stopped = interrupted[NO_OUT][0]
    assert stopped.returncode == 130
    [line] = stopped.stderr.strip().splitlines()
    assert "nothing was kept" in line and "--out DIR" in line and "runs" not in line


def test_an_external_ctrl_c_stops_a_long_run_within_seconds(tmp_path):
    """A real SIGINT from outside, as a terminal sends it, during a run of 10^9 games."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sim",
            "luft",
            "simulate",
            "--bots",
            "random",
            "--games",
            str(10**9),
            "--json",
            "--out",
            str(tmp_path),
        ],
        env=ENV,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        deadline = time.monotonic() + 300
        while not list(tmp_path.glob("*/chunks/chunk-*.parquet")):  # it is playing
            assert proc.poll() is None, proc.communicate()[1][-2000:]
            assert time.monotonic() < deadline, "no chunk finished in time"
            time.sleep(0.05)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()  # also closes its pipes
    assert proc.returncode == 130, stderr[-2000:]
    # the chunk in flight (10^5 games, ~0.5 s on an idle core), saving and exit; a busy CI machine is slower
    assert took < 10, f"took {took:.1f} s to stop"
    assert json.loads(stdout)["complete"] is False and stderr.strip().startswith("interrupted: kept")


def test_ctrl_c_while_the_cli_loads_is_one_line_and_130(monkeypatch, capsys):
    from sim import console

    class PressedDuringImport:  # Ctrl-C arrives while sim.cli is being imported
        def find_spec(self, name, path=None, target=None):
            if name == "sim.cli":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "sim.cli")
    monkeypatch.setattr(sys, "meta_path", [PressedDuringImport(), *sys.meta_path])
    with pytest.raises(SystemExit) as stop:
        console.main()
    assert stop.value.code == 130
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("interrupted")
