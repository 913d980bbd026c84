"""The Rules dataclass: defaults are the rules file, every [D] option is a
named field, CLI strings parse, bad values fail in one clear line."""

import dataclasses

import numpy as np
import pytest

from sim.games.landunter import layout
from sim.games.landunter.rules import Rules, RulesError


def test_defaults_are_the_rules_file():
    r = Rules()
    assert Rules.VERSION == 1 and r.VERSION == 1
    assert r.players == 4 and r.n_cards == 60 and r.deals == 4
    assert r.cascade_may_repeat_flipper is True  # [D1]
    assert r.tie_simultaneous is True  # [D2]
    assert r.end_before_cascade is True  # [D3]
    assert r.no_flood_counts_as_lowest is False  # [D6]
    assert r.two_player_deal_played_out is True  # [D] 2-player tests
    assert r.allow_six is False and r.allow_two is False
    assert "VERSION" not in {f.name for f in dataclasses.fields(Rules)}


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().players = 5


def test_player_counts():
    for n in (3, 4, 5):
        assert Rules(players=n).players == n
    assert Rules(players=6, allow_six=True).n_cards == 72
    assert Rules(players=2, allow_two=True).n_cards == 60


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"players": 6}, ["players=6", "allow_six=true", "3..5"]),
        ({"players": 2}, ["players=2", "allow_two=true", "3..5"]),
        ({"players": 7, "allow_six": True}, ["players=7", "3..5"]),
        ({"players": 1}, ["players=1", "3..5"]),
        ({"players": "4"}, ["players='4'", "3..5"]),
        ({"tie_simultaneous": "yes"}, ["tie_simultaneous='yes'", "true or false"]),
    ],
)
def test_bad_values_name_field_value_and_choices(kwargs, words):
    with pytest.raises(RulesError) as e:
        Rules(**kwargs)
    msg = str(e.value)
    assert isinstance(e.value, ValueError) and "\n" not in msg
    for w in words:
        assert w in msg, (w, msg)


def test_from_strings_parses_cli_values():
    r = Rules.from_strings(
        {
            "players": "5",
            "cascade_may_repeat_flipper": "false",
            "tie_simultaneous": "0",
            "end_before_cascade": "off",
            "no_flood_counts_as_lowest": "On",
            "two_player_deal_played_out": "1",
        }
    )
    assert r == Rules(
        players=5,
        cascade_may_repeat_flipper=False,
        tie_simultaneous=False,
        end_before_cascade=False,
        no_flood_counts_as_lowest=True,
        two_player_deal_played_out=True,
    )
    assert Rules.from_strings({"players": "6", "allow_six": "true"}).players == 6
    assert Rules.from_strings({}, players=3).players == 3


@pytest.mark.parametrize(
    "items, words",
    [
        ({"player": "4"}, ["unknown rule 'player'", "players", "tie_simultaneous"]),
        ({"tie_simultaneous": "maybe"}, ["tie_simultaneous='maybe'", "true, false, 1, 0, on, off"]),
        ({"players": "four"}, ["players='four'", "whole number", "3..5"]),
        ({"players": "6"}, ["players=6", "allow_six=true"]),
    ],
)
def test_from_strings_errors_are_one_line(items, words):
    with pytest.raises(RulesError) as e:
        Rules.from_strings(items)
    msg = str(e.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg, (w, msg)


def test_to_array_is_a_small_int64_vector():
    arr = Rules(players=6, allow_six=True, tie_simultaneous=False, no_flood_counts_as_lowest=True).to_array()
    assert arr.dtype == np.int64 and arr.shape == (layout.R_SIZE,)
    assert arr[layout.R_VERSION] == 1 and arr[layout.R_PLAYERS] == 6 and arr[layout.R_N_CARDS] == 72
    assert arr[layout.R_CASCADE_REPEAT] == 1 and arr[layout.R_TIE_SIMULTANEOUS] == 0
    assert arr[layout.R_END_BEFORE_CASCADE] == 1 and arr[layout.R_NO_FLOOD_LOWEST] == 1
    assert arr[layout.R_TWO_PLAYED_OUT] == 1


def test_to_dict_round_trips():
    r = Rules(players=3, end_before_cascade=False)
    assert Rules(**r.to_dict()) == r
    assert Rules.from_strings({k: str(v) for k, v in r.to_dict().items()}) == r
