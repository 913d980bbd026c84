"""The compiled engine: output shapes and invariants, reproducibility whatever
the chunking or thread count, loud failure on an illegal card."""

import numba
import numpy as np
import pytest

from sim.games.landunter import engine, outputs, reference
from sim.games.landunter.rules import Rules
from sim.registry import BotError
from tests.landunter.conftest import python_seat, seats


def test_outputs_have_per_game_shapes_and_hold_together(compiled):
    rules = Rules(players=5)
    b = compiled.play_batch(rules, seats("high,low,mid,random,dodge", 5), 3, 0, 500)
    assert isinstance(b, outputs.Batch)
    for name in ("score", "win60", "eliminated"):
        assert getattr(b, name).shape == (500, 5)
    for name in ("early_end", "n_eliminated", "rounds"):
        assert getattr(b, name).shape == (500, 5)  # one column per deal
    for name in ("deal_points", "hand_strength", "hand_rings"):
        assert getattr(b, name).shape == (500, 5, 5)  # [game, deal, seat]
    assert (b.win60.sum(axis=1) == 60).all()
    assert (b.score == b.deal_points.sum(axis=1)).all()
    assert (b.eliminated.sum(axis=1) == b.n_eliminated.sum(axis=1)).all()
    assert ((b.rounds >= 1) & (b.rounds <= 12)).all()
    assert ((b.rounds == 12) | (b.early_end == 1)).all()
    assert (b.n_eliminated[b.early_end == 0] <= 2).all()
    # hands travel left: deal d's hand at seat p is deal 0's hand at seat p - d
    for d in range(5):
        assert (b.hand_strength[:, d] == np.roll(b.hand_strength[:, 0], d, axis=1)).all()
        assert (b.hand_rings[:, d] == np.roll(b.hand_rings[:, 0], d, axis=1)).all()
    assert (b.hand_strength[:, 0].sum(axis=1) == 1830).all()  # 5 x 12 cards = all 60
    assert (b.hand_rings[:, 0].sum(axis=1) >= 22).all()  # 24 rings, <= 1 half lost per hand


def test_results_do_not_depend_on_chunks_threads_or_batch_split(compiled):
    rules = Rules(players=4, tie_simultaneous=False)
    s = seats("random,counter,ring-keeper,dodge")
    whole = compiled.play_batch(rules, s, 77, 10, 300)
    parts = [compiled.play_batch(rules, s, 77, 10 + a, b - a) for a, b in ((0, 1), (1, 130), (130, 300))]
    odd_chunks = compiled.play_batch(rules, s, 77, 10, 300, chunk=7)
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one_thread = compiled.play_batch(rules, s, 77, 10, 300, chunk=1)
    finally:
        numba.set_num_threads(threads)
    for name in outputs.Batch._fields:
        full = getattr(whole, name)
        np.testing.assert_array_equal(np.concatenate([getattr(p, name) for p in parts]), full)
        np.testing.assert_array_equal(getattr(odd_chunks, name), full)
        np.testing.assert_array_equal(getattr(one_thread, name), full)


def test_different_seeds_and_games_differ(compiled):
    s = seats("random")
    a = compiled.play_batch(Rules(), s, 1, 0, 50).score
    b = compiled.play_batch(Rules(), s, 2, 0, 50).score
    assert not np.array_equal(a, b)
    assert len({tuple(row) for row in a}) > 25


def test_huge_seed_agrees_with_reference(compiled):
    s = seats("random,mid,counter", 3)
    seed = 2**64 - 5
    b = compiled.play_batch(Rules(players=3), s, seed, 123, 1)
    rec = reference.play_game(Rules(players=3), s, seed, 123)
    assert b.score[0].tolist() == rec.score and b.deal_points[0].tolist() == rec.deal_points


def test_zero_games(compiled):
    b = compiled.play_batch(Rules(), seats("random"), 1, 0, 0)
    assert b.score.shape == (0, 4)


def test_illegal_card_is_reported_not_crashed(compiled):
    """A bot returning a card it does not hold: the kernel records an error code
    per game; the wrapper raises naming bot, seat, seed, game index and round."""
    rules = Rules(players=3)
    s = seats("low,low,high", 3)
    batch = outputs.empty_batch(4, 3)
    err = np.zeros((4, engine.ERR_FIELDS), np.int64)
    bot_ids = np.array([2, 99, 1])  # 99: the switch answers -1
    params = np.zeros((3, 8))
    engine._kernel(
        rules.to_array(),
        bot_ids,
        None,
        params,
        np.uint64(5),
        np.int64(40),
        np.int64(4),
        np.int64(2),
        engine._RULE_FLAG_R,
        engine._RULE_FLAG_S,
        *batch,
        err,
        np.zeros((2, 0), np.int64),  # no chunk sums
        None,
    )
    assert (err[:, 0] == engine.ERR_ILLEGAL_CARD).all()
    assert (err[:, 1] == 1).all() and (err[:, 2] == 0).all() and (err[:, 3] == 0).all()
    assert (err[:, 4] == -1).all()
    with pytest.raises(ValueError) as e:
        engine.raise_on_error(err, s, 5, 40)
    msg = str(e.value)
    for part in ("'low'", "seat 1", "card -1", "seed 5", "game index 40", "deal 1", "round 1"):
        assert part in msg, (part, msg)


def test_reference_raises_on_illegal_card():
    def cheat(seat, st, params, u):
        return 61  # never in a 60-card game

    s = seats("low,low,low", 3)
    s[2] = python_seat(cheat, "cheat")
    with pytest.raises(ValueError, match=r"bot 'cheat' at seat 2 played card 61.*seed 9, game index 3, deal 1, round 1"):
        reference.play_game(Rules(players=3), s, 9, 3)


def test_wrong_seat_counts_and_plain_python_bots_are_refused(compiled):
    with pytest.raises(TypeError, match="not an @njit function"):
        compiled.play_batch(Rules(players=3), [python_seat(lambda *a: 1)] * 3, 1, 0, 1)
    with pytest.raises(ValueError, match="seats for 4 players"):
        compiled.play_batch(Rules(), seats("random", 3), 1, 0, 1)


def test_user_bots_run_compiled_and_agree_with_reference(compiled):
    from tests.landunter.user_bots import THRESHOLD, second_highest, threshold_bid, user_seat

    rules = Rules(players=4)
    s = [
        user_seat(second_highest, "second"),
        seats("random", 1)[0],
        user_seat(threshold_bid, "thr", THRESHOLD, {"t": 3}),
        seats("counter", 1)[0],
    ]
    b = compiled.play_batch(rules, s, 8, 0, 60)
    for g in range(60):
        rec = reference.play_game(rules, s, 8, g)
        for name in outputs.Batch._fields:
            np.testing.assert_array_equal(getattr(b, name)[g], getattr(rec, name))
    # a parameter change reaches the bot without recompiling anything
    s[2] = user_seat(threshold_bid, "thr", THRESHOLD, {"t": 11})
    b2 = compiled.play_batch(rules, s, 8, 0, 60)
    assert not np.array_equal(b.score, b2.score)
    assert b2.score[5].tolist() == reference.play_game(rules, s, 8, 5).score


def test_illegal_card_from_a_user_bot_raises_naming_it(compiled):
    from tests.landunter.user_bots import cheater, user_seat

    s = seats("low,high,mid", 3)
    s[1] = user_seat(cheater, "cheater")
    with pytest.raises(ValueError) as e:
        compiled.play_batch(Rules(players=3), s, 12, 500, 3)
    msg = str(e.value)
    for part in ("'cheater'", "seat 1", "card 99", "seed 12", "game index 500", "deal 1", "round 3"):
        assert part in msg, (part, msg)
    with pytest.raises(ValueError, match="'cheater' at seat 1 played card 99,.*game index 500, deal 1, round 3"):
        reference.play_game(Rules(players=3), s, 12, 500)


def test_a_user_bot_that_raises_stops_the_batch_naming_it(compiled):
    from tests.landunter.user_bots import crasher, user_seat

    s = seats("low,high,mid", 3)
    s[2] = user_seat(crasher, "crasher")
    with pytest.raises(
        BotError,
        match=r"bot 'crasher' in seat 2 raised an exception \(seed 12, game 500, "
        r"deal 1, round 3\)",
    ):
        compiled.play_batch(Rules(players=3), s, 12, 500, 3)


def test_default_work_items_are_a_multiple_of_the_threads():
    import numba

    from sim.games.landunter.engine import default_chunk

    threads = numba.get_num_threads()
    for n_games in (100_000, 1_000_000):  # a run's chunk, a benchmark's batch
        items = -(-n_games // default_chunk(n_games))
        assert items % threads == 0 and items >= 8 * threads, (n_games, items)
