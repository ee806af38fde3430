"""PettingZoo's own checks on every game and mode."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from modes import IDS, MODES
from tabuleiro.pettingzoo import env


@pytest.mark.parametrize("name,game,config", MODES, ids=IDS)
def test_api(name, game, config):
    api_test(env(game, config=config), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("name,game,config", MODES, ids=IDS)
def test_seed(name, game, config):
    seed_test(lambda: env(game, config=config), num_cycles=200)


def test_a_whole_game_ends_with_rewards_by_place():
    e = env("catan", config={"players": 3})
    e.reset(seed=5)
    import numpy as np

    rng = np.random.default_rng(0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    finals = e.unwrapped._game.rewards()
    assert steps > 100
    assert max(finals) == 1.0 and min(finals) == -1.0


def test_opponents_leave_only_the_agents_seats():
    e = env("viscounts", config={"players": 3}, opponents=[None, "random", "greedy"])
    e.reset(seed=1)
    assert e.possible_agents == ["player_0"]
    assert e.agent_selection == "player_0"


def test_last_before_reset_is_refused_as_pettingzoo_refuses_it():
    e = env("catan")
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=3)
    obs, reward, term, trunc, info = e.last()
    assert obs["action_mask"].any() and reward == 0.0 and not term and not trunc
    assert str(e) == "tabuleiro_catan_v0"


def test_step_before_reset_is_refused_as_pettingzoo_refuses_it():
    e = env("catan")
    with pytest.raises(AssertionError, match="reset"):
        e.step(0)
    e.reset(seed=3)
    obs, *_ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.last()[0]["action_mask"].any()
