"""The batched environment agrees step for step with single environments."""

import numpy as np
import pytest

from modes import IDS, MODES
from tabuleiro import Batch, Env, IllegalActionError

GAMES = 3


def play_along(game, config, steps, threads):
    batch = Batch(game, GAMES, config, seed=100, threads=threads, max_decisions=150)
    singles = [Env(game, config, seed=100 + i, max_decisions=150) for i in range(GAMES)]
    episodes = [0] * GAMES
    rng = np.random.default_rng(7)
    obs, masks, agents, rewards, ended, truncated = batch.current()
    history = []
    for _ in range(steps):
        for i, env in enumerate(singles):
            assert agents[i] == env.agent
            np.testing.assert_array_equal(obs[i], env.observe(env.agent))
            np.testing.assert_array_equal(masks[i], env.mask())
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks], dtype=np.int64)
        obs, masks, agents, rewards, ended, truncated = batch.step(actions)
        history.append((obs.copy(), masks.copy(), agents.copy(), rewards.copy(), ended.copy()))
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
            assert bool(ended[i]) == env.over
            assert bool(truncated[i]) == env.truncated
            if env.over:
                np.testing.assert_array_equal(rewards[i], np.array(env.rewards(), dtype=np.float32))
                episodes[i] += 1
                env.reset(100 + episodes[i] * GAMES + i)
            else:
                assert not rewards[i].any()
    return history, episodes


@pytest.mark.parametrize("name,game,config", MODES, ids=IDS)
def test_batch_agrees_with_single_envs(name, game, config):
    _, episodes = play_along(game, config, 400, threads=1)
    assert sum(episodes) >= 1, "some game ended and was reset"


def test_threads_play_the_same_games():
    one, _ = play_along("catan", {"players": 4}, 200, threads=1)
    two, _ = play_along("catan", {"players": 4}, 200, threads=2)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_a_batch_without_observations_plays_the_same_games():
    with_obs = Batch("catan", 4, {"players": 4}, seed=9)
    without = Batch("catan", 4, {"players": 4}, seed=9, observations=False)
    rng = np.random.default_rng(3)
    a, b = with_obs.current(), without.current()
    assert b[0].shape == (4, 0)
    for _ in range(300):
        np.testing.assert_array_equal(a[1], b[1])
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in a[1]])
        a, b = with_obs.step(actions), without.step(actions)
        for x, y in zip(a[1:], b[1:]):
            np.testing.assert_array_equal(x, y)


def test_an_in_place_batch_plays_the_same_games_in_its_own_arrays():
    copied = Batch("catan", 4, {"players": 4}, seed=9, max_decisions=150)
    shared = Batch("catan", 4, {"players": 4}, seed=9, max_decisions=150, in_place=True)
    rng = np.random.default_rng(5)
    a, b = copied.current(), shared.current()
    first = b
    ended = 0
    for _ in range(600):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
            assert x.dtype == y.dtype and x.shape == y.shape
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in a[1]])
        a, b = copied.step(actions), shared.step(actions)
        assert all(x is y for x, y in zip(b, first)), "the batch's own arrays, rewritten"
        ended += int(b[4].sum())
    assert ended >= 1, "some game ended and was reset"
    # A refused step writes nothing and moves no game.
    before = [x.copy() for x in b]
    with pytest.raises(IllegalActionError, match="game 1"):
        shared.step(np.array([int(np.flatnonzero(b[1][0])[0]), shared.action_space, 0, 0]))
    for x, y in zip(before, b):
        np.testing.assert_array_equal(x, y)
    np.testing.assert_array_equal(shared.current()[1], copied.current()[1])


def test_ids_in_any_integer_form_play_the_same_games():
    """An int64 array takes the short way in; a list or an int32 array is converted."""
    forms = [lambda ids: ids, list, lambda ids: ids.astype(np.int32)]
    batches = [Batch("catan", GAMES, {"players": 4}, seed=3) for _ in forms]
    rng = np.random.default_rng(1)
    masks = batches[0].current()[1]
    for _ in range(60):
        ids = np.array([int(rng.choice(np.flatnonzero(m))) for m in masks], dtype=np.int64)
        rows = [b.step(form(ids)) for b, form in zip(batches, forms)]
        for row in rows[1:]:
            for mine, theirs in zip(rows[0], row):
                np.testing.assert_array_equal(mine, theirs)
        masks = rows[0][1]


def test_single_environment_arrays_are_the_callers_own():
    env = Env("catan", {"players": 4}, seed=2)
    obs, mask = env.observe(env.agent), env.mask()
    first_obs, first_mask = obs.copy(), mask.copy()
    obs[:] = 9.0
    mask[:] = 0
    np.testing.assert_array_equal(env.observe(env.agent), first_obs)
    np.testing.assert_array_equal(env.mask(), first_mask)
