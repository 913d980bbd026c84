"""The web table served for real (Uvicorn in a thread, a free port) and a
headless Chromium: the distribution's package (``apt-get install chromium``),
driven by Playwright pointed at it. Nothing downloads a browser build."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from sim.web.app import Config, make_app

CHROMIUM_NAMES = ("chromium", "chromium-browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """An app on 127.0.0.1 in a background thread; `stop` ends it."""

    def __init__(self, sessions, config: Config | None = None):
        self.sessions = sessions
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(
            uvicorn.Config(
                make_app(sessions, config or Config()), host="127.0.0.1", port=self.port, log_level="error", lifespan="off"
            )
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def url(self, token: str, path: str = "") -> str:
        return f"{self.base}/t/{token}{path}"

    def stop(self):
        """As Ctrl-C does: the server ends, every log is closed (marked complete or not)."""
        self.server.should_exit = True
        self.thread.join(10)
        for session in self.sessions:
            session.stop()


@pytest.fixture
def serve():
    """serve(sessions, config) -> Served; every server stopped after the test."""
    started: list[Served] = []

    def start(sessions, config=None) -> Served:
        started.append(Served(sessions, config))
        return started[-1]

    yield start
    for s in started:
        s.stop()


def chromium_path() -> str:
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no chromium on PATH: install the distribution's package (apt-get install chromium); .ci/run does")


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session; each test opens its own contexts."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def out_dir(tmp_path) -> Path:
    return tmp_path / "plays"
