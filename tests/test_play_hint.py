"""Hints at the Geteilte Luft table: rollouts from the real position, hidden
cards drawn anew, and asking never changes the game."""
import io
import re

import numpy as np
import pytest
from rich.console import Console

from sim import api
from sim.games.luft.hint import forget_hidden, rollout_wins
from sim.games.luft.reference import Game
from sim.games.luft.rules import Rules
from sim.play import playlog, table
from strategies.luft import LUFT_BOTS

KEY = re.compile(r"choose: \[(\w)\]")


def play_with_keys(tmp_path, name, hint_at: int | None):
    """A one-dive game, seat 0 a person who always takes the first choice
    (and presses h once at prompt ``hint_at``); returns the log text and screen."""
    console = Console(file=io.StringIO(), width=400, color_system=None)
    prompts = [0]

    def keys():
        prompts[0] += 1
        if prompts[0] == hint_at:
            return "h"
        return KEY.findall(console.file.getvalue())[-1]

    start = table.start_line("luft", {"dives": "1"}, 3, 4, ["human", "threshold:t=2", "threshold:t=1"])
    path = tmp_path / f"{name}.jsonl"
    writer = playlog.Writer(path, [start])
    table.play(start, writer, console, keys, hint_bot="threshold:t=2", hint_rollouts=4)
    writer.close()
    return path.read_text(), console.file.getvalue()


def test_asking_for_a_hint_does_not_change_the_game(tmp_path):
    plain, _ = play_with_keys(tmp_path, "plain", None)
    hinted, screen = play_with_keys(tmp_path, "hinted", 2)
    assert hinted == plain
    assert "hint: threshold:t=2 would choose" in screen and "4 rollouts each" in screen


def test_rollouts_keep_the_hidden_cards_but_draw_their_order_anew():
    game = Game(Rules(swim="deck-no-reshuffle"), LUFT_BOTS.parse_seats("threshold", 4), 7, 0)
    game.draw_swim(), game.draw_swim()
    decks, swim = [list(d) for d in game.value_decks], list(game.swim_deck)
    forget_hidden(game)
    assert [sorted(d) for d in game.value_decks] == [sorted(d) for d in decks]
    assert sorted(game.swim_deck) == sorted(swim)
    assert game.value_decks != decks or game.swim_deck != swim


def position(tmp_path, j: int):
    """Decision j of a bots game, as if seat 0 were a person: (history, seats, view, choices)."""
    start = table.start_line("luft", {"dives": "1"}, 3, 4, ["threshold:t=2", "threshold:t=2", "threshold:t=1"])
    path = tmp_path / "g.jsonl"
    writer = playlog.Writer(path, [start])
    table.play(start, writer, Console(file=io.StringIO()))
    writer.close()
    decisions = playlog.read(path, "luft").decisions
    j = next(i for i in range(j, len(decisions)) if decisions[i]["seat"] == 0)
    rec = decisions[j]
    view = np.array(rec["view"], dtype=np.int64)
    seats = [table.human_seat()] + [LUFT_BOTS.parse(s) for s in start["seats"][1:]]
    choices = table.table_of("luft").choices(rec["phase"], 0, view)
    return [d["action"] for d in decisions[:j]], seats, view, choices


def test_a_hint_gives_each_choice_a_win_chance_from_the_position(tmp_path):
    history, seats, view, choices = position(tmp_path, 3)
    rules = api.make_rules(api.get_game("luft"), {"dives": "1"}, 3)
    wins = rollout_wins(table.table_of("luft"), rules, seats, 4, history, 0, view, choices,
                        LUFT_BOTS.parse("threshold:t=2"), 8)
    assert [len(w) for w in wins] == [8] * len(choices)
    assert all(share in (0, 1 / 3, 1 / 2, 1) for w in wins for share in w)


def test_a_hint_refuses_a_history_that_does_not_reach_the_position(tmp_path):
    history, seats, view, choices = position(tmp_path, 3)
    rules = api.make_rules(api.get_game("luft"), {"dives": "1"}, 3)
    with pytest.raises(RuntimeError, match="did not reach the position"):
        rollout_wins(table.table_of("luft"), rules, seats, 4, history[:-1], 0, view, choices,
                     LUFT_BOTS.parse("threshold:t=2"), 2)


def test_land_unter_has_no_hints_yet_and_says_so(tmp_path):
    start = table.start_line("landunter", {}, 3, 1, ["human", "dodge", "dodge"])
    writer = playlog.Writer(tmp_path / "l.jsonl", [start])
    with pytest.raises(ValueError, match="Land unter has no hints yet"):
        table.play(start, writer, Console(file=io.StringIO()), hint_bot="dodge")
