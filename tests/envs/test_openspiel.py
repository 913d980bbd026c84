"""The OpenSpiel games: OpenSpiel's own random-simulation test, bad input, the resampler."""

import numpy as np
import pyspiel
import pytest

import sim.envs.openspiel as ours
from sim.games.landunter import layout

GAMES = ["python_geteilte_luft", "python_land_unter"]


@pytest.mark.parametrize("name,params", [(g, {"players": 3}) for g in GAMES] + [("python_pig", {"players": 3, "goal": 30})])
def test_the_games_pass_openspiels_random_simulation_test_with_serialization(name, params):
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_every_chance_node_is_a_uniform_draw_and_a_game_ends_with_win_shares(name):
    game = pyspiel.load_game(name, {"players": 4})
    state, rand = game.new_initial_state(), np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1) and len({p for _, p in outcomes}) == 1
        state.apply_action(state.legal_actions()[rand.integers(len(state.legal_actions()))])
    assert sum(state.returns()) == pytest.approx(1) and max(state.returns()) > 0


def test_bad_parameters_and_illegal_actions_raise_spiel_errors():
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_geteilte_luft", {"players": 9})
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("python_land_unter", {"no_such_rule": 1})
    state = pyspiel.load_game("python_land_unter").new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="not legal"):
        state.apply_action(10_000)


@pytest.mark.parametrize(
    "name,players,share", [("python_geteilte_luft", 2, 0.1), ("python_land_unter", 4, 0.03), ("python_land_unter", 5, 0.04)]
)
def test_a_resampled_world_looks_the_same_to_the_seat(name, players, share):
    """Recomputed from scratch, the seat's information state and legal actions
    in the resampled world equal the true ones."""
    game = pyspiel.load_game(name, {"players": players})
    rand = np.random.default_rng(1)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 8:
        if not state.is_chance_node() and rand.random() < share:  # a few points spread over the game
            p = state.current_player()
            world = ours.State(game, state.resample(p, rand).table.clone())  # no carried-over cache
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.legal_actions() == state.legal_actions()
            checked += 1
        state.apply_action(state.legal_actions()[rand.integers(len(state.legal_actions()))])
    assert checked >= 3


def test_a_land_unter_resample_redeals_the_hands_the_seat_has_not_seen():
    game = pyspiel.load_game("python_land_unter", {"players": 4})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    world = state.resample(0, np.random.default_rng(3))
    seen = state.table.points[-1].view
    mine = (seen[layout.S_HAND_LO], seen[layout.S_HAND_HI])
    assert (world.table.points[-1].view[layout.S_HAND_LO], world.table.points[-1].view[layout.S_HAND_HI]) == mine
    theirs = [ours.face_of("landunter").dealt_hands(t)[1] for t in (state.table, world.table)]
    assert theirs[0] != theirs[1]
