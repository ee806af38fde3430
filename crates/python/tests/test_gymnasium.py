"""One learner against tabuleiro's bots, checked by Gymnasium's own env checker."""

import numpy as np
import pytest
from gymnasium.utils import env_checker as checker
from gymnasium.utils.passive_env_checker import env_reset_passive_checker, env_step_passive_checker

from tabuleiro.gymnasium import SingleAgentEnv


@pytest.mark.parametrize(
    "game,config,opponents",
    [
        ("catan", {"players": 3}, "random"),
        ("burgundy", {"players": 2}, "greedy"),
        ("viscounts", {"players": 2}, "random"),
        ("burgundy", {"players": 1, "modules": ["solo"]}, "random"),
    ],
)
def test_gymnasiums_checks(game, config, opponents):
    """Gymnasium's check_env, less its step-determinism check, which samples an action
    before a reset and so assumes every action legal in every position; the same check
    with a legal action follows."""
    env = SingleAgentEnv(game, config, opponents=opponents)
    checker.check_action_space(env.action_space)
    checker.check_observation_space(env.observation_space)
    checker.check_reset_return_type(env)
    checker.check_reset_seed_determinism(env)
    checker.check_reset_options(env)
    env_reset_passive_checker(env)
    env_step_passive_checker(env, env.action_space.sample())
    # Newer Gymnasium releases only (RLlib's pin lacks it).
    if hasattr(checker, "check_returned_data_not_reused"):
        checker.check_returned_data_not_reused(env)
    first = [env.reset(seed=123)]
    action = env.action_space.sample()
    first.append(env.step(action))
    again = [env.reset(seed=123), env.step(action)]
    np.testing.assert_array_equal(first[0][0], again[0][0])
    np.testing.assert_array_equal(first[1][0], again[1][0])
    assert first[1][1:4] == again[1][1:4]


def test_an_episode_against_greedy_ends_with_a_reward():
    env = SingleAgentEnv("viscounts", {"players": 2}, opponents="greedy", seat=1)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done, reward, steps = False, 0.0, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        steps += 1
    assert reward in (1.0, -1.0)
    assert steps > 20
