"""experiments/distilled/measure.py: the margin of one entrant over another
in a field counts each one's own games (in a field of more entrants than
seats neither sits at every table), and the target fields are the ones the
trained bot's tournaments read."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEASURE = ROOT / "experiments" / "distilled" / "measure.py"


@pytest.fixture(scope="module")
def measure():
    spec = importlib.util.spec_from_file_location("distilled_measure", MEASURE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
