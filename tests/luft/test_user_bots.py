"""User bots (registered without a `builtin_id`) in the compiled kernel.

They enter the kernel as numba first-class functions (engine.PLUGIN_TYPE):
the same compiled kernel plays them, mixed with built-ins in any seats, and
agrees with the reference engine game for game; parameters and new user bots
never recompile the kernel; built-in-only batches never touch the plug-in path.
"""

import numba
import numpy as np
import pytest
from numba import njit

from sim.games.luft import engine, layout, reference
from sim.games.luft.outputs import record_rows
from sim.games.luft.reference import IllegalAction
from sim.games.luft.rules import Rules
from sim.registry import BotError, Param
from strategies.luft import LUFT_BOTS
from strategies.luft.registry import register
from strategies.luft.threshold import threshold
from tests.luft.conftest import seats
from tests.luft.test_differential import random_config


# --- bots as a user writes them: plain @njit, registered without builtin_id -----------------------
@njit(cache=True)
def user_fickle(phase, seat, st, params, u):
    """Uses its uniform and a parameter, picks up and drops: turn back with
    probability p; pick up with probability p; else drop its last treasure
    onto a blank with probability p/2."""
    p = params[0]
    if phase == layout.PHASE_TURN_BACK:
        return layout.TURN_BACK if u < p else layout.STAY_DOWN
    if layout.can_pick_up(st, seat):
        return layout.PICK_UP if u < p else layout.NOTHING
    if layout.can_drop(st, seat) and u < p / 2:
        return layout.DROP + st[layout.N_CARRIED + seat] - 1
    return layout.NOTHING


@njit(cache=True)
def user_cheat(phase, seat, st, params, u):
    """Picks up what it can; answers the turn-back step with an illegal 7."""
    if phase == layout.PHASE_TURN_BACK:
        return 7
    return layout.PICK_UP if layout.can_pick_up(st, seat) else layout.NOTHING


@njit(cache=True)
def user_crash(phase, seat, st, params, u):
    if st[layout.TURN] > 3:
        raise ValueError("user bot crashed")
    return layout.NOTHING


def user_not_numba(phase, seat, st, params, u):
    return {"not": "compilable"}


for _name, _fn, _params in (
    (
        "test-user-threshold",
        threshold,  # the built-in rule, entering as a plug-in
        [Param("t", 2, 1, 60, integer=True)],
    ),
    ("test-user-fickle", user_fickle, [Param("p", 0.3, 0, 1)]),
    ("test-user-cheat", user_cheat, []),
    ("test-user-crash", user_crash, []),
    ("test-user-not-numba", user_not_numba, []),
):
    if _name not in LUFT_BOTS.bots:
        register(_name, params=_params)(_fn)


def as_user(spec: str) -> str:
    """The same seats with every `threshold` replaced by the user copy."""
    return ",".join(("test-user-" + s) if s.startswith("threshold") else s for s in spec.split(","))


def assert_same_games(a, b):
    np.testing.assert_array_equal(a.seat, b.seat)
    np.testing.assert_array_equal(a.dive, b.dive)
    np.testing.assert_array_equal(a.air, b.air)


def assert_agrees_with_reference(rules, bots, seed, batch):
    for g in range(batch.seat.shape[0]):
        rec = reference.play_game(rules, bots, seed, g)
        seat_rows, dive_rows = record_rows(rec)
        where = f"{rules} bots {[s.spec for s in bots]} seed {seed} game {g}"
        np.testing.assert_array_equal(batch.seat[g], seat_rows, err_msg=where)
        np.testing.assert_array_equal(batch.dive[g], dive_rows, err_msg=where)


# --- the tests ----------------------------------------------------------------------------------
def test_user_bots_are_registered_without_builtin_id():
    assert LUFT_BOTS.get("test-user-threshold").builtin_id == -1
    assert LUFT_BOTS.get("threshold").builtin_id >= 0


@pytest.mark.parametrize("t", [1, 2, 3, 5])
def test_user_copy_of_threshold_plays_exactly_like_the_builtin(compiled, t):
    rules = Rules()
    builtin = compiled.play_batch(rules, seats(f"threshold:t={t}"), 11, 0, 3000)
    user = compiled.play_batch(rules, seats(f"test-user-threshold:t={t}"), 11, 0, 3000)
    assert_same_games(builtin, user)


@pytest.mark.parametrize("config", range(0, 250, 10))
def test_user_bots_in_random_rules_and_seats_match_builtins_and_reference(compiled, config):
    rules, bots, seed = random_config(config)
    specs = [s.spec for s in bots]
    user_bots = seats(as_user(",".join(specs)), rules.players)
    assert_same_games(compiled.play_batch(rules, bots, seed, 0, 400), compiled.play_batch(rules, user_bots, seed, 0, 400))
    batch = compiled.play_batch(rules, user_bots, seed, 0, 25)
    assert_agrees_with_reference(rules, user_bots, seed, batch)


@pytest.mark.parametrize(
    "spec",
    [
        "test-user-threshold:t=2,threshold:t=3,random,test-user-threshold:t=1",
        "random,test-user-fickle:p=0.4,threshold:t=2,test-user-fickle:p=0.9,test-user-threshold:t=3",
        "test-user-fickle:p=0.2,test-user-fickle:p=0.7",
        "threshold:t=2,threshold:t=2,threshold:t=2,threshold:t=2,threshold:t=2,test-user-fickle",
    ],
)
def test_mixed_seats_agree_with_the_reference_game_for_game(compiled, spec):
    n = len(spec.split(","))
    for swim in ("deck", "deck-no-reshuffle"):
        rules = Rules(players=n, swim=swim, cards_per_level=8)
        bots = seats(spec, n)
        batch = compiled.play_batch(rules, bots, 5, 0, 60)
        assert_agrees_with_reference(rules, bots, 5, batch)


def test_mixed_seats_match_the_all_builtin_batch(compiled):
    rules = Rules()
    mixed = seats("test-user-threshold:t=3,threshold:t=2,random,test-user-threshold:t=1")
    builtin = seats("threshold:t=3,threshold:t=2,random,threshold:t=1")
    assert_same_games(compiled.play_batch(rules, mixed, 3, 0, 2000), compiled.play_batch(rules, builtin, 3, 0, 2000))


def test_results_with_user_bots_do_not_depend_on_threads_or_chunking(compiled):
    rules = Rules(players=5)
    bots = seats("test-user-fickle:p=0.5,threshold:t=2,test-user-threshold:t=2,random,test-user-fickle:p=0.1", 5)
    whole = compiled.play_batch(rules, bots, 9, 0, 500)
    parts = [compiled.play_batch(rules, bots, 9, a, b - a) for a, b in ((0, 7), (7, 500))]
    np.testing.assert_array_equal(whole.seat, np.concatenate([p.seat for p in parts]))
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        single = compiled.play_batch(rules, bots, 9, 0, 500)
    finally:
        numba.set_num_threads(before)
    assert_same_games(whole, single)


def test_parameters_and_new_user_bots_never_recompile_the_kernel(compiled):
    rules = Rules()
    compiled.play_batch(rules, seats("test-user-threshold:t=2"), 1, 0, 10)  # warm
    kernels = (engine._play_batch, engine._play_batch_user, engine._run_chunk)
    before = [len(k.signatures) for k in kernels]
    for spec in (
        "test-user-threshold:t=4",
        "test-user-fickle:p=0.9,threshold:t=1,random,random",
        "random,test-user-fickle:p=0.1,test-user-threshold:t=7,threshold:t=3",
    ):
        compiled.play_batch(rules, seats(spec), 1, 0, 50)
    compiled.play_batch(Rules(players=6, air=10), seats("test-user-fickle", 6), 1, 0, 50)
    assert [len(k.signatures) for k in kernels] == before
    assert len(engine._play_batch_user.signatures) == 1
    (user_sig,) = engine._play_batch_user.signatures
    assert user_sig[2] == numba.types.UniTuple(engine.PLUGIN_TYPE, layout.MAX_SEATS)


def test_builtin_only_batches_do_not_use_the_plugin_path(compiled, monkeypatch):
    def no_plugins(*args, **kwargs):
        raise AssertionError("built-in-only batch reached the plug-in path")

    monkeypatch.setattr(engine, "_user_kernel", no_plugins)
    monkeypatch.setattr(engine, "user_functions", no_plugins)
    compiled.play_batch(Rules(), seats("threshold:t=2,random,threshold:t=3,random"), 1, 0, 100)
    builtin_sigs = [sig for sig in engine._play_batch.signatures]
    assert builtin_sigs and all(sig[2] == numba.types.none for sig in builtin_sigs)


def test_an_illegal_action_of_a_user_bot_names_the_bot_and_seat(compiled):
    with pytest.raises(IllegalAction, match=r"bot 'test-user-cheat' in seat 2 .*illegal turn-back"):
        compiled.play_batch(Rules(), seats("threshold:t=1,threshold:t=1,test-user-cheat,random"), 4, 0, 200)


def test_an_exception_in_a_user_bot_is_reported_with_its_name(compiled):
    with pytest.raises(BotError, match="test-user-crash"):
        compiled.play_batch(Rules(), seats("test-user-crash,threshold:t=2,threshold:t=2,random"), 4, 0, 50)


def test_a_bot_that_does_not_compile_is_a_clear_error(compiled):
    with pytest.raises(BotError, match="test-user-not-numba.*does not compile"):
        compiled.play_batch(Rules(), seats("test-user-not-numba,threshold:t=2,random,random"), 4, 0, 10)


# --- built-ins: inlined or plugged in, the same games as the reference ---------------------------
def test_inlined_ids_are_exactly_the_ones_the_inline_switch_handles():
    from strategies.luft.dispatch import INLINED, NOT_INLINED, decide_inline

    st = np.zeros(layout.SIZE, np.int64)
    st[layout.N_PLAYERS] = 4
    params = np.zeros(8)
    for name in LUFT_BOTS.names():
        bot = LUFT_BOTS.get(name)
        inlined = decide_inline(bot.builtin_id, layout.PHASE_TREASURE, 0, st, params, 0.5) != NOT_INLINED
        assert inlined == (bot.builtin_id in INLINED), name


@pytest.mark.parametrize("name", sorted(n for n in LUFT_BOTS.names() if LUFT_BOTS.get(n).builtin_id >= 0))
def test_every_builtin_bot_plays_like_the_reference_in_the_kernel(compiled, name):
    """Inlined (threshold, random) or plugged in (the rest), next to a user bot."""
    spec = f"{name},threshold:t=2,random,test-user-fickle:p=0.4"
    for rules in (Rules(), Rules(swim="deck-no-reshuffle", air=12)):
        bots = seats(spec)
        batch = compiled.play_batch(rules, bots, 21, 0, 8)
        assert_agrees_with_reference(rules, bots, 21, batch)


def test_the_example_user_bot_runs_in_the_kernel(compiled):
    from sim.registry import load_bot_file

    load_bot_file("strategies/examples/cautious.py")
    bots = seats("cautious:level=3,threshold:t=2,cautious,random")
    batch = compiled.play_batch(Rules(), bots, 2, 0, 40)
    assert_agrees_with_reference(Rules(), bots, 2, batch)
