"""Per-game records in long format (sim.records) and 1-based dives/deals in files."""

import numpy as np
import pandas as pd
import pytest

from sim import api
from sim.records import long_records


@pytest.mark.parametrize(
    "game_name, bots, players, per_game",
    [
        ("luft", "threshold:t=2,random,threshold:t=1", 3, "dive"),
        ("landunter", "random,low,high", 3, "deal"),
    ],
)
def test_records_are_one_row_per_game_and_seat(game_name, bots, players, per_game):
    game = api.get_game(game_name)
    rules = api.make_rules(game, {}, players)
    seats = game.registry.parse_seats(bots, players)
    wide = game.metrics(game.play_batch(rules, seats, 4, 10, 50), rules)
    long = long_records(wide, [s.spec for s in seats], first_game=10)
    assert len(long) == 50 * players
    assert list(long.groupby("game").size().index) == list(range(10, 60))
    for s in range(players):
        mine = long[long.seat == s]
        np.testing.assert_array_equal(mine.score.to_numpy(), wide[f"seat{s}.score"])
        assert set(mine.bot) == {seats[s].spec}
    # "finished ahead" read from both seats of a pair adds up to one game
    a = long[long.seat == 0].ahead_of_seat2.to_numpy()
    b = long[long.seat == 2].ahead_of_seat0.to_numpy()
    np.testing.assert_array_equal(a + b, np.ones(50))
    assert f"{per_game}1_{'turns' if per_game == 'dive' else 'rounds'}" in long.columns
    assert not any(c.startswith(f"{per_game}0") or "." in c for c in long.columns)


def test_stored_records_and_dive_tables_number_dives_from_one(tmp_path):
    result = api.simulate("luft", {}, "random", players=2, games=30, seed=1, out=tmp_path, records=True)
    stored = pd.read_parquet(result.path / "records.parquet")
    assert len(stored) == 60 and list(stored.columns[:3]) == ["game", "seat", "bot"]
    assert list(pd.read_parquet(result.path / "dives.parquet")["dive"]) == [1, 2, 3]
    assert list(pd.read_parquet(result.path / "seats.parquet")["seat"]) == [0, 1]
