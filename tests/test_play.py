"""The play table in-process: its games are the reference games of their seed,
the log (cut short, resumed, tampered with), review, keys and seat lists."""

import importlib
import io
import json

import numpy as np
import pytest
from rich.console import Console
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.play import playlog, table
from sim.play.keys import HELP_KEY, HINT_KEY, QUIT_KEY, Choice, choose
from sim.play.review import review

GAMES = [("luft", "threshold:t=2", None, 3), ("landunter", "dodge,random,high", 3, 5), ("pig", "hold:n=20,optimal", 2, 4)]


def quiet() -> Console:
    return Console(file=io.StringIO(), width=120)


def bots_game(tmp_path, game, specs, players, seed, rules_given=None):
    """A game with bots only, played at the table; returns the log's path and end line."""
    spec = api.get_game(game)
    n = api.make_rules(spec, rules_given or {}, players).players
    seats = spec.registry.parse_specs(specs)
    start = table.start_line(game, rules_given or {}, players, seed, (seats * n)[:n])
    path = tmp_path / f"{game}.jsonl"
    with playlog.Writer(path, [start]) as writer:
        end = table.play(start, writer, quiet())
    return path, end


@pytest.mark.parametrize("game, specs, players, seed", GAMES)
def test_a_game_at_the_table_is_the_reference_game_of_its_seed(tmp_path, game, specs, players, seed):
    _, end = bots_game(tmp_path, game, specs, players, seed)
    spec = api.get_game(game)
    rules = api.make_rules(spec, {}, players)
    seats = spec.registry.parse_seats(specs, rules.players)
    record = importlib.import_module(api.GAMES[game] + ".reference").play_game(rules, seats, seed, 0)
    assert end["score"] == list(record.score) and end["win60"] == list(record.win60)


@pytest.mark.parametrize("game, specs, players, seed", GAMES)
def test_the_table_offers_legal_choices_only_and_every_logged_move_is_one(tmp_path, game, specs, players, seed):
    path, _ = bots_game(tmp_path, game, specs, players, seed)
    tab = table.table_of(game)
    for rec in playlog.read(path, game).decisions:
        st = np.array(rec["view"], dtype=np.int64)
        choices = tab.choices(rec["phase"], rec["seat"], st)
        assert len({c.key for c in choices}) == len(choices)
        assert not {HELP_KEY, QUIT_KEY, HINT_KEY} & {c.key for c in choices}
        assert rec["action"] in [c.action for c in choices]
        for c in choices:
            if game == "luft":
                from sim.games.luft.layout import is_legal

                assert is_legal(rec["phase"], st, rec["seat"], c.action)
            elif game == "landunter":
                from sim.games.landunter.layout import hand_has

                assert hand_has(st, rec["seat"], c.action)
            else:  # pig: roll or hold, asked only with a turn total of 2 or more
                from sim.games.pig import layout as pig_layout

                assert c.action in (pig_layout.ROLL, pig_layout.HOLD) and st[pig_layout.S_TURN_TOTAL] >= 2


def test_a_log_line_cut_short_by_a_crash_is_dropped(tmp_path):
    path, _ = bots_game(tmp_path, "luft", "threshold:t=2", None, 3, {"dives": "1"})
    full = playlog.read(path, "luft")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-2]) + "\n" + lines[-2][:40])  # end gone, last decision cut
    cut = playlog.read(path, "luft")
    assert cut.end is None and cut.decisions == full.decisions[:-1]


def test_resume_replays_the_log_then_finishes_the_same_game(tmp_path):
    path, _ = bots_game(tmp_path, "luft", "threshold:t=2", None, 3, {"dives": "1"})
    full = path.read_text()
    log = playlog.read(path, "luft")
    half = log.decisions[: len(log.decisions) // 2]
    resumed = tmp_path / "resumed.jsonl"
    with playlog.Writer(resumed, [log.start, *half]) as writer:
        table.play(log.start, writer, quiet(), replayed=half)
    assert resumed.read_text() == full


def test_resume_refuses_a_log_that_does_not_match_the_game(tmp_path):
    path, _ = bots_game(tmp_path, "luft", "threshold:t=2", None, 3, {"dives": "1"})
    log = playlog.read(path, "luft")
    log.decisions[1]["view"][0] += 1  # the air in the second decision's view
    with (
        playlog.Writer(tmp_path / "r.jsonl", [log.start]) as writer,
        pytest.raises(ValueError, match="does not match the game at decision 2"),
    ):
        table.play(log.start, writer, quiet(), replayed=log.decisions)


def as_person(path, seat: int):
    """The log as if a person had sat at ``seat`` (and chosen what its bot chose)."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[0]["seats"][seat] = table.HUMAN
    for rec in lines:
        if rec["type"] == "decision" and rec["seat"] == seat:
            rec["player"] = table.HUMAN
    path.write_text("".join(json.dumps(rec) + "\n" for rec in lines))
    return path


def test_review_of_a_bot_against_itself_agrees_everywhere(tmp_path):
    path, _ = bots_game(tmp_path, "landunter", "high,dodge,dodge", 3, 5)
    summary = review([playlog.read(as_person(path, 0), "landunter")], "high")
    assert summary["decisions"] > 0 and summary["agreed"] == summary["decisions"]
    assert summary["agreement"]["mean"] == 1.0 and summary["disagreements"] == []


def test_review_lists_each_disagreement_with_both_choices(tmp_path):
    path, _ = bots_game(tmp_path, "landunter", "high,dodge,dodge", 3, 5)
    summary = review([playlog.read(as_person(path, 0), "landunter")], "low")
    assert summary["agreed"] + len(summary["disagreements"]) == summary["decisions"]
    assert summary["disagreements"]
    for d in summary["disagreements"]:
        assert int(d["person"]) > int(d["bot"])  # high played above what low would
        assert d["situation"].startswith("Seat 0, deal")
    lo, hi = summary["agreement"]["ci95"]
    assert lo <= summary["agreement"]["mean"] <= hi


def test_review_json_on_the_command_line(tmp_path):
    path, _ = bots_game(tmp_path, "landunter", "high,dodge,dodge", 3, 5)
    r = CliRunner().invoke(app, ["landunter", "review", str(as_person(path, 0)), "--bot", "low", "--json", "--rollouts", "2"])
    assert r.exit_code == 0, r.output
    assert set(json.loads(r.stdout)) == {
        "bot",
        "logs",
        "decisions",
        "agreed",
        "agreement",
        "kinds",
        "cost_rollouts",
        "disagreements",
    }
    assert all(set(d["cost"]) >= {"mean", "ci95"} for d in json.loads(r.stdout)["disagreements"])


@pytest.mark.parametrize(
    "game, specs, seed, rules_given, bot",
    [("luft", "threshold:t=1", 4, {"dives": "1"}, "threshold:t=3"), ("landunter", "high,dodge,dodge", 5, {}, "low")],
)
def test_review_prices_each_disagreement_by_paired_rollouts(tmp_path, game, specs, seed, rules_given, bot):
    path, _ = bots_game(tmp_path, game, specs, 3, seed, rules_given)
    log = playlog.read(as_person(path, 0), game)
    summary = review([log], bot, rollouts=6)
    assert summary["disagreements"] and summary["cost_rollouts"] == 6
    for d in summary["disagreements"]:
        lo, hi = d["cost"]["ci95"]
        assert -1 <= lo <= d["cost"]["mean"] <= hi <= 1
    assert all("cost" not in d for d in review([log], bot)["disagreements"])


def test_choose_returns_only_a_legal_choice_and_names_a_wrong_key():
    console = quiet()
    keys = iter(["x", "?", " ", "b"])
    action = choose(
        console,
        lambda: console.print("table"),
        "Seat 0",
        [Choice("a", 10, "ten"), Choice("b", 20, "twenty")],
        "the rules",
        keys.__next__,
    )
    assert action == 20
    assert "'x' is not a choice here; press one of a, b" in console.file.getvalue()
    assert "the rules" in console.file.getvalue()


def test_seat_list_puts_people_and_bots_in_seat_order():
    assert table.seat_list([0, 2], "a,b", 4) == ["human", "a", "human", "b"]
    assert table.seat_list([1], "a", 3) == ["a", "human", "a"]


@pytest.mark.parametrize(
    "humans, bots, needle",
    [
        ([4], "a", "distinct seats in 0..3"),
        ([1, 1], "a", "distinct seats"),
        ([0], "a,b", "got 2 specs for 3 bot seats"),
    ],
)
def test_seat_list_rejects_bad_seats(humans, bots, needle):
    with pytest.raises(ValueError, match=needle):
        table.seat_list(humans, bots, 4)


@pytest.mark.parametrize(
    "args, needle",
    [
        (["luft", "play", "--seed", "1", "--bots", "threshold"], "needs a terminal"),
        (["luft", "play", "--humans", "0,x"], "--humans '0,x' must be seat numbers"),
        (["luft", "play", "--humans", "none", "--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["landunter", "play", "--resume", "nofile.jsonl"], "does not exist"),
        (["luft", "replay", "nofile.jsonl"], "does not exist"),
    ],
)
def test_bad_play_input_is_one_line_exit_2(tmp_path, args, needle):
    r = CliRunner().invoke(app, args + (["--out", str(tmp_path)] if args[1] == "play" else []))
    assert r.exit_code == 2, r.output
    assert needle in r.output and "Traceback" not in r.output


def test_a_log_of_the_other_game_is_refused(tmp_path):
    path, _ = bots_game(tmp_path, "luft", "threshold:t=2", None, 3, {"dives": "1"})
    with pytest.raises(ValueError, match="is a game of 'luft', not 'landunter'"):
        playlog.read(path, "landunter")


def screen_text(tmp_path, game, rules_given, seed, seat):
    """The first screen ``seat`` sees in a 3-player bots game, as plain text, and the view behind it."""
    path, _ = bots_game(tmp_path, game, {"luft": "threshold:t=2", "landunter": "dodge"}[game], 3, seed, rules_given)
    rec = next(r for r in playlog.read(path, game).decisions if r["seat"] == seat)
    st = np.array(rec["view"], dtype=np.int64)
    rules = api.make_rules(api.get_game(game), rules_given, 3)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(table.table_of(game).screen(rules, rec["phase"], seat, st, ["human", "a", "b"]))
    return console.file.getvalue(), st


def test_a_land_unter_seat_sees_its_own_hand_and_no_other(tmp_path):
    from sim.games.landunter.play import hand

    text, st = screen_text(tmp_path, "landunter", {}, 5, 1)
    line = next(row for row in text.splitlines() if row.startswith("your hand"))
    shown = [int(tok.rstrip("½○")) for tok in line.split(":", 1)[1].split()]
    assert shown == hand(st, 1)
    assert not (set(hand(st, 0)) | set(hand(st, 2))) & set(shown)


def test_the_no_reshuffle_swim_deck_shows_the_cards_left(tmp_path):
    from sim.games.luft import layout as luft_layout

    text, st = screen_text(tmp_path, "luft", {"swim": "deck-no-reshuffle"}, 3, 0)
    left = st[luft_layout.SWIM_LEFT : luft_layout.SWIM_LEFT + 5]
    assert sum(left) < 9  # some swim cards were drawn already
    assert (
        "swim deck (no reshuffle), cards left: " + "  ".join(f"{value}×{count}" for value, count in zip(range(2, 7), left))
        in text
    )


@pytest.mark.parametrize("game, spec", [("luft", "threshold:t=2"), ("landunter", "dodge")])
def test_a_bot_at_the_table_cannot_rewrite_its_own_parameters(game, spec):
    """The table hands a bot its seat's vector itself: it must be frozen."""
    seat = api.get_game(game).registry.parse(spec)
    with pytest.raises(ValueError, match="read-only"):
        seat.params[0] = 99.0
