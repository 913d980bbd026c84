"""Competition mode at the tables (``play``, ``serve`` with ``--isolate``):
an honest bot plays the same game in its own process as in-process on the
same keyed seed; a bot that fails forfeits, the stand-in plays on, the log
and the end line say so, and a resumed game replays it exactly."""

import io
import json
import math

import pytest
from rich.console import Console
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.isolate.table import keyed, table_isolation
from sim.play import playlog, table
from sim.web.server import new_tables
from tests.trust.conftest import SECRET, bad, in_process, isolated


def _table_game(tmp_path, game, seats, rules_given=None, seed=7, timeout=5.0):
    start = table.start_line(game, rules_given or {}, len(seats), seed, seats, table_isolation(timeout, SECRET))
    path = tmp_path / f"{game}.jsonl"
    with playlog.Writer(path, [start]) as writer:
        end = table.play(start, writer, Console(file=io.StringIO(), width=120))
    return path, start, end


@pytest.mark.parametrize(
    "game, file, seats, rules_given",
    [
        ("luft", "luft_honest_twin.py", ["honest-luft-twin", "threshold:t=2", "honest-luft-twin"], {"dives": "1"}),
        ("landunter", "landunter_honest_twin.py", ["honest-lu-twin", "random", "high"], {}),
    ],
)
def test_an_honest_bot_plays_the_same_table_game_isolated_as_in_process(tmp_path, game, file, seats, rules_given):
    with isolated(file):
        _, start, end = _table_game(tmp_path, game, seats, rules_given)
    assert "forfeits" not in end and start["isolate"]["secret"] == SECRET
    in_process(file)
    spec = api.get_game(game)
    rules = api.make_rules(spec, rules_given, len(seats))
    ref = __import__(api.GAMES[game] + ".reference", fromlist=["play_game"])
    here = ref.play_game(rules, spec.registry.parse_seats(",".join(seats), rules.players), keyed(7, start["isolate"]), 0)
    assert end["score"] == list(here.score) and end["win60"] == list(here.win60)
    plain = ref.play_game(rules, spec.registry.parse_seats(",".join(seats), rules.players), 7, 0)
    assert list(plain.score) != end["score"]  # the key deals other cards: the comparison above is not vacuous


def test_a_bot_that_fails_at_the_table_forfeits_the_stand_in_plays_on_and_a_resume_replays_it(tmp_path):
    seats = ["bad-luft-always-raises", "threshold:t=2"]
    with isolated("luft_always_raises.py"):
        path, start, end = _table_game(tmp_path, "luft", seats, {"dives": "1"})
        log = playlog.read(path, "luft")
        marked = [d for d in log.decisions if d.get("forfeit")]
        assert len(marked) == 1 and marked[0]["seat"] == 0 and "raised" in marked[0]["forfeit"]
        assert any("forfeits" in e for e in marked[0]["events"])
        assert end["forfeits"] == [{"seat": 0, "bot": "bad-luft-always-raises", "reason": marked[0]["forfeit"]}]
        after = [d for d in log.decisions if d["seat"] == 0 and d["n"] > marked[0]["n"]]
        assert after, "the stand-in made no decision after the forfeit"
        half = log.decisions[: marked[0]["n"] + 2]
        resumed = tmp_path / "resumed.jsonl"
        with playlog.Writer(resumed, [log.start, *half]) as writer:
            again = table.play(log.start, writer, Console(file=io.StringIO()), replayed=half)
    assert again == end and resumed.read_text() == path.read_text()


def test_a_web_table_seats_an_isolated_bot_that_answers_after_the_person(tmp_path):
    with isolated("luft_honest_twin.py"):
        (session,) = new_tables("luft", "human,honest-luft-twin", {"dives": "1"}, 1, 3, tmp_path, isolate=2.0)
        try:
            assert session.start["isolate"]["decision_timeout"] == 2.0 and len(session.start["isolate"]["secret"]) == 32
            assert 1 in session.seating.isolated
            q = session.question
            action = session.seating.table.choices(q.phase, q.seat, q.st)[0].action
            session.act(None, q.n, action)
            assert any(d["seat"] == 1 for d in session.decisions)  # the isolated bot answered
            assert session.broken is None
        finally:
            session.stop()


@pytest.mark.parametrize(
    "args, needle",
    [
        (["play", "--humans", "none", "--isolate", "--hint", "threshold"], "with --isolate, drop the hints"),
        (["serve", "--isolate", "--hints", "--seats", "human,threshold"], "with --isolate, drop the hints"),
        (["play", "--humans", "none", "--isolate", "--decision-timeout", "0", "--bots", "threshold"], "0"),
    ],
)
def test_bad_isolated_table_input_is_one_line_exit_2(tmp_path, args, needle):
    r = CliRunner().invoke(app, ["luft", *args, "--out", str(tmp_path), "--bot-file", str(bad("luft_honest_twin.py"))])
    assert r.exit_code == 2, r.output
    assert needle in r.output and "Traceback" not in r.output


def test_a_logged_game_resumes_only_in_the_mode_it_was_played_in(tmp_path):
    start = table.start_line("luft", {}, 2, 1, ["threshold:t=2", "threshold:t=2"], table_isolation(1.0, SECRET))
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(start) + "\n")
    r = CliRunner().invoke(app, ["luft", "play", "--resume", str(path)])
    assert r.exit_code == 2 and "resume it with --isolate" in r.output
    assert math.isclose(start["isolate"]["decision_timeout"], 1.0)


def test_a_file_loaded_in_process_first_plays_isolated_afterwards_but_a_clash_is_refused(tmp_path):
    from sim.isolate.bots import isolated_bot, load_bot_files
    from sim.registry import BotError, load_bot_file

    path = bad("luft_honest_twin.py")
    load_bot_file(path)
    (bot,) = load_bot_files([path])
    assert isolated_bot(bot) == ("luft", str(path.resolve()), "honest-luft-twin")
    clash = tmp_path / "clash.py"
    clash.write_text(path.read_text().replace('register("honest-luft-twin")', 'register("threshold")'))
    with pytest.raises(BotError, match="registered twice|already registered"):
        load_bot_files([clash])
