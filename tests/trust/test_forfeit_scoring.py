"""A forfeit is a loss: the forfeiting seat's win share is 0 and it loses
every head-to-head, whatever the stand-in made of the rest of the game;
counted per bot in simulate's and tournament's summaries, in both games."""

import numpy as np
import pytest

from sim import api
from sim.games import get_game
from sim.isolate.forfeit import score_forfeits
from tests.trust.conftest import isolated, play_isolated


def _cols(win, pairs):
    cols = {f"seat{s}.win": np.array(col, float) for s, col in enumerate(np.array(win, float).T)}
    cols.update({f"pair{a}.{b}": np.array(v, float) for (a, b), v in pairs.items()})
    return cols


def test_a_forfeiters_win_goes_to_the_best_seat_that_did_not_forfeit():
    # one game, 3 seats: seat 0 won alone, seat 2 finished ahead of seat 1
    cols = _cols([[1, 0, 0]], {(0, 1): [1], (0, 2): [1], (1, 2): [0]})
    out = score_forfeits(cols, np.array([[True, False, False]]))
    assert [out[f"seat{s}.win"][0] for s in range(3)] == [0, 0, 1]
    assert (out["pair0.1"][0], out["pair0.2"][0], out["pair1.2"][0]) == (0, 0, 0)


def test_a_forfeiters_share_of_a_tie_goes_to_the_seats_it_tied_with():
    # seats 0 and 1 tied for the win, seat 2 behind: seat 1 takes the whole win
    cols = _cols([[0.5, 0.5, 0]], {(0, 1): [0.5], (0, 2): [1], (1, 2): [1]})
    out = score_forfeits(cols, np.array([[True, False, False]]))
    assert [out[f"seat{s}.win"][0] for s in range(3)] == [0, 1, 0]
    assert out["pair0.1"][0] == 0 and out["pair1.2"][0] == 1


def test_seats_that_did_not_forfeit_tied_behind_the_forfeiter_share_its_win():
    cols = _cols([[1, 0, 0]], {(0, 1): [1], (0, 2): [1], (1, 2): [0.5]})
    out = score_forfeits(cols, np.array([[True, False, False]]))
    assert [out[f"seat{s}.win"][0] for s in range(3)] == [0, 0.5, 0.5]


def test_when_every_seat_forfeits_nobody_wins_and_their_pairs_tie():
    cols = _cols([[0, 1]], {(0, 1): [0]})
    out = score_forfeits(cols, np.array([[True, True]]))
    assert (out["seat0.win"][0], out["seat1.win"][0], out["pair0.1"][0]) == (0, 0, 0.5)


def test_games_without_a_forfeit_keep_their_result_and_win60_follows_the_share():
    cols = _cols([[1, 0], [0, 1]], {(0, 1): [1, 0]})
    cols["seat0.win60"], cols["seat1.win60"] = np.array([60, 0], np.int16), np.array([0, 60], np.int16)
    out = score_forfeits(cols, np.array([[False, False], [False, True]]))
    assert list(out["seat0.win"]) == [1, 1] and list(out["seat1.win"]) == [0, 0]
    assert list(out["seat0.win60"]) == [60, 60] and out["seat0.win60"].dtype == np.int16
    assert list(out["pair0.1"]) == [1, 1]


QUITTERS = [
    ("luft", "luft_always_raises.py", "bad-luft-always-raises", "random", 2),
    ("landunter", "landunter_quits.py", "bad-lu-quits", "random,high", 3),
]


@pytest.mark.parametrize("game_name, file, spec, others, players", QUITTERS)
def test_as_played_the_stand_in_wins_games_the_forfeiter_is_scored_to_lose(game_name, file, spec, others, players):
    with isolated(file):
        batch, run = play_isolated(game_name, f"{spec},{others}", players, seed=3, games=16)
    game = get_game(game_name)
    rules = game.rules_cls(players=players)
    played = game.metrics(batch, rules)["seat0.win"]
    scored = run.spec.metrics(batch, rules)
    lost = sorted({f.game for f in run.forfeits})
    assert all(f.seat == 0 for f in run.forfeits) and len(lost) >= 8
    assert played[lost].sum() > 0  # the stand-in won some of them: the scoring is not vacuous
    assert np.all(scored["seat0.win"][lost] == 0)
    assert np.allclose(sum(scored[f"seat{s}.win"][lost] for s in range(players)), 1)  # the win is not lost
    assert all(np.all(scored[f"pair0.{b}"][lost] == 0) for b in range(1, players))
    kept = [g for g in range(16) if g not in lost]
    assert np.array_equal(scored["seat0.win"][kept], played[kept])


@pytest.mark.parametrize("game_name, file, spec, others, players", QUITTERS)
def test_simulate_and_tournament_count_forfeits_per_bot_and_score_them_lost(game_name, file, spec, others, players):
    bots = f"{spec},{others}"
    with isolated(file):
        sim = api.simulate(game_name, {}, bots, players=players, games=10, seed=5, isolate=True, progress=False)
        cup = api.tournament(game_name, {}, bots, players=players, games=10, seed=5, isolate=True, progress=False)
    for summary in (sim.summary, cup.summary):
        iso = summary["isolation"]
        forfeited = {(f["game"], f["seat"]) for f in iso["forfeits"]}
        assert iso["forfeits_per_bot"] == {spec: len(forfeited)} and len(forfeited) >= 5
    seat0 = sim.summary["seats"][0]
    assert seat0["forfeits"] == sim.summary["isolation"]["forfeits_per_bot"][spec]
    assert all(row["forfeits"] == 0 for row in sim.summary["seats"][1:])
    games_lost = seat0["forfeits"] / sim.summary["games"]
    assert seat0["win_share"]["mean"] <= 1 - games_lost + 1e-12  # every forfeited game a loss
    row = next(r for r in cup.summary["ranking"] if r["bot"] == spec)
    assert row["forfeits"] == cup.summary["isolation"]["forfeits_per_bot"][spec]
    assert row["win_share"]["mean"] <= 1 - row["forfeits"] / row["games"] + 1e-12
