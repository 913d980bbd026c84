"""The compiled chunk aggregation (sim.tally, GameSpec.tally) gives the Totals
the numpy path gives, bit for bit: on random chunk data with ties, negative
values and partial blocks, and on played games of both games."""

from dataclasses import replace

import numpy as np
import pytest

from sim import tally as tl
from sim.games.landunter import GAME as LANDUNTER, summary as lu
from sim.games.landunter.layout import HAND_SIZE
from sim.games.landunter.outputs import Batch as LandunterBatch
from sim.games.luft import GAME as LUFT
from sim.games.luft.outputs import D_AIR_OUT, D_LEADER, D_TURNS, DIVE_COLUMNS, S_SCORE, SEAT_COLUMNS, Batch
from sim.runner import Totals, play_chunk

SIZES = (1, tl.BLOCK - 1, 2 * tl.BLOCK + 17)  # one game, one partial block, several


# ------------------------------------------------------------ numpy oracles


def luft_histograms(batch):
    hists = {"air": batch.air}
    for s in range(batch.seat.shape[1]):
        hists[f"seat{s}.score"] = np.bincount(batch.seat[:, s, S_SCORE])
    for d in range(batch.dive.shape[1]):
        out = batch.dive[:, d, D_AIR_OUT] == 1
        hists[f"dive{d}.air_out_turn"] = np.bincount(batch.dive[out, d, D_TURNS], minlength=1)
    return hists


def landunter_histograms(batch):
    rings = batch.hand_rings.astype(np.int64).ravel()
    strength = batch.hand_strength.astype(np.int64).ravel() // lu.STRENGTH_BIN
    points = batch.deal_points.astype(np.int64).ravel() - lu.POINTS_MIN
    flat = (rings * lu.STRENGTH_BINS + strength) * lu.N_POINTS + points
    size = (lu.MAX_RINGS + 1) * lu.STRENGTH_BINS * lu.N_POINTS
    hists = {
        "hand.rings_strength_points": np.bincount(flat, minlength=size).reshape(lu.MAX_RINGS + 1, lu.STRENGTH_BINS, lu.N_POINTS)
    }
    for d in range(batch.rounds.shape[1]):
        hists[f"deal{d}.rounds"] = np.bincount(batch.rounds[:, d].astype(np.int64), minlength=HAND_SIZE + 1)
    for s in range(batch.score.shape[1]):
        hists[f"seat{s}.score"] = np.bincount(batch.score[:, s].astype(np.int64) + lu.SCORE_OFFSET, minlength=lu.SCORE_BINS)
    games = batch.deal_points.shape[0]  # each game's regression moments, summed as z·zᵀ
    x = np.stack(
        [
            np.ones(batch.hand_rings.shape, np.int64),
            batch.hand_strength.astype(np.int64) // lu.STRENGTH_BIN,
            batch.hand_rings.astype(np.int64),
        ],
        -1,
    ).reshape(games, -1, 3)
    y = batch.deal_points.astype(np.int64).reshape(games, -1)
    xx = np.stack([np.einsum("gh,gh->g", x[..., j], x[..., k]) for j, k in lu.UPPER], -1)
    z = np.concatenate([np.einsum("gh,ghk->gk", y, x), xx], 1)
    hists["hand.game_moments"] = z.T @ z
    return hists


ORACLE = {"luft": luft_histograms, "landunter": landunter_histograms}


def numpy_totals(game, batch, rules, n):
    totals = Totals()
    totals.add(game.metrics(batch, rules), ORACLE[game.name](batch), n)
    return totals


def assert_identical(a: Totals, b: Totals):
    """Same games, same metrics in the same order with the same exact parts and
    float sums, same histograms (shape, dtype, counts) in the same order."""
    assert a.games == b.games
    assert list(a.sums) == list(b.sums) and list(a.hists) == list(b.hists)
    assert a.exact == b.exact
    for k in a.sums:
        np.testing.assert_array_equal(a.sums[k], b.sums[k], err_msg=k)
    for k in a.hists:
        assert a.hists[k].shape == b.hists[k].shape and a.hists[k].dtype == b.hists[k].dtype, k
        np.testing.assert_array_equal(a.hists[k], b.hists[k], err_msg=k)


# ------------------------------------------------------------ random chunks


def random_luft_batch(rng, n, players, dives) -> Batch:
    seat = rng.integers(0, 40, (n, players, len(SEAT_COLUMNS))).astype(np.int32)
    seat[:, :, 3:] = rng.integers(0, 3, (n, players, 4))  # few home cards: many ties
    seat[:, :, 1] = rng.choice([0, 15, 20, 30, 60], (n, players))
    dive = rng.integers(0, 30, (n, dives, len(DIVE_COLUMNS))).astype(np.int16)
    dive[:, :, D_AIR_OUT] = rng.integers(0, 2, (n, dives))
    dive[:, :, D_LEADER] = rng.integers(-1, players, (n, dives))
    air = rng.integers(0, 1000, (6, dives, 400))
    return Batch(seat, dive, air)


def random_landunter_batch(rng, n, players) -> LandunterBatch:
    g, p = n, players
    return LandunterBatch(
        score=rng.integers(-players, 20, (g, p)).astype(np.int32),
        win60=rng.choice([0, 20, 30, 60], (g, p)).astype(np.int16),
        eliminated=rng.integers(0, p + 1, (g, p)).astype(np.int16),
        early_end=rng.integers(0, 2, (g, p)).astype(np.int8),
        n_eliminated=rng.integers(0, p + 1, (g, p)).astype(np.int8),
        rounds=rng.integers(1, HAND_SIZE + 1, (g, p)).astype(np.int8),
        deal_points=rng.integers(lu.POINTS_MIN, lu.POINTS_MAX + 1, (g, p, p)).astype(np.int8),
        hand_strength=rng.integers(0, HAND_SIZE * lu.MAX_CARD + 1, (g, p, p)).astype(np.int16),
        hand_rings=rng.integers(0, lu.MAX_RINGS + 1, (g, p, p)).astype(np.int8),
    )


@pytest.mark.parametrize("n", SIZES)
def test_luft_tally_equals_the_numpy_totals_on_random_chunks(n):
    rng = np.random.default_rng(n)
    for players, dives in ((2, 1), (4, 3), (6, 2)):
        batch = random_luft_batch(rng, n, players, dives)
        assert_identical(LUFT.tally(batch, None), numpy_totals(LUFT, batch, None, n))


@pytest.mark.parametrize("n", SIZES)
def test_landunter_tally_equals_the_numpy_totals_on_random_chunks(n):
    rng = np.random.default_rng(n)
    for players in (3, 6):
        batch = random_landunter_batch(rng, n, players)
        assert_identical(LANDUNTER.tally(batch, None), numpy_totals(LANDUNTER, batch, None, n))


def test_bincounts_match_np_bincount_with_offset_minlength_and_keep():
    rng = np.random.default_rng(3)
    mat = rng.integers(-3, 9, (SIZES[-1], 3)).astype(np.int16)
    keep = rng.integers(0, 2, mat.shape).astype(np.int16)
    keep[:, 2] = 0  # a column with nothing kept
    for j, counts in enumerate(tl.bincounts(mat, offset=3, minlength=2, keep=keep)):
        want = np.bincount(mat[keep[:, j] != 0, j].astype(np.int64) + 3, minlength=2)
        assert counts.dtype == want.dtype
        np.testing.assert_array_equal(counts, want)


def test_a_sum_that_could_overflow_int64_falls_back_to_the_numpy_path():
    assert tl.totals(4, [("x", 1, (0, 0, 2**31))], {}) is None
    batch = random_luft_batch(np.random.default_rng(4), 10, 4, 3)
    no_tally = replace(LUFT, play_batch=lambda *a: batch, tally=lambda b, r: None, histograms=lambda b, r: luft_histograms(b))
    assert_identical(play_chunk(no_tally, None, [], 0, 0, 10)[0], numpy_totals(LUFT, batch, None, 10))


# ------------------------------------------------------------ played games


@pytest.mark.parametrize("game, bots", [(LUFT, "threshold:t=2"), (LANDUNTER, "high,low,mid,random")])
def test_a_played_chunk_is_tallied_as_numpy_sums_it(game, bots):
    rules = game.rules_cls.from_strings({}, players=4)
    seats = game.registry.parse_seats(bots, 4)
    totals, batch = play_chunk(game, rules, seats, 7, 100, 3000, keep_batch=True)
    assert_identical(totals, numpy_totals(game, batch, rules, 3000))


def test_luft_values_outside_the_kernels_bins_are_recounted_on_the_host():
    from sim.games.luft import chunk_sums

    batch = random_luft_batch(np.random.default_rng(5), 50, 4, 3)
    sums = np.zeros(chunk_sums.offsets(4, 3, 5, 5)[-1], np.int64)
    chunk_sums.count_games(batch.seat, batch.dive, 0, 50, sums, 5, 5)  # scores and turns overflow 5 bins
    assert sums[0] == 1
    assert_identical(LUFT.tally(chunk_sums.counted(batch, sums, (5, 5)), None), numpy_totals(LUFT, batch, None, 50))


def test_landunter_values_outside_the_fixed_bins_fall_back_to_the_numpy_sums():
    batch = random_landunter_batch(np.random.default_rng(6), 50, 4)
    batch.rounds[7, 2] = HAND_SIZE + 1  # no real deal lasts 13 rounds: no bin for it
    assert LANDUNTER.tally(batch, None) is None
    played = replace(LANDUNTER, play_batch=lambda *a: batch)
    assert_identical(play_chunk(played, None, [], 0, 0, 50)[0], numpy_totals(LANDUNTER, batch, None, 50))
