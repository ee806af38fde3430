#!/usr/bin/env python3
"""Train RLlib's PPO on a tabuleiro game through RLlib's PettingZoo wrapper, with action masking.

The environment is ``tabuleiro.pettingzoo.env(game, config=..., opponents=...)``, a
PettingZoo AEC environment, wrapped by RLlib's own ``PettingZooEnv`` into an RLlib
``MultiAgentEnv``: at each step the one agent to act gets its observation and the others
wait. Between the two sits :class:`RLlibObservation`, a PettingZoo wrapper that renames
the observation's keys to the ones RLlib's action-masking module reads
(``{"observations", "action_mask"}``), hands the mask over as float32, and gives each
agent an action space whose ``sample()`` draws a legal id (RLlib's environment check,
run by every env runner, steps a sampled action).

The policy is RLlib's ``ActionMaskingTorchRLModule`` (from RLlib's examples): a PPO
network over the observation whose logits are set to -inf outside the mask, so every
sampled action is legal. Every agent maps to one shared module ("self-play with shared
weights"); seats given to ``--opponents`` bots are not agents, so
``--opponents random`` trains one learner against tabuleiro's random bot.

Needs ``pip install "tabuleiro[ray]" torch`` (torch is not in the ``ray`` extra: PyPI's
build is several GB with CUDA; a CPU build from PyTorch's own index is enough here).
Without torch, :func:`make_env` and :func:`play_random_game` still run (the test does).

    python crates/python/examples/rllib_pettingzoo.py --game viscounts --players 2 \\
        --opponents random --iterations 5

Prints one line per iteration: environment steps sampled so far, episodes, the learner's
mean return (+1 first place, -1 last) and the seconds taken.
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Mapping, Optional, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper

import tabuleiro.pettingzoo
from tabuleiro.gymnasium import LegalActions

# RLlib's wrapper of a PettingZoo AEC environment into its MultiAgentEnv.
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv


class AgentsLegalActions(LegalActions):
    """An agent's ``Discrete`` action space whose ``sample()`` draws among that agent's
    legal ids (RLlib's environment check steps a sampled action). Pickled or copied (as
    RLlib sends spaces between its workers) it is a plain ``Discrete`` of the same size."""

    def __reduce__(self):
        return (spaces.Discrete, (int(self.n),))


class RLlibObservation(BaseWrapper):
    """tabuleiro's ``{"observation", "action_mask" (int8)}`` as RLlib's action-masking
    module reads it: ``{"observations", "action_mask" (float32)}``, and action spaces that
    sample legal ids. Nothing else changes."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self._observation_spaces, self._action_spaces = {}, {}
        for agent in env.possible_agents:
            inner = env.observation_space(agent)
            n = inner["action_mask"].shape[0]
            self._observation_spaces[agent] = spaces.Dict(
                {
                    "observations": inner["observation"],
                    "action_mask": spaces.Box(0.0, 1.0, (n,), np.float32),
                }
            )
            self._action_spaces[agent] = AgentsLegalActions(
                n, lambda agent=agent: self.env.observe(agent)["action_mask"]
            )

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def observe(self, agent: str) -> dict:
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"].astype(np.float32)}


def make_env(
    game: str,
    config: Optional[Mapping[str, Any]] = None,
    opponents: Optional[Sequence[Optional[str]]] = None,
    max_decisions: Optional[int] = None,
) -> PettingZooEnv:
    """The tabuleiro game as an RLlib ``MultiAgentEnv``, through RLlib's PettingZoo wrapper."""
    aec = tabuleiro.pettingzoo.env(game, config=config, opponents=opponents, max_decisions=max_decisions)
    return PettingZooEnv(RLlibObservation(aec))


def env_creator(env_config: Mapping[str, Any]) -> PettingZooEnv:
    """What ``ray.tune.registry.register_env`` calls in every env runner."""
    return make_env(
        env_config["game"],
        env_config.get("config"),
        env_config.get("opponents"),
        env_config.get("max_decisions"),
    )


def play_random_game(env: PettingZooEnv, seed: int) -> dict:
    """One game through RLlib's MultiAgentEnv API (``reset``/``step`` with action dicts),
    each decision drawn among the mask's legal ids. Returns the decisions taken, each
    agent's summed reward and the last step's infos (the scores)."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    returns: dict[str, float] = {}
    steps = 0
    while True:
        assert len(obs) == 1, "one agent acts at a time"
        (agent, o), = obs.items()
        legal = np.flatnonzero(o["action_mask"])
        obs, rewards, terminated, truncated, infos = env.step({agent: int(rng.choice(legal))})
        steps += 1
        for a, r in rewards.items():
            returns[a] = returns.get(a, 0.0) + float(r)
        if terminated["__all__"] or truncated["__all__"]:
            return {"steps": steps, "returns": returns, "infos": infos, "truncated": truncated["__all__"]}


def ppo_config(game: str, config: Optional[Mapping[str, Any]], opponents, max_decisions, args):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env("tabuleiro", env_creator)
    env_config = {"game": game, "config": config, "opponents": opponents, "max_decisions": max_decisions}
    return (
        PPOConfig()
        .environment("tabuleiro", env_config=env_config)
        .framework("torch")
        .env_runners(num_env_runners=args.env_runners, rollout_fragment_length="auto")
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=RLModuleSpec(
                module_class=ActionMaskingTorchRLModule,
                model_config={"fcnet_hiddens": [args.hidden, args.hidden], "fcnet_activation": "relu"},
            ),
        )
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(args.batch, 256),
            num_epochs=args.epochs,
            lr=args.lr,
            gamma=1.0,
            entropy_coeff=0.01,
        )
        .debugging(seed=args.seed)
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="viscounts", choices=["catan", "burgundy", "viscounts"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random",
                        help="bot for every seat but seat 0 ('random', 'greedy', 'mcts:iters=200'), "
                             "or 'none' for self-play of every seat with shared weights")
    parser.add_argument("--max-decisions", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--batch", type=int, default=2000, help="environment steps per training batch")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--env-runners", type=int, default=1)
    parser.add_argument("--num-cpus", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import ray

    config = {"players": args.players}
    opponents = None if args.opponents == "none" else [None] + [args.opponents] * (args.players - 1)
    ray.init(num_cpus=args.num_cpus, include_dashboard=False)
    try:
        algo = ppo_config(args.game, config, opponents, args.max_decisions, args).build_algo()
        start = time.time()
        for i in range(1, args.iterations + 1):
            result = algo.train()
            runners = result.get("env_runners", {})
            returns = {a: round(float(r), 3) for a, r in runners.get("agent_episode_returns_mean", {}).items()}
            print(
                f"iteration {i}: {int(runners.get('num_env_steps_sampled_lifetime', 0))} steps, "
                f"{int(runners.get('num_episodes_lifetime', 0))} episodes, "
                f"mean return {returns}, {time.time() - start:.0f} s",
                flush=True,
            )
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
