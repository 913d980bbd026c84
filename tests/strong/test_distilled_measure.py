"""experiments/distilled/measure.py: the margin of one entrant over another
in a field counts each one's own games (in a field of more entrants than
seats neither sits at every table), and the target fields are the ones the
trained bot's tournaments read."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def measure():
    return load_script("distilled/measure.py", "distilled_measure")


def test_a_margin_in_a_field_is_the_difference_of_the_two_win_shares_per_seat(measure):
    specs = ["greedy-value", "threshold:t=2", "air", "random"]
    standings, _ = measure.tournament("luft", specs, 3, 96, 5)
    share = {r["bot"]: r["win_share"]["mean"] for r in standings.summary()["ranking"]}
    margin = measure.difference(standings, 0, 3)
    assert margin["mean"] == pytest.approx(share["greedy-value"] - share["random"], abs=1e-6)  # the summary rounds to 6 places
    assert margin["ci95"][0] <= margin["mean"] <= margin["ci95"][1]


def test_the_target_fields_are_the_trained_tournaments_fields(measure):
    fields = measure.target_field_specs()
    assert sorted(fields) == [2, 3, 4, 5, 6]
    assert all("trained" not in field and "distilled" not in field for field in fields.values())
    assert set(measure.TARGET_FIELD_GAMES) == set(fields)
    trained = ROOT / "experiments" / "trained"
    definition = next(line for line in (trained / "tournaments.sh").read_text().splitlines() if line.startswith("field()"))
    for players, field in fields.items():
        script = f'cd "{trained}" && {definition}\nfield {players}'
        shell = subprocess.run(["sh", "-c", script], capture_output=True, text=True, check=True).stdout.strip()
        assert shell.split(",") == field


def test_a_target_field_check_gives_the_candidates_place_and_margin_over_the_best_but_trained(measure):
    check = load_script("distilled/check.py", "distilled_check")
    specs = ["air:margin=5", "trained", "greedy-value", "random"]
    standings, _ = measure.tournament("luft", specs, 2, 96, 7)
    order = [r["bot"] for r in standings.summary()["ranking"]]
    found = check.target_field(standings, "air:margin=5")
    assert found["place"] == order.index("air:margin=5") + 1
    others = [bot for bot in order if bot not in ("air:margin=5", "trained")]
    assert found["best_other"] == others[0]  # the best built-in but trained
    assert found["ahead"] == [bot for bot in others if order.index(bot) < order.index("air:margin=5")]
    assert found["margin"] == measure.difference(standings, 0, standings.names.index(found["best_other"]))
    shares = check.head_to_head(standings)["win_share"]
    assert set(shares) == set(specs)
