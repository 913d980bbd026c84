"""A stored result keeps its Totals exactly (one serialisation: `Totals.to_table`)."""

from sim import api


def test_a_cached_simulation_returns_the_exact_totals_it_stored(tmp_path):
    first = api.simulate("luft", {}, "random", players=2, games=30, seed=1, out=tmp_path, progress=False)
    again = api.simulate("luft", {}, "random", players=2, games=30, seed=1, out=tmp_path, progress=False)
    assert again.cached and not first.cached
    assert again.totals.equals(first.totals)
    assert again.totals.exact == first.totals.exact and first.totals.exact  # exact sums survive the store
