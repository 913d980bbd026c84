"""Geteilte Luft in the browser: the table as one SVG picture, and the moves
with the illegal ones disabled (the web table, sim/web).

Everything drawn is public (path, air, divers, carried treasures, scores);
the value cards stay hidden, as at a real table.
"""

from __future__ import annotations

from html import escape

import numpy as np

from sim.games.luft import layout
from sim.games.luft.play import carried, where
from sim.games.luft.reference import describe

LEVEL_COLOUR = {0: "#cfd8dc", 1: "#81c784", 2: "#4dd0e1", 3: "#ba68c8", 4: "#e57373"}
SEAT_COLOUR = ("#f9a825", "#1e88e5", "#d81b60", "#43a047", "#6d4c41", "#546e7a")
PER_ROW, STEP, WIDTH = 8, 44, 360


def _field_xy(f: int) -> tuple[int, int]:
    """Field f (1-based) on a path that snakes down the picture, 8 fields a row."""
    row, col = divmod(f - 1, PER_ROW)
    col = col if row % 2 == 0 else PER_ROW - 1 - col
    return 26 + col * STEP, 110 + row * STEP


def svg(rules, phase: int, seat: int, st: np.ndarray, players: list[str]) -> str:
    n, air, max_air = int(st[layout.N_PLAYERS]), int(st[layout.AIR]), int(st[layout.MAX_AIR])
    path_len = int(st[layout.PATH_LEN])
    rows = (path_len + PER_ROW - 1) // PER_ROW
    divers_top = 110 + rows * STEP
    height = divers_top + 26 * n + 10
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="picture" role="img" '
        f'aria-label="Geteilte Luft table">',
        f'<text x="8" y="18" class="head">dive {st[layout.DIVE] + 1} of {st[layout.DIVES]}, turn {st[layout.TURN] + 1}</text>',
        f'<text x="8" y="40">air {air} of {max_air}</text>',
        f'<rect x="90" y="29" width="{WIDTH - 100}" height="14" fill="#eceff1" stroke="#90a4ae"/>',
        f'<rect x="90" y="29" width="{(WIDTH - 100) * air / max(max_air, 1):.1f}" height="14" fill="#1e88e5" class="air"/>',
        '<rect x="8" y="56" width="90" height="26" rx="12" fill="#ffd54f" stroke="#795548"/>',
        '<text x="20" y="74">submarine</text>',
    ]
    for s in range(n):  # divers in the submarine: beside it
        if st[layout.POS + s] == 0 or st[layout.BACK + s]:
            out.append(_diver(110 + 22 * s, 69, s, s == seat))
    for f in range(1, path_len + 1):
        x, y = _field_xy(f)
        item = int(st[layout.PATH + f - 1])
        out.append(
            f'<circle cx="{x}" cy="{y}" r="17" fill="{LEVEL_COLOUR[int(layout.item_top_level(item))]}" stroke="#607d8b">'
            f"<title>field {f}: {escape(describe(item))}</title></circle>"
        )
        out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" class="item">{escape(describe(item))}</text>')
        here = [s for s in range(n) if not st[layout.BACK + s] and st[layout.POS + s] == f]
        for k, s in enumerate(here):
            out.append(_diver(x - 10 + 20 * (k % 2), y - 14 + 10 * (k // 2), s, s == seat))
    for s in range(n):
        y = divers_top + 26 * s
        bold = ' font-weight="bold"' if s == seat else ""
        out.append(_diver(16, y + 8, s, s == seat))
        out.append(
            f'<text x="32" y="{y + 13}"{bold}>{escape(players[s])} · {escape(where(st, s))} · '
            f"{'up' if st[layout.HEADING_UP + s] else 'down'} · score {st[layout.SCORE + s]}</text>"
        )
        for k, item in enumerate(carried(st, s)):
            out.append(
                f'<rect x="{250 + 18 * k}" y="{y + 1}" width="15" height="15" fill="'
                f'{LEVEL_COLOUR[int(layout.item_top_level(item))]}" stroke="#455a64">'
                f"<title>{escape(describe(item))}</title></rect>"
            )
    out.append("</svg>")
    return "\n".join(out)


def _diver(x: float, y: float, s: int, me: bool) -> str:
    ring = ' stroke="#000" stroke-width="2"' if me else ' stroke="#fff"'
    return (
        f'<circle cx="{x}" cy="{y}" r="8" fill="{SEAT_COLOUR[s % len(SEAT_COLOUR)]}"{ring} class="diver"/>'
        f'<text x="{x}" y="{y + 4}" text-anchor="middle" class="diver-n">{s}</text>'
    )


def moves(phase: int, seat: int, st: np.ndarray) -> list[tuple[str, int | None]]:
    """Every move of this decision, ``None`` for one the rules do not allow now."""
    if phase == layout.PHASE_TURN_BACK:
        return [
            ("keep diving down", layout.STAY_DOWN),
            ("turn back", layout.TURN_BACK if layout.can_turn_back(st, seat) else None),
        ]
    out: list[tuple[str, int | None]] = [("nothing", layout.NOTHING)]
    up = layout.can_pick_up(st, seat)
    out.append((f"pick up {describe(int(layout.field_item(st, seat)))}" if up else "pick up", layout.PICK_UP if up else None))
    items = carried(st, seat)
    if layout.can_drop(st, seat):
        out += [(f"drop {describe(item)}", layout.DROP + k) for k, item in enumerate(items)]
    else:
        out.append(("drop", None))
    return out
