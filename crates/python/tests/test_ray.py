"""Ray: the bulk simulation sharded over Ray tasks, and RLlib's PettingZoo wrapper around
the environment (examples/rllib_pettingzoo.py), on a local Ray instance.

Needs the ``ray`` extra (``ray[rllib]``, no torch): scripts/python-tests.sh installs it.
Training itself needs torch and is not run here; RLlib's MultiAgentEnv API is.
"""

import argparse
import importlib.util
import os
import pickle
import sys
from pathlib import Path

import pytest
from gymnasium.spaces import Discrete

import ray
from ray import cloudpickle

from tabuleiro.ray import GameResult, play, shard, simulate

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "rllib_pettingzoo.py"


@pytest.fixture(scope="module")
def local_ray():
    """One small local instance for the module: two CPUs, no dashboard, no usage report,
    workers' output kept out of the test's."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
        object_store_memory=80 * 1024 * 1024,
    )
    yield
    ray.shutdown()


def load_example():
    spec = importlib.util.spec_from_file_location("rllib_pettingzoo", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_shard_keeps_order_and_balances():
    seeds = list(range(10, 20))
    runs = shard(seeds, 3)
    assert [len(r) for r in runs] == [4, 3, 3]
    assert [s for r in runs for s in r] == seeds
    assert shard([5, 6], 8) == [[5], [6]]
    with pytest.raises(ValueError):
        shard(seeds, 0)


def test_viscounts_sharded_equals_one_process(local_ray):
    seeds = list(range(100, 108))
    config = {"players": 2}
    alone = play("viscounts", config, seeds)
    for shards in (3, 8):
        assert simulate("viscounts", config, seeds, shards=shards) == alone
    assert [r.seed for r in alone] == seeds
    for r in alone:
        assert isinstance(r, GameResult) and not r.truncated and r.decisions > 0
        assert len(r.rewards) == len(r.scores) == 2
        assert sorted(r.rewards) == [-1.0, 1.0] or r.rewards == (0.0, 0.0)
    # Different seeds give different games, and the results are not all one game.
    assert len({(r.decisions, r.scores) for r in alone}) > 1


def test_catan_capped_and_with_a_bot_sharded_equals_one_process(local_ray):
    seeds = [7, 3, 11, 5]  # any order: the results come back in it
    config = {"players": 4}
    kwargs = dict(max_decisions=2000, opponents=[None, "greedy", None, "random"])
    alone = play("catan", config, seeds, **kwargs)
    assert simulate("catan", config, seeds, shards=2, **kwargs) == alone
    assert [r.seed for r in alone] == seeds
    for r in alone:
        assert r.decisions <= 2000 and len(r.scores) == 4
        if r.truncated:
            assert r.rewards == (0.0,) * 4


def test_a_callable_policy_is_sent_to_the_tasks(local_ray):
    first = lambda env, rng: env.legal_ids()[0]  # noqa: E731: cloudpickle takes a lambda
    seeds = [1, 2, 3]
    alone = play("viscounts", {"players": 2}, seeds, policy=first, max_decisions=60)
    assert simulate("viscounts", {"players": 2}, seeds, policy=first, shards=3, max_decisions=60) == alone
    assert alone != play("viscounts", {"players": 2}, seeds, max_decisions=60)


def test_bad_input_is_refused_before_any_task(local_ray):
    with pytest.raises(ValueError):
        simulate("viscounts", {"players": 9}, [1, 2])
    with pytest.raises(ValueError):
        simulate("viscounts", {"players": 2}, [1, 2], policy="best")
    assert simulate("viscounts", {"players": 2}, []) == []


def test_rllib_wrapper_steps_a_whole_game(local_ray):
    ex = load_example()
    from ray.rllib.env.multi_agent_env import MultiAgentEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    env = ex.make_env("viscounts", {"players": 2})
    assert isinstance(env, MultiAgentEnv)
    assert sorted(env.possible_agents) == ["player_0", "player_1"]
    space = env.observation_space["player_0"]
    assert set(space.spaces) == {"observations", "action_mask"}
    assert env.action_space["player_1"].n == space["action_mask"].shape[0]

    # The check every RLlib env runner makes of its environment: it steps a sampled action.
    check_multiagent_environments(env)
    # Spaces sent between RLlib's workers are plain ones.
    assert type(pickle.loads(pickle.dumps(env.action_space["player_0"]))) is Discrete

    obs, infos = env.reset(seed=5)
    (agent, o), = obs.items()
    assert space.contains(o)
    assert o["action_mask"].sum() >= 1

    game = ex.play_random_game(env, seed=5)
    assert not game["truncated"] and game["steps"] > 10
    assert sorted(game["returns"]) == ["player_0", "player_1"]
    assert sorted(game["returns"].values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert len(game["infos"]["player_0"]["scores"]) == 2
    # The same seed replays the same game through the wrapper.
    assert ex.play_random_game(env, seed=5) == game


def test_rllib_wrapper_in_ray_workers_with_bots_and_a_cap(local_ray):
    """The wrapped environment built inside Ray workers (as RLlib's env runners build it,
    from ``env_creator``): one learner against a bot in Catan, cut at 200 decisions."""
    ex = load_example()
    # The example is no importable module on the workers: send it by value.
    cloudpickle.register_pickle_by_value(ex)
    make = ray.remote(num_cpus=1)(
        lambda seed: ex.play_random_game(
            ex.env_creator({"game": "catan", "config": {"players": 3}, "opponents": [None, "random", "random"],
                            "max_decisions": 200}),
            seed,
        )
    )
    games = ray.get([make.remote(seed) for seed in (1, 2)])
    for game in games:
        assert list(game["returns"]) == ["player_0"]
        assert 0 < game["steps"] <= 200
        if game["truncated"]:
            assert game["returns"]["player_0"] == 0.0


def test_rllib_ppo_config_needs_torch_only_to_build(local_ray):
    """RLlib's PPO config with the action-masking module is assembled without torch; only
    building the algorithm needs torch, which CI does not install."""
    ex = load_example()
    args = argparse.Namespace(env_runners=0, hidden=16, batch=64, epochs=1, lr=1e-3, seed=1)
    config = ex.ppo_config("viscounts", {"players": 2}, [None, "random"], 100, args)
    assert config.env == "tabuleiro"
    assert config.env_config["opponents"] == [None, "random"]
    assert config.policy_mapping_fn("player_0", None) == "shared"
