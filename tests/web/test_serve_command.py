"""`sim <game> serve` as a user runs it: bad input is one line and exit 2;
Ctrl-C stops the server with exit 130, every log closed and marked, and
--resume reopens the table with the same links."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import httpx
import pytest
from typer.testing import CliRunner

from sim.cli import app
from tests.web.conftest import free_port


@pytest.mark.parametrize(
    "args, needle",
    [
        (["--seats", "threshold,threshold"], "seats no person"),
        (["--seats", "human,nosuchbot"], "unknown bot 'nosuchbot'"),
        ([], "give --seats"),
        (["--resume", "nofile.jsonl"], "does not exist"),
        (["--seats", "human,threshold", "--hint-bot", "nosuchbot"], "unknown bot 'nosuchbot'"),
    ],
)
def test_bad_serve_input_is_one_line_exit_2(tmp_path, args, needle):
    r = CliRunner().invoke(app, ["luft", "serve", "--out", str(tmp_path), "--port", str(free_port()), *args])
    assert r.exit_code == 2, r.output
    assert needle in r.output and "Traceback" not in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_a_port_in_use_is_one_line_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(app, ["luft", "serve", "--seats", "human,threshold", "--out", str(tmp_path), "--port", str(port)])
    assert r.exit_code == 2, r.output
    assert f"port {port} on 127.0.0.1 is in use" in r.output


def serve_process(args: list[str]) -> tuple[subprocess.Popen, list[str]]:
    """A real `sim luft serve`; returns it once it printed its links, and them."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "sim", "luft", "serve", *args], stdout=subprocess.PIPE, text=True, env=env)
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Ctrl-C stops"):
            return proc, lines
    raise AssertionError(f"serve ended before printing its links: {lines}")


def wait_up(url: str):
    for _ in range(200):
        try:
            return httpx.get(url)
        except httpx.TransportError:
            import time

            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


@pytest.mark.slow
def test_ctrl_c_exits_130_with_the_log_marked_and_resume_reopens_it(tmp_path):
    out = tmp_path / "plays"
    port = free_port()
    proc, lines = serve_process(["--seats", "human,threshold", "--seed", "3", "--out", str(out), "--port", str(port)])
    seat_link = next(line.split(": ", 1)[1] for line in lines if "seat 0 on its own device" in line)
    state = wait_up(seat_link + "/api/state").json()
    moved = httpx.post(seat_link + "/api/act", json={"n": state["n"], "action": state["choices"][0]["action"]}).json()
    proc.send_signal(signal.SIGINT)
    rest, _ = proc.communicate(timeout=60)
    assert proc.returncode == 130, rest
    assert "1 game(s) not finished, marked complete: false" in rest
    [log] = out.glob("*.jsonl")
    last = json.loads(log.read_text().splitlines()[-1])
    assert last == {"type": "stopped", "complete": False}

    proc, lines = serve_process(["--resume", str(out), "--port", str(port)])
    assert any(seat_link in line for line in lines)  # the same link
    again = wait_up(seat_link + "/api/state").json()
    assert again["n"] == moved["n"] and again["view"] == moved["view"]
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    assert proc.returncode == 130
