"""The Starlette app of the web table: pages, the JSON API, and a 4xx with a
short reason (logged, the game unchanged) for every request it refuses.

    GET  /t/TOKEN                the table (a seat's link, or the host's hot-seat link)
    POST /t/TOKEN/act            a move from the page's form (n, action), then back to the table
    POST /t/TOKEN/hint           the table with the hint for the waiting decision
    GET  /t/TOKEN/replay?n=K     decision K of a finished game (price=1: each choice's win chance)
    GET  /t/TOKEN/review         the people's decisions against the hint bot, with costs
    GET  /t/TOKEN/api/state      what the page shows, as JSON
    POST /t/TOKEN/api/act        {"n": N, "action": A} -> the new state
    GET  /t/TOKEN/api/hint       the hint as JSON
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sim.play import playlog
from sim.play.review import review as run_review
from sim.web import pages
from sim.web.session import RequestError, TableSession

log = logging.getLogger("sim.web")
STATIC = Path(__file__).with_name("static")


@dataclass
class Config:
    hints: bool = False
    hint_bot: str = ""
    hint_rollouts: int = 32
    review_rollouts: int = 16


def make_app(sessions: list[TableSession], config: Config) -> Starlette:
    by_token: dict[str, TableSession] = {}
    for session in sessions:
        by_token[session.tokens["host"]] = session
        for token in session.tokens["seats"].values():
            by_token[token] = session

    def find(token: str) -> tuple[TableSession, int | None]:
        session = by_token.get(token)
        if session is None:
            raise RequestError(404, "no table for this link; check the link the host gave you")
        return session, session.seat_of(token)

    def refused(request: Request, e: RequestError, as_json: bool) -> Response:
        log.warning("refused %s %s: %d %s", request.method, request.url.path, e.status, e.reason)
        if as_json:
            return JSONResponse({"error": e.reason}, status_code=e.status)
        token = request.path_params.get("token", "")
        session = by_token.get(token)
        if session is None or e.status == 404:
            return HTMLResponse(pages.layout("Not found", f"<h1>{e.status}</h1><p>{e.reason}</p>"), status_code=e.status)
        seat = session.seat_of(token)
        return HTMLResponse(pages.table_page(session, token, seat, config.hints, error=e.reason), status_code=e.status)

    def guarded(as_json: bool):
        def wrap(handler):
            async def endpoint(request: Request) -> Response:
                try:
                    return await handler(request)
                except RequestError as e:
                    return refused(request, e, as_json)

            return endpoint

        return wrap

    def number(text, what: str) -> int:
        try:
            return int(text)
        except (TypeError, ValueError):
            raise RequestError(400, f"{what} must be a whole number, got {text!r}") from None

    @guarded(False)
    async def table(request: Request) -> Response:
        token = request.path_params["token"]
        session, seat = find(token)
        reveal = request.query_params.get("reveal")
        with session.lock:
            page = pages.table_page(
                session, token, seat, config.hints, reveal=None if reveal is None else number(reveal, "reveal")
            )
        return HTMLResponse(page)

    @guarded(False)
    async def act_form(request: Request) -> Response:
        token = request.path_params["token"]
        session, seat = find(token)
        form = await request.form()
        n, action = number(form.get("n"), "n"), number(form.get("action"), "action")
        await _in_thread(session.act, seat, n, action)
        return RedirectResponse(f"/t/{token}", status_code=303)

    @guarded(False)
    async def hint_form(request: Request) -> Response:
        token = request.path_params["token"]
        session, seat = find(token)
        if not config.hints:
            raise RequestError(403, "hints are off at this table (the host starts serve with --hints)")
        h = await _in_thread(session.hint, seat, config.hint_bot, config.hint_rollouts)
        with session.lock:
            page = pages.table_page(session, token, seat, True, reveal=h["n"], extra=pages.hint_block(h))
        return HTMLResponse(page)

    def finished(session: TableSession):
        if session.end is None:
            raise RequestError(409, "replay and review open when the game is over (they show every seat's cards)")

    @guarded(False)
    async def replay(request: Request) -> Response:
        token = request.path_params["token"]
        session, _ = find(token)
        finished(session)
        n = number(request.query_params.get("n", "1"), "n")
        if session.decisions and not 1 <= n <= len(session.decisions):
            raise RequestError(404, f"no decision {n}; this game has {len(session.decisions)}")
        priced = ""
        if request.query_params.get("price"):
            priced = pages.hint_block(await _in_thread(session.price_logged, n, config.hint_bot, config.hint_rollouts))
        return HTMLResponse(pages.replay_page(session, token, n, priced))

    @guarded(False)
    async def review(request: Request) -> Response:
        token = request.path_params["token"]
        session, _ = find(token)
        finished(session)
        game_log = playlog.GameLog(session.path, session.start, session.decisions, session.end)
        try:
            summary = await _in_thread(run_review, [game_log], config.hint_bot, config.review_rollouts)
        except ValueError as e:
            return HTMLResponse(pages.review_page(None, token, str(e)))
        return HTMLResponse(pages.review_page(summary, token))

    @guarded(True)
    async def api_state(request: Request) -> Response:
        session, seat = find(request.path_params["token"])
        with session.lock:
            return JSONResponse(session.state(seat))

    @guarded(True)
    async def api_act(request: Request) -> Response:
        session, seat = find(request.path_params["token"])
        try:
            body = await request.json()
        except ValueError:
            raise RequestError(400, 'the body must be JSON: {"n": decision number, "action": move}') from None
        if not isinstance(body, dict):
            raise RequestError(400, 'the body must be a JSON object: {"n": decision number, "action": move}')
        n, action = number(body.get("n"), "n"), number(body.get("action"), "action")
        await _in_thread(session.act, seat, n, action)
        with session.lock:
            return JSONResponse(session.state(seat))

    @guarded(True)
    async def api_hint(request: Request) -> Response:
        session, seat = find(request.path_params["token"])
        if not config.hints:
            raise RequestError(403, "hints are off at this table (the host starts serve with --hints)")
        return JSONResponse(await _in_thread(session.hint, seat, config.hint_bot, config.hint_rollouts))

    async def index(request: Request) -> Response:
        return HTMLResponse(pages.layout("deepsim table", "<h1>deepsim table</h1><p>Open the link the host gave you.</p>"))

    return Starlette(
        routes=[
            Route("/", index),
            Route("/t/{token}", table),
            Route("/t/{token}/act", act_form, methods=["POST"]),
            Route("/t/{token}/hint", hint_form, methods=["POST"]),
            Route("/t/{token}/replay", replay),
            Route("/t/{token}/review", review),
            Route("/t/{token}/api/state", api_state),
            Route("/t/{token}/api/act", api_act, methods=["POST"]),
            Route("/t/{token}/api/hint", api_hint),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )


async def _in_thread(fn, *args):
    """Engine work off the event loop, so one table's bots never stall another's page."""
    return await run_in_threadpool(fn, *args)
