"""`sim <game> play` and `replay` driven through a real pseudo-terminal (pexpect):
keys sent, the screen read, whole games played to their end."""

import io
import json
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from sim.play import playlog, table
from tests.sigint import default_sigint

pytestmark = pytest.mark.slow

pexpect = pytest.importorskip("pexpect")

SIM = str(Path(sys.executable).with_name("sim"))
CHOICES = re.compile(r"choose: (.*?) rules, ", re.S)
KEY = re.compile(r"\[(\w)\]")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(tmp_path, *args):
    return pexpect.spawn(
        SIM,
        list(args),
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=120,
        dimensions=(60, 250),
        env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
        preexec_fn=default_sigint,  # Ctrl-C reaches the game even when the suite runs as a background job
    )


def last_key(child) -> str:
    """The last choice offered on the screen: turn back, pick up or drop, the highest card."""
    return KEY.findall(child.match.group(1))[-1]


def play_on(child, moves: int | None = None) -> int:
    """Answer every prompt with its last choice (at most ``moves`` of them);
    returns the number answered. Stops at the game's end or after ``moves``."""
    answered = 0
    while moves is None or answered < moves:
        if child.expect([CHOICES, r"Game over\S* — scores (\[[^\]]*\])"]) == 1:
            return answered
        child.send(last_key(child))
        answered += 1
    return answered


def the_log(tmp_path) -> list[dict]:
    (path,) = (tmp_path / "plays").glob("*.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize(
    "game, args",
    [
        ("luft", ["--bots", "threshold:t=2", "--seed", "3"]),
        ("landunter", ["--bots", "dodge", "--players", "3", "--seed", "5"]),
    ],
)
def test_a_full_game_with_a_fixed_seed_plays_to_its_end(tmp_path, game, args):
    child = spawn(tmp_path, game, "play", *args)
    answered = play_on(child)
    scores = json.loads(child.match.group(1))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    log = the_log(tmp_path)
    people = [rec for rec in log if rec["type"] == "decision" and rec["player"] == "human"]
    assert len(people) == answered > 0
    assert log[-1]["type"] == "end" and log[-1]["score"] == scores


def test_wrong_key_question_mark_and_q_do_what_the_screen_says(tmp_path):
    child = spawn(tmp_path, "luft", "play", "--bots", "threshold:t=2", "--seed", "3")
    child.expect(CHOICES)
    child.send("x")  # a wrong key: one clear line, same choice again
    child.expect(r"'x' is not a choice here.*press one of n, p")
    child.expect(CHOICES)
    child.send("?")  # the rules summary, then back to the table
    child.expect("Geteilte Luft — the rules in brief")
    child.send(" ")
    child.expect(CHOICES)
    child.send("q")  # q asks first; n goes on
    child.expect("Quit this game\\?")
    child.send("n")
    child.expect(CHOICES)
    child.send("q")
    child.expect("Quit this game\\?")
    child.send("y")
    child.expect(r"Continue it with: sim luft play --resume \S+")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [rec["type"] for rec in the_log(tmp_path)] == ["start"]  # no decision was made


def test_resume_after_ctrl_c_ends_the_game_as_an_uninterrupted_one(tmp_path):
    args = ["luft", "play", "--bots", "threshold:t=2", "--seed", "11", "--rules", "dives=2"]
    straight_dir, broken_dir = tmp_path / "straight", tmp_path / "broken"
    straight_dir.mkdir(), broken_dir.mkdir()
    child = spawn(straight_dir, *args)
    play_on(child)
    straight = the_log(straight_dir)

    child = spawn(broken_dir, *args)
    assert play_on(child, moves=3) == 3
    child.expect(CHOICES)  # the fourth decision is on screen
    child.sendcontrol("c")
    child.expect(r"Continue it with: sim luft play --resume (\S+)")
    log_path = child.match.group(1)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    child = spawn(broken_dir, "luft", "play", "--resume", log_path)
    play_on(child)
    child.expect(pexpect.EOF)
    assert the_log(broken_dir) == straight


def test_replay_steps_through_a_log_decision_by_decision(tmp_path):
    start = table.start_line("luft", {"dives": "1"}, 3, 3, ["threshold:t=2", "threshold:t=1", "threshold:t=3"])
    path = tmp_path / "game.jsonl"
    with playlog.Writer(path, [start]) as writer:
        table.play(start, writer, Console(file=io.StringIO()))
    decisions = len(playlog.read(path, "luft").decisions)
    child = spawn(tmp_path, "luft", "replay", str(path))
    child.expect(f"decision 1 of {decisions}: seat 0 \\(threshold:t=2\\) chose")
    child.send(" ")
    child.expect(f"decision 2 of {decisions}: ")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_hot_seat_hides_a_hand_until_its_owner_presses_a_key(tmp_path):
    child = spawn(tmp_path, "landunter", "play", "--humans", "0,1", "--bots", "dodge", "--seed", "5")
    child.expect("Seat 0's turn: pass the keyboard")
    assert "your hand" not in ANSI.sub("", child.before)
    child.send(" ")
    child.expect(r"your hand \(seat 0\)")
    child.expect(CHOICES)
    child.send(last_key(child))
    child.expect("Seat 1's turn: pass the keyboard")
    assert "your hand" not in ANSI.sub("", child.before)  # seat 0's hand was wiped, seat 1's not shown
    child.send(" ")
    child.expect(r"your hand \(seat 1\)")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
