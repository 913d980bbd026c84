"""Hints at the table: rollouts from the real position (Geteilte Luft) or from
the seat's own view (Land unter), hidden cards drawn anew, and asking never
changes the game."""

import io
import json
import re

import numpy as np
from rich.console import Console

from sim import api
from sim.games.landunter import reference
from sim.games.luft.hint import rollout_wins
from sim.play import playlog, table
from strategies.landunter import LANDUNTER_BOTS
from strategies.luft import LUFT_BOTS

KEY = re.compile(r"choose: \[(\w)\]")


def play_with_keys(tmp_path, name, hint_at: int | None, start=None, hint_bot="threshold:t=2"):
    """A game (by default one dive of Geteilte Luft) where the person always
    takes the first choice (and presses h once at prompt ``hint_at``);
    returns the log text and screen."""
    console = Console(file=io.StringIO(), width=400, color_system=None)
    prompts = [0]

    def keys():
        prompts[0] += 1
        if prompts[0] == hint_at:
            return "h"
        return KEY.findall(console.file.getvalue())[-1]

    start = start or table.start_line("luft", {"dives": "1"}, 3, 4, ["human", "threshold:t=2", "threshold:t=1"])
    path = tmp_path / f"{name}.jsonl"
    with playlog.Writer(path, [start]) as writer:
        table.play(start, writer, console, keys, hint_bot=hint_bot, hint_rollouts=4)
    return path.read_text(), console.file.getvalue()


def test_asking_for_a_hint_does_not_change_the_game(tmp_path):
    plain, _ = play_with_keys(tmp_path, "plain", None)
    hinted, screen = play_with_keys(tmp_path, "hinted", 2)
    assert hinted == plain
    assert "hint: threshold:t=2 would choose" in screen and "4 rollouts each" in screen


def position(tmp_path, j: int):
    """Decision j of a bots game, as if seat 0 were a person: (history, seats, view, choices)."""
    start = table.start_line("luft", {"dives": "1"}, 3, 4, ["threshold:t=2", "threshold:t=2", "threshold:t=1"])
    path = tmp_path / "g.jsonl"
    with playlog.Writer(path, [start]) as writer:
        table.play(start, writer, Console(file=io.StringIO()))
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
    wins = rollout_wins(rules, seats, 4, history, 0, view, choices, LUFT_BOTS.parse("threshold:t=2"), 8)
    assert [len(w) for w in wins] == [8] * len(choices)
    assert all(share in (0, 1 / 3, 1 / 2, 1) for w in wins for share in w)


# ---------------------------------------------------------------- Land unter


def land_unter_start(seed=7):
    return table.start_line("landunter", {}, 3, seed, ["dodge", "human", "counter"])


def test_asking_for_a_land_unter_hint_does_not_change_the_game(tmp_path):
    plain, _ = play_with_keys(tmp_path, "plain", None, land_unter_start(), "dodge")
    hinted, screen = play_with_keys(tmp_path, "hinted", 3, land_unter_start(), "dodge")
    assert hinted == plain
    assert "hint: dodge would choose" in screen and "4 rollouts each" in screen


HINT = re.compile(r"hint: .*")


def redeal_hidden_cards(monkeypatch):
    """Deal as usual, then give seats 0 and 2 other cards with the same ring
    counts (public): seat 1 sees the same table, the hidden cards all change."""
    deal = reference.deal_hands

    def redealt(rules, stream):
        hands = deal(rules, stream)
        rest = [c for c in range(1, rules.n_cards + 1) if c not in hands[1]]
        draw = np.random.default_rng(1)
        while True:
            cards = [int(c) for c in draw.permutation(rest)]
            new = [sorted(cards[:12]), hands[1], sorted(cards[12:24])]
            if [reference.ring_count(h) for h in new] == [reference.ring_count(h) for h in hands]:
                return new

    monkeypatch.setattr(reference, "deal_hands", redealt)


def test_a_land_unter_hint_never_uses_hidden_information(tmp_path, monkeypatch):
    real_log, real_screen = play_with_keys(tmp_path, "real", 1, land_unter_start(), "dodge")
    redeal_hidden_cards(monkeypatch)
    other_log, other_screen = play_with_keys(tmp_path, "other", 1, land_unter_start(), "dodge")
    real, other = ([json.loads(line) for line in log.splitlines()[1:3]] for log in (real_log, other_log))
    assert real[1]["view"] == other[1]["view"]  # seat 1 sees the same position ...
    assert real[0]["action"] != other[0]["action"]  # ... though seat 0 played another card
    assert HINT.findall(real_screen)[0] == HINT.findall(other_screen)[0]


def land_unter_decisions(tmp_path, specs, seed, rules_given=None):
    start = table.start_line("landunter", rules_given or {}, len(specs), seed, specs)
    with playlog.Writer(tmp_path / "g.jsonl", [start]) as writer:
        end = table.play(start, writer, Console(file=io.StringIO()))
    return playlog.read(tmp_path / "g.jsonl", "landunter").decisions, end


def test_land_unter_win_chances_are_probabilities_with_cis(tmp_path):
    decisions, _ = land_unter_decisions(tmp_path, ["dodge", "dodge", "dodge"], 3)
    rec = decisions[4]
    st = np.array(rec["view"], dtype=np.int64)
    rules = api.make_rules(api.get_game("landunter"), {}, 3)
    seats = [LANDUNTER_BOTS.parse("dodge")] * 3
    seats[rec["seat"]] = table.human_seat()
    tab = table.table_of("landunter")
    wins = tab.rollouts(rules, seats, 3, [], rec["seat"], st, tab.choices(0, rec["seat"], st), LANDUNTER_BOTS.parse("dodge"), 6)
    assert [len(w) for w in wins] == [6] * len(tab.choices(0, rec["seat"], st))
    assert all(share in (0, 1 / 3, 1 / 2, 1) for w in wins for share in w)
    text = table.hint_text(tab, rules, seats, 3, [], rec["seat"], 0, st, rec["u"], LANDUNTER_BOTS.parse("dodge"), 6)
    shown = re.findall(r"(\d+) (\d\.\d\d) \[(\d\.\d\d), (\d\.\d\d)\]", text)
    assert [int(card) for card, *_ in shown] == [c.action for c in tab.choices(0, rec["seat"], st)]
    assert all(0 <= float(lo) <= float(mean) <= float(hi) <= 1 for _, mean, lo, hi in shown)
