"""The HTML pages of the web table, rendered on the server: a seat's table, the
hot-seat's pass-the-device screen, the game over, replay and review.

A page holds only what its seat may see: its own view's picture (never
another seat's hand) and the public events. The pages work without script; a
small script (static/table.js) reloads a page when its table changed.
"""

from __future__ import annotations

from html import escape

import numpy as np

from sim.play.table import EVENTS_SHOWN, HUMAN
from sim.web.pictures import picture_of
from sim.web.session import Question, TableSession


def layout(title: str, body: str, version: int | None = None, state_url: str = "") -> str:
    poll = f' data-version="{version}" data-state="{escape(state_url)}"' if version is not None else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/table.css">'
        '<script src="/static/table.js" defer></script>'
        f"</head><body{poll}>\n<main>\n{body}\n</main></body></html>\n"
    )


def _events(events: list[str]) -> str:
    shown = events[-EVENTS_SHOWN:]
    items = "".join(f"<li>{escape(e)}</li>" for e in shown) or "<li>(nothing yet)</li>"
    return f'<section class="events"><h2>What happened</h2><ol>{items}</ol></section>'


def _who(session: TableSession, seat: int) -> str:
    name = session.seating.names[seat]
    return f"seat {seat} ({'a person' if name == HUMAN else escape(name)})"


def _picture(session: TableSession, phase: int, seat: int, st: np.ndarray) -> str:
    s = session.seating
    return picture_of(s.start["game"]).svg(s.rules, phase, seat, st, s.names)


def _moves(session: TableSession, token: str, q: Question | None, seat: int, phase: int, st: np.ndarray, hints: bool) -> str:
    """Every move as a button; disabled when illegal or not this seat's turn."""
    mine = q is not None and q.seat == seat
    buttons = []
    for label, action in picture_of(session.start["game"]).moves(phase, seat, st):
        off = "" if mine and action is not None else " disabled"
        value = "" if action is None else f' value="{action}"'
        buttons.append(f'<button type="submit" name="action"{value}{off}>{escape(label)}</button>')
    n = f'<input type="hidden" name="n" value="{q.n}">' if mine else ""
    form = f'<form method="post" action="/t/{token}/act" class="moves">{n}{"".join(buttons)}</form>'
    if mine and hints:
        form += (
            f'<form method="post" action="/t/{token}/hint" class="hint-form"><input type="hidden" name="n" value="{q.n}">'
            '<button type="submit" class="hint">hint</button></form>'
        )
    return form


def hint_block(h: dict) -> str:
    rows = "".join(
        f"<li>{escape(c['label'])}: {c['win']['mean']:.2f} [{c['win']['ci95'][0]:.2f}, {c['win']['ci95'][1]:.2f}]</li>"
        for c in h["choices"]
    )
    return (
        f'<section class="hint-text"><p>{escape(h["bot"])} would choose <b>{escape(h["bot_choice"])}</b>. '
        f"Your win chance after each choice ({h['rollouts']} rollouts each, 95% CI):</p><ul>{rows}</ul></section>"
    )


def table_page(
    session: TableSession, token: str, seat: int | None, hints: bool, reveal: int | None = None, extra: str = "", error: str = ""
) -> str:
    """The table as ``seat`` sees it (None: the hot-seat screen of the whole table)."""
    s = session.seating
    q = session.question
    title = s.table.title
    parts = [f"<h1>{escape(title)}</h1>"]
    if error:
        parts.append(f'<p class="error" role="alert">{escape(error)}</p>')
    if session.end is not None:
        score = ", ".join(f"{_who(session, i)} {x}" for i, x in enumerate(session.end["score"]))
        parts.append(f'<p class="over">Game over — scores: {score}.</p>')
        parts.append(f'<p><a href="/t/{token}/replay">replay</a> · <a href="/t/{token}/review">review</a></p>')
    elif session.broken is not None:
        parts.append(f'<p class="error">The game stopped: {escape(session.broken)}</p>')
    me = seat
    if seat is None and q is not None:  # hot-seat: the person whose turn it is
        me = q.seat
        if s.table.private_hands and len(s.humans) > 1 and reveal != q.n:
            parts.append(
                f'<section class="pass"><p>Seat {q.seat}\'s turn: pass the device to seat {q.seat}.</p>'
                f'<form method="get" action="/t/{token}"><input type="hidden" name="reveal" value="{q.n}">'
                f'<button type="submit" class="reveal">I am seat {q.seat}: show my cards</button></form></section>'
            )
            parts.append(_events(session.events))
            return layout(title, "\n".join(parts), session.version, f"/t/{token}/api/state")
    if me is not None:
        if session.end is None and q is not None:
            turn = "Your turn" if q.seat == me else f"Waiting for {_who(session, q.seat)}"
            parts.append(f'<p class="status">You are seat {me}. {turn}.</p>')
            if q.seat == me:
                parts.append(f'<p class="prompt">{escape(s.table.prompt(q.phase, q.seat, q.st))}</p>')
        shown = session.view_of(me)
        if shown is None:
            parts.append("<p>The game is starting: your first decision is still to come.</p>")
        else:
            phase, st = shown
            parts.append(_picture(session, phase, me, st))
            if session.end is None:
                parts.append(_moves(session, token, q, me, phase, st, hints))
    parts.append(extra)
    parts.append(_events(session.events))
    return layout(title, "\n".join(parts), session.version, f"/t/{token}/api/state")


def replay_page(session: TableSession, token: str, n: int, priced: str = "") -> str:
    """Decision ``n`` of a finished game as its seat saw it, and what was chosen."""
    decisions = session.decisions
    title = f"{session.seating.table.title} — replay"
    if not decisions:
        return layout(title, "<h1>Replay</h1><p>No decision in this game.</p>")
    rec = decisions[n - 1]
    seen = [e for d in decisions[:n] for e in d["events"]]
    nav = " · ".join(
        f'<a href="/t/{token}/replay?n={k}">{label}</a>'
        for k, label in ((1, "first"), (n - 1, "previous"), (n + 1, "next"), (len(decisions), "last"))
        if 1 <= k <= len(decisions)
    )
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p>Decision {n} of {len(decisions)}: {_who(session, rec['seat'])} chose <b>{escape(rec['choice'])}</b>.</p>",
        _picture(session, rec["phase"], rec["seat"], np.array(rec["view"], dtype=np.int64)),
        f'<form method="get" action="/t/{token}/replay"><input type="hidden" name="n" value="{n}">'
        '<input type="hidden" name="price" value="1"><button type="submit">price this decision</button></form>',
        priced,
        f"<p>{nav} · <a href='/t/{token}'>table</a> · <a href='/t/{token}/review'>review</a></p>",
        _events(seen),
    ]
    return layout(title, "\n".join(body))


def review_page(summary: dict | None, token: str, reason: str = "") -> str:
    title = "Review"
    if summary is None:
        return layout(title, f"<h1>Review</h1><p>{escape(reason)}</p><p><a href='/t/{token}'>table</a></p>")
    a = summary["agreement"]
    rows = "".join(
        "<tr>"
        + f"<td>{d['decision']}</td><td>{escape(d['situation'])}</td><td>{escape(d['person'])}</td><td>{escape(d['bot'])}</td>"
        + (f"<td>{d['cost']['mean']:+.3f} [{d['cost']['ci95'][0]:+.3f}, {d['cost']['ci95'][1]:+.3f}]</td>" if "cost" in d else "")
        + "</tr>"
        for d in summary["disagreements"]
    )
    cost_head = (
        f"<th>cost (win chance lost, {summary['cost_rollouts']} rollouts, 95% CI)</th>" if summary["cost_rollouts"] else ""
    )
    body = (
        f"<h1>Review: the people vs {escape(summary['bot'])}</h1>"
        f"<p>Agreed on {summary['agreed']} of {summary['decisions']} decisions = {a['mean']:.3f} "
        f"[{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}] (95% Wilson CI).</p>"
        '<table class="review"><tr><th>decision</th><th>situation</th><th>person chose</th>'
        f"<th>bot would choose</th>{cost_head}</tr>"
        f"{rows}</table><p><a href='/t/{token}/replay'>replay</a> · <a href='/t/{token}'>table</a></p>"
    )
    return layout(title, body)
