"""The n-player meta-game: symmetric equilibria of constructed lineup win shares with known answers."""

import numpy as np
import pytest
from scipy.optimize import brentq

from sim.metagame import nplayer_equilibrium, profiles
from sim.tournament import Standings, seatings


def three_player_shares(a1: float, b1: float) -> dict:
    """Two entrants A=0, B=1 at 3 seats: B alone with two A's wins b1, A alone with two B's wins a1;
    copies split the rest, a table of one entrant splits evenly."""
    return {
        (0, 0, 0): np.array([1 / 3, 0]),
        (1, 1, 1): np.array([0, 1 / 3]),
        (0, 0, 1): np.array([(1 - b1) / 2, b1]),
        (0, 1, 1): np.array([a1, (1 - a1) / 2]),
    }


def gap(p: float, a1: float, b1: float) -> float:
    """U_A − U_B of `three_player_shares` against two opponents who pick A with probability p."""
    return p * p * (1 / 3 - b1) + 2 * p * (1 - p) * ((1 - b1) / 2 - (1 - a1) / 2) + (1 - p) ** 2 * (a1 - 1 / 3)


def test_nplayer_equilibrium_of_a_mixed_three_player_game_is_the_root_of_the_payoff_gap():
    a1, b1 = 0.6, 0.5
    x, regret = nplayer_equilibrium(three_player_shares(a1, b1), 2, 3)
    assert x[0] == pytest.approx(brentq(gap, 0, 1, args=(a1, b1)), abs=1e-4) and regret < 1e-8


def test_nplayer_equilibrium_of_a_dominant_entrant_is_pure():
    x, regret = nplayer_equilibrium(three_player_shares(0.8, 0.1), 2, 3)
    assert x.tolist() == [1.0, 0.0] and regret < 1e-8


def test_nplayer_game_differs_from_the_pairwise_one():
    """At 3 seats a single B among A's wins 1/2 (A's split the rest: B is better to pick when
    everyone picks A), yet one A among B's wins 0.6: both pure profiles invite a deviation,
    so the n-player equilibrium is mixed, not the pure mix a head-to-head count would give."""
    x, _ = nplayer_equilibrium(three_player_shares(0.6, 0.5), 2, 3)
    assert 0.05 < x[0] < 0.95


def test_nplayer_equilibrium_needs_every_lineup():
    shares = three_player_shares(0.6, 0.5)
    del shares[(0, 0, 1)]
    with pytest.raises(ValueError, match="missing"):
        nplayer_equilibrium(shares, 2, 3)


def test_profiles_are_every_multiset():
    assert len(profiles(10, 6)) == 5005 and profiles(2, 2) == [(0, 0), (0, 1), (1, 1)]


def standings_from(shares: dict, repeats: bool, games: int = 50) -> Standings:
    """A tournament's standings whose every game gives each seat its lineup's share (B = entrant 1 noisy)."""
    st = Standings(["A", "B"], (), seed=1, resamples=40)
    rng = np.random.default_rng(0)
    for k, lineup in enumerate(seatings(2, 3, repeats)):
        share = shares[tuple(sorted(lineup))]
        copies = np.bincount(lineup, minlength=2)
        win = {f"seat{s}.win": np.full(games, share[e]) for s, e in enumerate(lineup)}
        noise = rng.normal(0, 0.05, games)
        for s, e in enumerate(lineup):
            win[f"seat{s}.win"] = win[f"seat{s}.win"] + (noise / copies[1] if e == 1 else -noise / copies[0])
        pairs = {f"pair{a}.{b}": np.full(games, 0.5) for a in range(3) for b in range(a + 1, 3)}
        st.add(lineup, {**win, **pairs}, k * games)
    return st


def test_tournament_with_repeats_solves_the_nplayer_game_with_seed_resampled_intervals():
    a1, b1 = 0.6, 0.5
    meta = standings_from(three_player_shares(a1, b1), repeats=True).meta_game([0, 1])["n_player"]
    root = brentq(gap, 0, 1, args=(a1, b1))
    assert meta["computed"] and meta["equilibrium"]["A"] == pytest.approx(root, abs=0.02)
    lo, hi = meta["ci95"]["A"]
    assert lo < root < hi and hi - lo > 0.005 and meta["support_share"]["A"] == 1.0


def test_tournament_without_repeats_says_why_it_has_no_nplayer_game():
    meta = standings_from(three_player_shares(0.6, 0.5), repeats=False).meta_game([0, 1])["n_player"]
    assert meta["computed"] is False and "repeated entrants" in meta["why"]


def test_seatings_with_repeats_play_every_lineup_and_balance_the_seats():
    lineups = seatings(3, 3, repeats=True)
    assert {tuple(sorted(lu)) for lu in lineups} == set(profiles(3, 3))
    for seat in range(3):
        counts = np.bincount([lu[seat] for lu in lineups], minlength=3)
        assert len(set(counts)) == 1


def test_nplayer_equilibrium_from_a_warm_start_off_the_simplex_still_converges():
    x, regret = nplayer_equilibrium(three_player_shares(0.8, 0.1), 2, 3, start=np.array([1.0, 1e-3]))
    assert x.tolist() == [1.0, 0.0] and regret < 1e-8


def test_cli_tournament_with_repeats_solves_the_nplayer_game_of_a_dominant_entrant():
    import json

    from typer.testing import CliRunner

    from sim.cli import app

    res = CliRunner().invoke(
        app, ["luft", "tournament", "-b", "threshold:t=2,threshold:t=3", "-n", "3", "-g", "400", "--repeats", "--json"]
    )
    assert res.exit_code == 0, res.output
    game = json.loads(res.stdout)["meta_game"]["n_player"]
    assert game["computed"] and game["equilibrium"]["threshold:t=2"] == pytest.approx(1.0)
    assert game["ci95"]["threshold:t=2"] == [1.0, 1.0] and game["regret"] < 1e-8
