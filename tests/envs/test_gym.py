"""The Gymnasium single-agent wrapper."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from sim.envs import single_agent


@pytest.mark.parametrize("game,players,opponents", [("luft", 2, "trained"), ("landunter", 4, "trained,dodge,counter")])
def test_the_single_agent_wrapper_passes_gymnasiums_check_env(game, players, opponents):
    check_env(single_agent(game, seat=1, opponents=opponents, players=players), skip_render_check=True)


def test_an_episode_ends_with_the_seats_win_share_and_an_illegal_action_ends_it_at_0():
    env = single_agent("landunter", seat=2, opponents="dodge", players=3)
    env.reset(seed=8)
    total, done = 0.0, False
    while not done:
        _, reward, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        total += reward
    assert total == info["win_share"] and 0 <= total <= 1
    env.reset(seed=8)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(bad)
    assert done and reward == 0.0 and info["illegal_action"] == bad


def test_bad_opponents_are_refused():
    with pytest.raises(ValueError, match="got 2 opponent specs for 3 other seats"):
        single_agent("luft", opponents="trained,dodge", players=4)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        single_agent("luft", opponents="nobody")
