"""`sim <game> rulebook`: the rules page of a rule set. Changed values are
marked and only they; every knob a study searches shows on the page; the
deltas of a design study's confirmation stand beside the line they belong
to; the rule holes are listed, most frequent first. No games are played here
(the study's evidence is a summary file)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sim import api
from sim.cli import app
from sim.design import knobs as K
from sim.design.rulebook import PLACEHOLDER, fill, rulebook_module, write
from sim.games.luft import design as luft_design


def run(args):
    return CliRunner().invoke(app, args)


def test_fill_marks_a_changed_value_struck_out_and_leaves_the_others_alone():
    text, changed = fill("Air {{air}}.\nDives {{dives}}.\n", {"air": "36", "dives": "3"}, {"air": "25", "dives": "3"})
    assert text == "Air ~~25~~ **36**.\nDives 3.\n" and changed == ["air"]


def test_fill_refuses_a_placeholder_the_words_do_not_fill():
    with pytest.raises(ValueError, match="nothing"):
        fill("{{nothing}}", {}, {})


@pytest.mark.parametrize("game", ["luft", "landunter"])
def test_every_placeholder_of_the_template_is_filled_and_names_a_rule(game):
    book = rulebook_module(game)
    spec = api.get_game(game)
    words = book.words(api.make_rules(spec, {}))
    placeholders = set(PLACEHOLDER.findall(book.TEMPLATE.read_text()))
    assert placeholders <= set(words)
    fields = set(spec.rules_cls().to_dict())
    for p in placeholders:
        assert set(book.SOURCES.get(p, (p,))) <= fields, p


LUFT_CHANGES = {
    "air": "36",
    "dives": "2",
    "stack_size": "1",
    "cards_per_level": "6",
    "turn_back_needs_treasure": "false",
    "sink_order": "farthest-first",
    "sink_within_diver": "reverse-pickup-order",
    "start_when_nobody_returned": "next",
    "swim": "d3",
    "stalemate_rounds": "2",
}


@pytest.mark.parametrize("key,value", LUFT_CHANGES.items())
def test_each_luft_rule_a_study_may_change_shows_as_a_marked_change(key, value):
    summary = write("luft", rules={key: value})
    assert summary["changed"], f"{key}={value} changes no sentence"
    assert "~~" in summary["markdown"] and "**" in summary["markdown"]


LAND_UNTER_OPTIONS = ["cascade_may_repeat_flipper", "tie_simultaneous", "end_before_cascade", "no_flood_counts_as_lowest"]


@pytest.mark.parametrize("key", LAND_UNTER_OPTIONS)
def test_each_land_unter_option_shows_as_a_marked_change(key):
    default = getattr(api.make_rules(api.get_game("landunter"), {}), key)
    summary = write("landunter", rules={key: str(not default).lower()})
    assert summary["changed"] == [key]


def test_the_defaults_change_nothing():
    assert write("luft")["changed"] == [] and "~~" not in write("luft")["markdown"]


def test_value_gap_is_printed_as_whole_values_and_the_deck_note_says_when_a_pack_is_too_small():
    knobs = K.printable({"value_gap": 5.986, "air": 36}, luft_design.PRINTABLE)
    assert knobs == {"value_gap": 6, "air": 36} and isinstance(knobs["value_gap"], int)
    rules = luft_design.rules_for(knobs)
    assert rules["values_l2"].startswith("6,6,7,7") and rules["values_l4"].startswith("18,18")
    page = write("luft", rules=rules)["markdown"]
    assert "~~12 12 13 13 14 14 15 15~~ **18 18 19 19 20 20 21 21**" in page
    assert "Values above 15" in page


def test_the_cli_writes_markdown_and_printable_html_with_the_changes_marked(tmp_path):
    result = run(["luft", "rulebook", "--rules", "air=36,dives=2", "--games", "0", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "rulebook.md").read_text()
    assert "The shared air starts at ~~25~~ **36**" in page and "A game has ~~3~~ **2** dives" in page
    html = (tmp_path / "rulebook.html").read_text()
    assert "<del>25</del> <strong>36</strong>" in html and html.startswith("<!doctype html>")
    assert json.loads((tmp_path / "summary.json").read_text())["changed"] == ["air", "dives"]


def test_a_bad_rule_is_one_line_and_exit_2():
    result = run(["luft", "rulebook", "--rules", "air=zero", "--games", "0"])
    assert result.exit_code == 2 and "air" in result.output and "Traceback" not in result.output


def fig(mean, half=0.01, n=1000):
    return {"mean": mean, "ci95": [max(mean - half, 0), mean + half], "n": n}


def study_dir(tmp_path, confirmed=True):
    metrics = lambda blocked, stalled: {  # noqa: E731
        "skill": fig(0.2),
        "seat_gap": fig(0.05),
        "hole_blocked": fig(blocked),
        "hole_stalled": fig(stalled),
    }
    diff = lambda m: {"mean": m, "ci": [m - 0.01, m + 0.01], "z": 2.4}  # noqa: E731
    rec = {
        "candidate": "trial 3" if confirmed else "rulebook defaults",
        "knobs": {"air": 36, "value_gap": 6} if confirmed else {},
        "confirmed": confirmed,
        "reason": "picked from 2 front members",
        "confirmation_seed": 99,
        "confirmation_games": 1000,
        "confirmation": [
            {"candidate": "rulebook defaults", "metrics": metrics(0.02, 0.001)},
            {"candidate": "trial 3", "metrics": metrics(0.10, 0.0)},
        ],
        "knob_gains": [
            {"candidate": "trial 3", "knobs": {"air": 36, "value_gap": 6}, "differences": {"maximize:skill": diff(0.05)}},
            {"candidate": "only air=36", "knobs": {"air": 36}, "differences": {"maximize:skill": diff(0.01)}},
            {"candidate": "only value_gap=6", "knobs": {"value_gap": 6}, "differences": {"maximize:skill": diff(0.04)}},
        ],
    }
    front = [{"candidate": "rulebook defaults", "knobs": {}, "feasible": True, "metrics": metrics(0.02, 0.001)}]
    summary = {"game": "luft", "config": {"players": [4], "rules": {}}, "front": front, "evaluation_games": 1000}
    summary["recommendation"] = rec
    (tmp_path / "summary.json").write_text(json.dumps(summary))
    return tmp_path


def test_a_studys_knob_deltas_stand_beside_their_line_and_the_holes_are_listed_most_frequent_first(tmp_path):
    summary = write("luft", source=study_dir(tmp_path))
    lines = summary["markdown"].splitlines()
    air = next(line for line in lines if "shared air starts" in line)
    assert "~~25~~ **36**" in air and "only air=36: skill +0.010 [+0.000, +0.020]" in air
    level2 = next(line for line in lines if line.strip().startswith("Level 2:"))
    assert "only value_gap=6: skill +0.040" in level2
    assert [h["hole"] for h in summary["holes"]] == ["hole_blocked", "hole_stalled"]
    assert "**hole_blocked**: 0.1000 [0.0900, 0.1100] (n=1,000); defaults 0.0200" in summary["markdown"]
    assert "1,000 fresh games of each kind (seed 99)" in summary["markdown"]


def test_a_study_that_keeps_the_defaults_prints_the_rulebook_unchanged_with_its_reason(tmp_path):
    summary = write("luft", source=study_dir(tmp_path, confirmed=False))
    assert summary["changed"] == [] and "picked from 2 front members" in summary["markdown"]


def test_rules_and_a_study_together_are_refused(tmp_path):
    with pytest.raises(ValueError, match="not both"):
        write("luft", source=study_dir(tmp_path), rules={"air": "20"})


def test_from_a_directory_without_a_study_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "summary.json").write_text("{}")
    result = run(["luft", "rulebook", "--from", str(tmp_path)])
    assert result.exit_code == 2 and "not a design study" in result.output


def test_a_study_older_than_its_confirmation_step_prints_the_rulebook_and_says_why(tmp_path):
    study_dir(tmp_path)
    summary = json.loads((tmp_path / "summary.json").read_text())
    del summary["recommendation"]
    summary["config"]["objectives"] = ["maximize:skill"]
    (tmp_path / "summary.json").write_text(json.dumps(summary))
    page = write("luft", source=tmp_path)
    assert page["changed"] == [] and "the study has no confirmation games" in page["markdown"]


def test_players_the_study_did_not_play_are_refused(tmp_path):
    with pytest.raises(ValueError, match="played \\[4\\]"):
        write("luft", source=study_dir(tmp_path), players=3)
