"""core.py's one swim, used by the engine, forecast and the dice check,
against the reference engine's field-by-field walk."""

import numpy as np

from sim import nb, rng
from sim.games.luft import core, forecast, layout, reference
from sim.games.luft.rules import SWIM_DECK, Rules
from tests.luft.conftest import seats


def _random_positions(seed, count):
    """``count`` times a reference game with six divers on distinct fields
    (several may wait in the submarine) of a path of random length; the
    random generator comes along for the test's own draws."""
    r = np.random.default_rng(seed)
    game = reference.Game(Rules(players=6), seats("random", 6), 0, 0)
    for _ in range(count):
        path_len = int(r.integers(1, 61))
        game.path = [1] * path_len
        fields = r.permutation(np.arange(1, path_len + 1))
        for k, d in enumerate(game.divers):
            d.back, d.heading_up = False, False
            d.pos = int(fields[k]) if k < path_len and r.random() < 0.8 else 0
        yield r, game, path_len


def test_swim_is_the_reference_walk_for_every_swim_and_direction():
    for r, game, path_len in _random_positions(5, 3000):
        mover = game.divers[0]
        mover.heading_up = bool(r.integers(0, 2))
        steps = int(r.integers(1, core.MAX_SWIM_STEPS + 1))
        occ = 0
        for d in game.divers[1:]:
            occ |= (1 << d.pos) if d.pos > 0 else 0
        start = mover.pos
        got = core.swim(np.int64(occ), start, int(mover.heading_up), steps, path_len)
        game.swim(mover, steps)
        assert got == mover.pos, (path_len, start, mover.heading_up, steps, bin(occ))


def test_dest_down_is_the_reference_walk_down():
    for r, game, path_len in _random_positions(6, 2000):
        st = np.zeros(layout.SIZE, np.int64)
        st[layout.N_PLAYERS], st[layout.PATH_LEN] = 6, path_len
        for d in game.divers:
            st[layout.POS + d.seat] = d.pos
        steps = int(r.integers(0, 3 * core.MAX_SWIM_STEPS))  # estimators look further
        start = game.divers[0].pos
        got = forecast.dest_down(st, 0, start, steps)
        if steps:
            game.swim(game.divers[0], steps)
        assert got == game.divers[0].pos, (path_len, start, steps)


def test_draw_swim_card_draws_the_swim_deck_cards_by_index():
    state = np.uint64(12345)
    for _ in range(200):
        after, i = rng.randbelow(state, 9)
        state2, value = core.draw_swim_card(state)
        assert state2 == after and value == SWIM_DECK[i]
        state = after


def test_pdep_and_chain_swims_pick_the_same_field():
    """Both ways of picking the k-th free field (`sim.nb.FAST_PDEP` chooses one
    per CPU) and `select_bit`'s two implementations give the k-th set bit.
    PDEP runs only on a CPU with BMI2; without it the chains must be the ones
    chosen."""
    from llvmlite import binding as llvm

    bmi2 = bool(llvm.get_host_cpu_features().get("bmi2"))
    if not bmi2:
        assert not nb.FAST_PDEP and nb.select_bit is nb.bits._select_bit_search and core.kth_lowest is core._kth_lowest_chain
    r = np.random.default_rng(11)
    for _ in range(3000):
        free = np.int64(r.integers(1, 2**62)) & np.int64(r.integers(1, 2**62))
        bits = [b for b in range(64) if int(free) >> b & 1]
        if not bits:
            continue
        k = int(r.integers(0, min(core.MAX_SWIM_STEPS, len(bits))))
        j = int(r.integers(0, len(bits)))
        assert (core._kth_lowest_chain(free, k), core._kth_highest_chain(free, k)) == (bits[k], bits[-1 - k])
        assert nb.bits._select_bit_search(free, j) == bits[j]
        if bmi2:
            assert (core._kth_lowest_pdep(free, k), core._kth_highest_pdep(free, k)) == (bits[k], bits[-1 - k])
            assert nb.bits._select_bit_pdep(free, j) == bits[j]
