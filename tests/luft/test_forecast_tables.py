"""The forecast tables (HOME, TURNS) hold the loops' own floats: a lookup
decides exactly as the loop would, so the bots that read them keep their
decisions (the pinned outputs check the games; this checks every entry)."""

import numpy as np

from sim.games.luft import forecast, layout

NEVER = forecast.NEVER


def loop_p_home(dist, swims, load, q, p):
    return forecast._p_home_run(dist, min(swims, forecast.MAX_SWIMS), load, q, p, np.empty(0))[0]


def test_the_stored_tables_are_the_loops_own():
    built = forecast.build_tables()
    for name, table in built.items():
        assert np.array_equal(getattr(forecast, name), table), (
            f"{forecast.TABLES_FILE.name} is stale: python -c 'from sim.games.luft import forecast; forecast.write_tables()'"
        )


def test_p_home_table_equals_the_loop_at_every_entry():
    p = forecast.SWIM_P
    for load in range(forecast.TABLE_LOADS):
        for dist in range(1, layout.MAX_PATH + 1):
            stop = int(forecast.HOME_SWIMS[load, dist])
            for swims in list(range(1, stop + 3)) + [NEVER]:
                assert forecast.p_home(dist, swims, load, p, p) == loop_p_home(dist, swims, load, p, p), (load, dist, swims)


def test_expected_turns_table_equals_the_recursion():
    p = forecast.SWIM_P
    for load in range(forecast.TABLE_LOADS):
        for dist in range(layout.MAX_PATH + 1):
            assert forecast.expected_turns(dist, load, p, p) == forecast._expected_turns_run(dist, load, p, p)


def test_other_swim_distributions_and_heavy_loads_take_the_loop():
    p = forecast.SWIM_P
    q = np.array([0.0, 0.0, 0.25, 0.25, 0.25, 0.25, 0.0])  # a deck with the 6 drawn
    assert not forecast.rulebook_swims(q)
    for dist in (1, 7, 12):
        assert forecast.p_home(dist, 5, 2, q, p) == loop_p_home(dist, 5, 2, q, p)
        assert forecast.p_home(dist, 5, 2, q, p) != forecast.p_home(dist, 5, 2, p, p)
        assert forecast.expected_turns(dist, 1, q, p) == forecast._expected_turns_run(dist, 1, q, p)
        assert forecast.p_home(dist, 40, 5, p, p) == loop_p_home(dist, 40, 5, p, p)


def test_the_table_stops_where_the_loop_stops():
    """Past the swim the loop stops at, more swims change nothing."""
    p = forecast.SWIM_P
    for load in range(forecast.TABLE_LOADS):
        dist = 20
        stop = int(forecast.HOME_SWIMS[load, dist])
        assert stop < forecast.MAX_SWIMS
        assert forecast.p_home(dist, stop, load, p, p) == forecast.p_home(dist, NEVER, load, p, p)
        assert forecast.p_home(dist, stop - 1, load, p, p) < forecast.p_home(dist, stop, load, p, p)
