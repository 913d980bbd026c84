"""Every request the table refuses gets a 4xx with a short reason, and the
game (its log on disk) stays as it was: a wrong token, an illegal move, an
out-of-turn move, a stale or tampered request, a move after the game ended."""

from __future__ import annotations

import httpx
import pytest

from sim.web.app import Config
from sim.web.server import new_tables


@pytest.fixture
def table(serve, out_dir):
    [session] = new_tables("landunter", "human,human,low", {}, 1, 2, out_dir)
    return serve([session], Config(hints=False)), session


def refused(response: httpx.Response, status: int, words: str):
    assert response.status_code == status, response.text
    assert words in response.text


@pytest.mark.parametrize(
    "path, body, status, words",
    [
        ("/api/act", {"n": 1, "action": 999}, 400, "not a legal move"),
        ("/api/act", {"n": 7, "action": None}, 400, "action must be a whole number"),
        ("/api/act", ["n", 1], 400, "JSON object"),
        ("/api/act", "not json", 400, "must be JSON"),
    ],
)
def test_a_bad_move_is_a_400_and_changes_nothing(table, path, body, status, words):
    served, session = table
    before = session.path.read_bytes()
    q = session.question
    token = session.tokens["seats"][str(q.seat)]
    if body == {"n": 1, "action": 999}:
        body = {"n": q.n, "action": 999}
    kwargs = {"content": body} if isinstance(body, str) else {"json": body}
    refused(httpx.post(served.url(token, path), **kwargs), status, words)
    assert session.path.read_bytes() == before
    assert session.question.n == q.n


def test_a_wrong_token_out_of_turn_or_stale_move_is_refused(table, browser):
    served, session = table
    before = session.path.read_bytes()
    q = session.question
    legal = int(httpx.get(served.url(session.tokens["seats"][str(q.seat)], "/api/state")).json()["choices"][0]["action"])
    waiting = session.tokens["seats"][str(1 - q.seat)]
    refused(httpx.post(served.url(waiting, "/api/act"), json={"n": q.n, "action": legal}), 409, f"seat {q.seat}'s turn")
    mover = session.tokens["seats"][str(q.seat)]
    refused(httpx.post(served.url(mover, "/api/act"), json={"n": q.n - 1, "action": legal}), 409, "reload the page")
    refused(httpx.get(served.url("x" + mover[1:], "/api/state")), 404, "no table for this link")
    page = browser.new_page()
    answer = page.goto(served.url("not-a-token"))
    assert answer.status == 404 and "check the link" in page.inner_text("main")
    form = page.request.post(served.url(mover, "/act"), form={"n": str(q.n), "action": "999"})  # a tampered form
    assert form.status == 400 and "not a legal move" in form.text()
    page.close()
    assert session.path.read_bytes() == before


def test_a_move_after_the_game_is_a_409_and_hints_off_a_403(table):
    served, session = table
    while session.end is None:
        q = session.question
        token = session.tokens["seats"][str(q.seat)]
        action = httpx.get(served.url(token, "/api/state")).json()["choices"][0]["action"]
        assert httpx.post(served.url(token, "/api/act"), json={"n": q.n, "action": action}).status_code == 200
    before = session.path.read_bytes()
    token = session.tokens["seats"]["0"]
    refused(httpx.post(served.url(token, "/api/act"), json={"n": 1, "action": 1}), 409, "the game is over")
    refused(httpx.get(served.url(token, "/api/hint")), 403, "hints are off")
    assert session.path.read_bytes() == before
    assert httpx.get(served.url(token, "/replay?n=2")).status_code == 200


def test_replay_of_a_game_in_play_is_refused(table):
    served, session = table
    refused(httpx.get(served.url(session.tokens["host"], "/replay")), 409, "when the game is over")
