"""Whole games of both games played through clicks in a real headless
Chromium: with bots, hot-seat on one screen, and on two devices; each seat
sees only its own hand; refresh and a server restart resume the game."""

from __future__ import annotations

import io

import httpx
import pytest
from rich.console import Console

from sim.play import playlog
from sim.play.review import replay
from sim.web.app import Config
from sim.web.server import new_tables, resumed_tables
from tests.web.helpers import (
    click_and_wait,
    decision_number,
    drawn_at,
    drawn_cards,
    hand_of,
    move_buttons,
    other_hands_hidden,
    play_out,
    score_shown,
)

pytestmark = pytest.mark.slow  # whole games in a real browser


def test_a_luft_game_against_bots_played_by_clicks_is_logged_for_replay(browser, serve, out_dir):
    [table] = new_tables("luft", "human,threshold,threshold", {}, 1, 11, out_dir)
    served = serve([table])
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone
    page.goto(served.url(table.tokens["seats"]["0"]))
    assert page.locator("svg.picture circle.diver").count() >= 3  # the divers are drawn
    disabled = page.locator("form.moves button:disabled")  # turning back is not allowed before the first treasure
    assert disabled.count() >= 1
    moves = play_out(page)
    log = playlog.read(table.path, "luft")
    assert log.end is not None
    assert moves == sum(1 for d in log.decisions if d["player"] == "human")
    assert score_shown(page) == log.end["score"]
    out = io.StringIO()
    replay(log, Console(file=out, width=120), step=False)  # `sim luft replay` reads the browser's log
    assert "Game over" in out.getvalue()
    page.close()


def test_land_unter_hot_seat_hides_each_hand_until_its_seat_confirms(browser, serve, out_dir):
    [table] = new_tables("landunter", "human,human,dodge", {}, 1, 5, out_dir)
    served = serve([table])
    page = browser.new_page()
    page.goto(served.url(table.tokens["host"]))
    seen = []

    def on_turn(page):
        seat = table.question.seat
        assert drawn_cards(page) == sorted(int(b) for b in move_buttons(page).all_inner_texts())
        assert drawn_cards(page) == hand_of(table.state(seat)["view"], seat)
        seen.append(seat)

    play_out(page, on_turn)
    assert set(seen) == {0, 1}
    assert playlog.read(table.path, "landunter").end is not None
    page.close()


def test_two_devices_see_only_their_own_hands_and_refresh_resumes(browser, serve, out_dir):
    [table] = new_tables("landunter", "human,human,low", {}, 1, 8, out_dir)
    served = serve([table])
    pages = {}
    for seat in (0, 1):
        pages[seat] = browser.new_context().new_page()  # separate cookies, storage: two devices
        pages[seat].goto(served.url(table.tokens["seats"][str(seat)]))
    deal_lines = [e for e in table.events if e.startswith("  hand ")]
    assert not deal_lines  # the lines listing every hand never reach a page
    for step in range(80):
        if table.end is not None:
            break
        seat, version = table.question.seat, table.version
        other = 1 - seat
        page = pages[seat]
        drawn_at(page, version)  # its page noticed the other seat's move by itself
        if step < 4:  # the first decisions in detail; then play on
            n = decision_number(page)
            page.reload()  # refresh: the same decision, the same hand
            assert decision_number(page) == n
            state = httpx.get(served.url(table.tokens["seats"][str(seat)], "/api/state")).json()
            assert other_hands_hidden(state["view"], seat)
            assert drawn_cards(page) == hand_of(state["view"], seat)
            drawn_at(pages[other], version)
            assert not move_buttons(pages[other]).count()  # not its turn: every move disabled
            assert "Your turn" not in pages[other].content()
            other_view = httpx.get(served.url(table.tokens["seats"][str(other)], "/api/state")).json().get("view")
            if other_view is not None:
                assert other_hands_hidden(other_view, other)
                assert not set(drawn_cards(pages[other])) & set(hand_of(state["view"], seat))
        click_and_wait(page, move_buttons(page).first)
    else:
        raise AssertionError("the game did not end")
    assert table.end is not None


def test_a_restarted_server_resumes_the_table_from_its_log(browser, serve, out_dir):
    [table] = new_tables("luft", "human,threshold", {}, 1, 4, out_dir)
    first = serve([table])
    page = browser.new_page()
    seat_link = table.tokens["seats"]["0"]
    page.goto(first.url(seat_link))
    for _ in range(3):
        click_and_wait(page, move_buttons(page).first)
    n = decision_number(page)
    first.stop()
    assert not table.stop()  # the log closed, marked not complete
    [again] = resumed_tables("luft", [out_dir])
    second = serve([again])
    page.goto(second.url(seat_link))  # the same link, a new server
    assert decision_number(page) == n
    play_out(page)
    assert playlog.read(again.path, "luft").end is not None


def test_hints_then_replay_and_review_of_the_finished_game_in_the_browser(browser, serve, out_dir):
    [table] = new_tables("landunter", "human,low,low", {}, 1, 6, out_dir)
    served = serve([table], Config(hints=True, hint_bot="dodge", hint_rollouts=2, review_rollouts=2))
    page = browser.new_page()
    page.goto(served.url(table.tokens["seats"]["0"]))
    click_and_wait(page, page.locator("button.hint"))
    hint = page.locator("section.hint-text")
    assert "dodge would choose" in hint.inner_text()
    assert hint.locator("li").count() == move_buttons(page).count()  # a win chance for every legal card
    play_out(page)
    page.click("text=replay")
    assert "Decision 1 of" in page.inner_text("main")
    click_and_wait(page, page.locator("text=price this decision"))
    assert "rollouts each, 95% CI" in page.inner_text("main")
    page.goto(served.url(table.tokens["seats"]["0"], "/review"))
    text = page.inner_text("main")
    assert "The people vs dodge".lower() in text.lower() and "Wilson CI" in text
