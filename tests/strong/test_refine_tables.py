"""experiments/distilled/refine.py fine-tunes against the tables a distilled seat meets in the
head to head (both bots at every table), in the tournament's own proportions."""

from __future__ import annotations

import pytest

from sim import api
from tests.scripts import load_script


@pytest.fixture(scope="module")
def refine():
    return load_script("distilled/refine.py", "refine")


@pytest.mark.parametrize(
    "players, expected",
    [
        (2, {0: 1.0}),  # one seat each
        (3, {0: 1 / 3, 1: 2 / 3}),  # 3 lineups of one distilled seat, 3 of two
        (4, {1: 1.0}),  # two of each at every table
        (5, {1: 0.4, 2: 0.6}),  # 10 lineups of two distilled seats, 10 of three
    ],
)
def test_a_distilled_seat_meets_the_head_to_heads_tables_in_its_proportions(refine, players, expected):
    game = api.get_game("luft")
    tables = refine.head_to_head_tables(game, players, "air", "greedy-value")
    got = {sum(s.spec == "greedy-value" for s in seats): share for share, seats in tables}
    assert got == pytest.approx(expected)
    assert all(len(seats) == players - 1 for _, seats in tables)
