"""Bulk simulation sharded over Ray tasks.

``simulate("catan", {"players": 4}, range(10_000), shards=64)`` splits the seeds into
``shards`` runs of consecutive seeds, plays each run in a Ray task (one CPU each, on any
machine of the Ray cluster this process is connected to) and returns one
:class:`GameResult` per seed, in the order the seeds were given::

    import ray
    from tabuleiro.ray import simulate

    ray.init()                        # or ray.init(address="auto") to join a cluster
    results = simulate("viscounts", {"players": 2}, range(1000), opponents=[None, "greedy"])
    wins = sum(r.rewards[0] > r.rewards[1] for r in results)

Every game is seeded on its own: game ``seed`` is dealt as ``tabuleiro.Env(game, config,
seed)`` deals it, the bots named in ``opponents`` play it as they would there, and the
default ``"random"`` policy draws among the legal ids with ``numpy.random.default_rng(seed)``.
So a game's result does not depend on the shard it lands in, on the number of shards or
on the machine: :func:`play` plays the same seeds in this process and gives the same
results, which is what a test holds the sharded run to.

Ray is imported only here (``pip install "tabuleiro[ray]"``), and only when
:func:`simulate` is called; :func:`play` needs no Ray.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

import numpy as np

from . import Env

__all__ = ["GameResult", "Policy", "play", "simulate", "shard"]

#: A policy: given the environment (its ``agent`` to decide, ``legal_ids()``, ``mask()``,
#: ``observe(seat)``) and the game's generator, the action id to play. Any callable that
#: Ray can pickle (cloudpickle: a lambda or a closure will do) is sent to the tasks.
Policy = Callable[[Env, np.random.Generator], int]


@dataclass(frozen=True)
class GameResult:
    """One game's outcome.

    ``decisions`` counts every seat's decisions, the bots' included; ``rewards`` are each
    seat's reward (+1 first place down to -1 last, 0 for every seat of a truncated game);
    ``scores`` each seat's score at the end (or at the cut); ``truncated`` is true when
    ``max_decisions`` stopped the game before its end.
    """

    seed: int
    decisions: int
    rewards: tuple[float, ...]
    scores: tuple[int, ...]
    truncated: bool


def random_policy(env: Env, rng: np.random.Generator) -> int:
    """Uniformly random among the legal ids (ascending, as ``legal_ids`` lists them)."""
    legal = env.legal_ids()
    return legal[int(rng.integers(len(legal)))]


def _policy(policy: Union[str, Policy]) -> Policy:
    if callable(policy):
        return policy
    if policy == "random":
        return random_policy
    raise ValueError(f"unknown policy {policy!r}: 'random' or a callable (env, rng) -> action id")


def play(
    game: str,
    config: Optional[Mapping[str, Any] | str] = None,
    seeds: Iterable[int] = (0,),
    *,
    policy: Union[str, Policy] = "random",
    opponents: Optional[Sequence[Optional[str]]] = None,
    max_decisions: Optional[int] = None,
) -> list[GameResult]:
    """Plays ``seeds`` one after another in this process, with no Ray: what each task of
    :func:`simulate` runs. ``policy`` decides for every seat not given to ``opponents``;
    its generator for game ``seed`` is ``numpy.random.default_rng(seed)``."""
    decide = _policy(policy)
    seeds = [int(s) for s in seeds]
    if not seeds:
        return []
    env = Env(game, config, seeds[0], opponents, max_decisions)
    results = []
    for seed in seeds:
        env.reset(seed)
        rng = np.random.default_rng(seed)
        while env.agent is not None:
            env.step(decide(env, rng))
        results.append(
            GameResult(
                seed=seed,
                decisions=int(env.decisions),
                rewards=tuple(float(r) for r in env.rewards()),
                scores=tuple(int(s) for s in env.scores()),
                truncated=bool(env.truncated),
            )
        )
    return results


def shard(seeds: Sequence[int], shards: int) -> list[list[int]]:
    """``seeds`` cut into at most ``shards`` runs of consecutive entries, in order, their
    lengths differing by at most one (no empty run)."""
    if shards < 1:
        raise ValueError(f"shards is at least 1, not {shards}")
    seeds = list(seeds)
    shards = min(shards, len(seeds))
    size, extra = divmod(len(seeds), shards) if shards else (0, 0)
    runs, start = [], 0
    for i in range(shards):
        end = start + size + (1 if i < extra else 0)
        runs.append(seeds[start:end])
        start = end
    return runs


_remote_play = None


def _remote():
    """``play`` as a Ray remote function, made once (Ray is imported here, not before)."""
    global _remote_play
    if _remote_play is None:
        import ray

        _remote_play = ray.remote(num_cpus=1)(play)
    return _remote_play


def simulate(
    game: str,
    config: Optional[Mapping[str, Any] | str] = None,
    seeds: Iterable[int] = (0,),
    *,
    policy: Union[str, Policy] = "random",
    shards: Optional[int] = None,
    opponents: Optional[Sequence[Optional[str]]] = None,
    max_decisions: Optional[int] = None,
) -> list[GameResult]:
    """Plays ``seeds`` in ``shards`` Ray tasks and returns one :class:`GameResult` per
    seed, in the seeds' order: the same list :func:`play` returns for the same arguments.

    ``shards`` defaults to the cluster's CPUs (each task takes one). Without a running
    Ray, ``ray.init()`` starts a local one, as Ray does on a first task. A bad game,
    config or bot spec raises here, before any task is sent; an error in a task is
    raised by Ray as a ``ray.exceptions.RayTaskError`` wrapping it.
    """
    import ray

    seeds = [int(s) for s in seeds]
    if not seeds:
        return []
    Env(game, config, seeds[0], opponents, max_decisions)  # refuse bad input here, not in a task
    _policy(policy)
    if not ray.is_initialized():
        ray.init()
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = _remote()
    tasks = [
        remote.remote(game, config, run, policy=policy, opponents=opponents, max_decisions=max_decisions)
        for run in shard(seeds, shards)
    ]
    results: list[GameResult] = []
    for part in ray.get(tasks):
        results.extend(part)
    return results
