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
    "name,players,share,rules",
    [
        ("python_geteilte_luft", 2, 0.1, {}),
        ("python_geteilte_luft", 3, 0.1, {"swim": "deck-no-reshuffle"}),
        ("python_land_unter", 4, 0.03, {}),
        ("python_land_unter", 5, 0.04, {}),
    ],
)
def test_a_resampled_world_looks_the_same_to_the_seat(name, players, share, rules):
    """Recomputed from scratch, the seat's information state and legal actions
    in the resampled world equal the true ones."""
    game = pyspiel.load_game(name, {"players": players, **rules})
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


def test_a_deck_no_reshuffle_resample_reorders_only_the_swim_cards_still_in_the_deck():
    game = pyspiel.load_game("python_geteilte_luft", {"players": 2, "swim": "deck-no-reshuffle"})
    state, rand = game.new_initial_state(), np.random.default_rng(4)
    reordered = 0
    while not state.is_terminal():
        left = state.table.engine.swim_deck if state.table.engine else []
        if not state.is_chance_node() and len(set(left)) > 1:
            p = state.current_player()
            worlds = [state.resample(p, rand).table.engine.swim_deck for _ in range(6)]
            assert all(sorted(w) == sorted(left) for w in worlds)  # the same cards left ...
            reordered += any(w != left for w in worlds)  # ... in another order
        state.apply_action(state.legal_actions()[rand.integers(len(state.legal_actions()))])
    assert reordered >= 3


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


@pytest.mark.parametrize("name,params", [(g, {"players": 3}) for g in GAMES] + [("python_pig", {"players": 3, "goal": 30})])
def test_the_information_state_tensor_is_exactly_as_fine_as_the_string_in_the_declared_shape(name, params):
    """Over a random game, for every seat: two states with the same
    information state string give the same tensor, different ones different
    tensors; every tensor (and observation tensor) has the declared shape."""
    game = pyspiel.load_game(name, params)
    shape, obs_shape = game.information_state_tensor_shape(), game.observation_tensor_shape()
    state, rand = game.new_initial_state(), np.random.default_rng(5)
    seen: dict[tuple[int, str], tuple] = {}
    repeats = 0
    while not state.is_terminal() and len(seen) < 300:
        for p in range(game.num_players()):
            tensor = np.asarray(state.information_state_tensor(p))
            assert tensor.shape == tuple(shape)
            assert np.asarray(state.observation_tensor(p)).shape == tuple(obs_shape)
            key = (p, state.information_state_string(p))
            if key in seen:
                assert seen[key] == tuple(tensor)
                repeats += 1
            seen[key] = tuple(tensor)
        state.apply_action(state.legal_actions()[rand.integers(len(state.legal_actions()))])
    per_seat = [[t for (p, _), t in seen.items() if p == seat] for seat in range(game.num_players())]
    assert all(len(set(ts)) == len(ts) > 5 for ts in per_seat)  # different strings, different tensors
    assert repeats > 0


@pytest.mark.parametrize("name,players", [("python_geteilte_luft", 2), ("python_land_unter", 4)])
def test_a_world_the_seat_cannot_tell_apart_gives_the_same_information_state_tensor(name, players):
    """Recomputed from scratch in a resampled world (other hidden cards), the
    seat's tensor is the true one's; another seat's differs from it."""
    game = pyspiel.load_game(name, {"players": players})
    rand = np.random.default_rng(2)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 4:
        if not state.is_chance_node() and len(state.table.points) > 8 and rand.random() < 0.1:
            p = state.current_player()
            world = ours.State(game, state.resample(p, rand).table.clone())  # no carried-over cache
            assert world.information_state_tensor(p) == state.information_state_tensor(p)
            assert state.information_state_tensor(p) != state.information_state_tensor((p + 1) % players)
            checked += 1
        state.apply_action(state.legal_actions()[rand.integers(len(state.legal_actions()))])
    assert checked >= 2
