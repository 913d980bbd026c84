"""Land unter in the browser: the table as one SVG picture as one seat sees it
(the web table, sim/web): its own hand, the flood cards on offer, every
player's water level, life rings and score. Other hands are never drawn.
"""

from __future__ import annotations

from html import escape

import numpy as np

from sim.games.landunter import layout
from sim.games.landunter.play import hand
from sim.games.landunter.reference import ring_halves

WIDTH, CARD_W, CARD_H = 360, 40, 56


def svg(rules, phase: int, seat: int, st: np.ndarray, players: list[str]) -> str:
    n, n_cards = int(st[layout.S_PLAYERS]), int(st[layout.S_N_CARDS])
    lo, hi = int(st[layout.S_FLOOD_LO]), int(st[layout.S_FLOOD_HI])
    cards = hand(st, seat)
    per_row = (WIDTH - 16) // (CARD_W + 4)
    players_top = 150
    hand_top = players_top + 30 * n + 30
    height = hand_top + CARD_H * ((len(cards) + per_row - 1) // per_row or 1) + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="picture" role="img" '
        f'aria-label="Land unter table">',
        f'<text x="8" y="18" class="head">deal {st[layout.S_DEAL] + 1} of {n}, '
        f"round {st[layout.S_ROUND] + 1} of {layout.HAND_SIZE}, "
        f"{st[layout.S_N_IN]} still in</text>",
        '<text x="8" y="44">flood cards on offer</text>',
    ]
    for k, (value, who) in enumerate(((lo, "highest card takes"), (hi, "second highest takes"))):
        x = 8 + k * 170
        out.append(f'<rect x="{x}" y="52" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#1565c0" class="flood"/>')
        out.append(f'<text x="{x + CARD_W / 2}" y="86" text-anchor="middle" class="flood-n">{value}</text>')
        out.append(f'<text x="{x + CARD_W + 4}" y="84" class="small">{who}</text>')
    left = sum(int(st[layout.S_FLOOD_LEFT + value]) for value in range(1, layout.FLOOD_MAX + 1))
    out.append(f'<text x="8" y="128" class="small">{left} flood cards still face down</text>')
    out.append(f'<text x="8" y="{players_top - 4}" class="small">water level · life rings · score · cards</text>')
    for s in range(n):
        y = players_top + 30 * s
        top, rings, full = int(st[layout.S_TOP + s]), int(st[layout.S_RINGS + s]), int(st[layout.S_RINGS_FULL + s])
        still_in = bool(st[layout.S_IN + s])
        bold = ' font-weight="bold"' if s == seat else ""
        out.append(f'<text x="8" y="{y + 16}"{bold}>{s} {escape(players[s])}{"" if still_in else " (out)"}</text>')
        out.append(f'<rect x="130" y="{y + 4}" width="{top * 6}" height="14" fill="#29b6f6" class="water"/>')
        out.append(f'<text x="{134 + top * 6}" y="{y + 16}" class="small">{top or "-"}</text>')
        for r in range(full):
            fill = "#ef6c00" if r < rings else "none"
            out.append(f'<circle cx="{226 + 14 * r}" cy="{y + 11}" r="5" stroke="#ef6c00" stroke-width="2" fill="{fill}"/>')
        out.append(f'<text x="{300}" y="{y + 16}">{st[layout.S_SCORE + s]}</text>')
        out.append(f'<text x="{330}" y="{y + 16}" class="small">{st[layout.S_HAND_N + s]}</text>')
    out.append(f'<text x="8" y="{hand_top - 8}"{""} class="head">your hand (seat {seat})</text>')
    for k, card in enumerate(cards):
        row, col = divmod(k, per_row)
        x, y = 8 + col * (CARD_W + 4), hand_top + row * (CARD_H + 4)
        halves = ring_halves(card, n_cards)
        out.append(
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fffde7" stroke="#8d6e63" class="card"/>'
        )
        out.append(f'<text x="{x + CARD_W / 2}" y="{y + 26}" text-anchor="middle" class="card-n">{card}</text>')
        if halves:
            ring = "○" if halves == 2 else "½"
            out.append(f'<text x="{x + CARD_W / 2}" y="{y + 46}" text-anchor="middle" class="small">{ring}</text>')
    out.append("</svg>")
    return "\n".join(out)


def moves(phase: int, seat: int, st: np.ndarray) -> list[tuple[str, int | None]]:
    """Every card in the hand may be played."""
    return [(str(card), card) for card in hand(st, seat)]
