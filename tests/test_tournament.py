"""Tournament seatings and head-to-head bookkeeping."""
import json
from collections import Counter

import numpy as np
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.tournament import head_to_head, seatings


@pytest.mark.parametrize("entrants, players", [(4, 4), (3, 3), (5, 5), (6, 6), (2, 4), (3, 4), (5, 3), (2, 2)])
def test_every_entrant_holds_every_seat_equally_often(entrants, players):
    lineups = seatings(entrants, players)
    for seat in range(players):
        counts = Counter(lineup[seat] for lineup in lineups)
        assert set(counts) == set(range(entrants))
        assert len(set(counts.values())) == 1


def test_all_permutations_when_few():
    assert len(seatings(4, 4)) == 24 and len(set(seatings(4, 4))) == 24
    assert len(seatings(5, 5)) == 5          # 120 permutations: cyclic rotations instead


def test_head_to_head_counts_ties_as_half():
    keys = np.array([[3, 1, 3], [0, 2, 2]])
    pairs = head_to_head(keys)
    np.testing.assert_array_equal(pairs["pair0.1"], [1.0, 0.0])
    np.testing.assert_array_equal(pairs["pair0.2"], [0.5, 0.0])
    np.testing.assert_array_equal(pairs["pair1.2"], [0.0, 0.5])


def test_tournament_cli_ranks_and_matrix_is_complementary():
    r = CliRunner().invoke(app, ["luft", "tournament", "--bots", "threshold:t=1,threshold:t=2,random",
                                 "--players", "3", "--games", "300", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["seatings"] == 6 and data["games"] == 1800
    ranking = data["ranking"]
    assert [row["win_share"]["mean"] for row in ranking] == sorted(
        (row["win_share"]["mean"] for row in ranking), reverse=True)
    # Every entrant played every game of every seating, and win shares add up to one.
    assert all(row["games"] == 1800 for row in ranking)
    assert sum(row["win_share"]["mean"] for row in ranking) == pytest.approx(1.0)
    m = data["head_to_head"]
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j:
                assert m[i][j]["mean"] + m[j][i]["mean"] == pytest.approx(1.0)


def test_tournament_rejects_duplicate_entrants():
    r = CliRunner().invoke(app, ["luft", "tournament", "--bots", "random,random", "--players", "2"])
    assert r.exit_code == 2 and "twice" in r.output
