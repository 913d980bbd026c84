"""Playing the web table through clicks, as a person would."""

from __future__ import annotations

import re

import numpy as np

from sim.games.landunter import layout

MAX_CLICKS = 400


def move_buttons(page):
    return page.locator("form.moves button:enabled")


def click_and_wait(page, locator):
    with page.expect_navigation():
        locator.click()


def drawn_cards(page) -> list[int]:
    """The hand drawn on the page (Land unter): the numbers on the card pictures."""
    return sorted(int(t) for t in page.locator("svg text.card-n").all_text_contents())


def hand_of(view: list[int], seat: int) -> list[int]:
    from sim.games.landunter.play import hand

    return hand(np.array(view, dtype=np.int64), seat)


def other_hands_hidden(view: list[int], seat: int) -> bool:
    """A Land unter view holds no hand but ``seat``'s (every other hand mask is 0)."""
    n = view[layout.S_PLAYERS]
    return all(view[layout.S_HAND_LO + s] == 0 and view[layout.S_HAND_HI + s] == 0 for s in range(n) if s != seat)


def drawn_at(page, version: int):
    """Wait until the page shows the table at ``version`` (its script reloads it when the table changed)."""
    page.locator(f"body[data-version='{version}']").wait_for(state="attached", timeout=20_000)


def decision_number(page) -> int | None:
    field = page.locator("form.moves input[name=n]")
    return int(field.get_attribute("value")) if field.count() else None


def play_out(page, on_turn=None) -> int:
    """Click the first legal move at every decision (passing the device when
    asked) until the game is over; returns the moves made."""
    moves = 0
    for _ in range(MAX_CLICKS):
        if page.locator("p.over").count():
            return moves
        reveal = page.locator("button.reveal")
        if reveal.count():
            assert not page.locator("svg text.card-n").count(), "a hand is drawn behind the pass-the-device screen"
            click_and_wait(page, reveal)
            continue
        if on_turn is not None:
            on_turn(page)
        click_and_wait(page, move_buttons(page).first)
        moves += 1
    raise AssertionError(f"no game over after {MAX_CLICKS} clicks")


def score_shown(page) -> list[int]:
    text = page.locator("p.over").inner_text()
    return [int(x) for x in re.findall(r"\) (-?\d+)", text)]
