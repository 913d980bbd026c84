"""The PettingZoo environments: PettingZoo's own tests, replay against the engine, bad input."""

import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from sim.envs import landunter_v0, luft_v0, pig_v0
from sim.games import get_game

ENVS = {"luft": luft_v0, "landunter": landunter_v0, "pig": pig_v0}
# api_test advises Box or Discrete (NumPy) observations; with action masks a Dict is PettingZoo's
# own convention (its classic games, which the advice exempts by name)
ADVICE = ("Observation space for each agent probably", "Observation is not a NumPy array")


def DICT_ADVICE(test):
    for text in ADVICE:
        test = pytest.mark.filterwarnings(f"ignore:{text}")(test)
    return test


@DICT_ADVICE
@pytest.mark.parametrize("game", ["luft", "landunter", "pig"])
def test_the_environments_pass_pettingzoos_api_and_seed_tests(game):
    api_test(ENVS[game].env(players=3), num_cycles=200)
    seed_test(lambda: ENVS[game].env(players=3), num_cycles=100)


def test_land_unter_rounds_pass_the_parallel_api_test():
    parallel_api_test(landunter_v0.parallel_env(players=4), num_cycles=200)


def test_the_parallel_environment_is_reproducible_from_its_seed():
    def play(seed):
        env = landunter_v0.parallel_env(players=4)
        obs, _ = env.reset(seed=seed)
        seen = []
        while env.agents:
            actions = {a: int(np.flatnonzero(o["action_mask"])[-1]) if o["action_mask"].any() else 0 for a, o in obs.items()}
            obs, rewards, *_ = env.step(actions)
            seen.append(sorted(rewards.items()))
        return seen

    assert play(4) == play(4)
    assert play(4) != play(5)


@pytest.mark.parametrize("game,bot", [("luft", "threshold"), ("landunter", "dodge")])
def test_reset_with_a_seed_deals_game_0_of_that_stream(game, bot):
    """A bot playing through the environment (on its observations) plays the
    game the trace of `sim <game> trace --seed S --game 0` shows."""
    spec = get_game(game)
    env = ENVS[game].env(players=3, render_mode="ansi")
    env.reset(seed=21)
    seat = spec.registry.parse(bot, 3)
    face = env.unwrapped.face
    rewards, scores = {}, {}
    for agent in env.agent_iter():
        obs, reward, done, _, info = env.last()
        if done:
            rewards[agent], scores[agent] = reward, info["score"]
            env.step(None)
            continue
        point = env.unwrapped.table.request
        assert np.array_equal(obs["observation"], point.view)  # exactly the bot's view
        env.step(face.call_bot(seat.bot.fn, point, seat.params))
    lines = []
    record = importlib.import_module(f"sim.games.{game}.reference").play_game(
        spec.rules_cls(players=3), [seat] * 3, 21, 0, lines.append
    )
    assert [line for line in env.render().splitlines() if " env" not in line] == [line for line in lines if bot not in line]
    assert [scores[f"seat_{s}"] for s in range(3)] == record.score
    assert [rewards[f"seat_{s}"] for s in range(3)] == [w / 60 for w in record.win60]


def test_an_illegal_action_names_the_action_and_the_mask():
    env = luft_v0.env(players=2)
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"illegal action {bad} for seat_0: the action_mask allows only"):
        env.step(bad)


def test_an_unknown_rule_option_is_refused_in_one_line():
    with pytest.raises(ValueError, match="unknown rule 'air_supply'"):
        luft_v0.env(rules={"air_supply": 3})
    with pytest.raises(ValueError, match="players"):
        landunter_v0.env(players=9)


def test_only_the_seat_to_move_has_an_action_mask_and_its_hand_is_its_own():
    env = landunter_v0.env(players=3)
    env.reset(seed=2)
    mover = env.agent_selection
    for agent in env.agents:
        obs = env.observe(agent)
        assert obs["action_mask"].any() == (agent == mover)
    table = env.unwrapped.table
    from sim.games.landunter import layout

    other = env.observe("seat_1")["observation"]
    assert other[layout.S_HAND_LO + 0] == other[layout.S_HAND_HI + 0] == 0  # seat 0's hand is not in seat 1's view
    assert table.request.seat == 0


def test_an_unknown_game_or_a_step_after_the_end_is_refused():
    from sim.envs.pettingzoo_env import env

    with pytest.raises(ValueError, match="unknown game 'chess'; choose one of"):
        env("chess")
    e = landunter_v0.env(players=3)
    e.reset(seed=5)
    for agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        if done:
            with pytest.raises(ValueError, match="only valid action is None"):
                e.step(0)  # PettingZoo's own rule for a finished agent
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
