#!/usr/bin/env python3
"""Speed of the learning environments, side by side with peers (issue 41).

Every figure is steps of a uniform random legal policy driven from Python, per second
of CPU time (``time.process_time``: the whole process, so with two threads it adds up
both threads) and per second of wall time (``time.perf_counter``).

- ``Batch``: tabuleiro's batch of ``--batch-games`` games stepped together in Rust.
  "with policy" times the whole loop, the numpy choice of a random legal id per row
  included; "env only" adds up the time spent inside ``batch.step`` alone (the choice is
  made outside the clocks). A step is one decision in one game: a call moves every game.
- Single environments: tabuleiro's PettingZoo AEC env (every seat an agent, each step
  an ``env.last()`` and an ``env.step``), tabuleiro's Gymnasium ``SingleAgentEnv``
  (one learner, the other seats tabuleiro's random bot) and catanatron's Gymnasium env
  (one learner, the other seats catanatron's ``RandomPlayer``). "with policy" times a
  run whose actions are drawn with numpy from the mask (ours) or from
  ``info["valid_actions"]`` (catanatron); "env only" replays the same actions from the
  same seeds with no policy, so it times the environment calls alone.
- fastcatan, where it imports: its ``BatchedEnv`` (``write_masks`` and
  ``step_autoreset``) and its ``Env`` (``legal_actions`` and ``step``). fastcatan 2.0
  builds no observation, so these are simulator steps, not observations.

Run it with the tabuleiro wheel installed (and catanatron-gym, pettingzoo, gymnasium;
fastcatan optional); ``--help`` lists the sizes. ``scripts/bench-learn.sh`` sets it up.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import random
import sys
import time
import warnings
from importlib import metadata

import numpy as np

# Base Catan as catanatron plays it: no trades between players (catanatron's random
# player never offers one, and its gym's action space has none), stopped at turn 1000.
CATAN = {"player_trades": False, "turn_limit": 1000}
MODES = {
    "catan": [("catan", 4, dict(CATAN, players=4)), ("catan", 3, dict(CATAN, players=3))],
    "burgundy": [("burgundy", 2, {"players": 2}), ("burgundy", 4, {"players": 4})],
    "viscounts": [("viscounts", 2, {"players": 2}), ("viscounts", 4, {"players": 4})],
}


def clocks() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def pick_rows(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform random legal id in each row of a 0/1 mask (games x actions)."""
    counts = mask.sum(axis=1, dtype=np.int32)
    k = (rng.random(len(counts)) * counts).astype(np.int32)
    return (np.cumsum(mask, axis=1, dtype=np.int32) > k[:, None]).argmax(axis=1)


def result(kind, game, players, steps, cpu, wall, env_cpu=None, env_wall=None, **extra):
    row = dict(kind=kind, game=game, players=players, steps=steps,
               cpu=cpu, wall=wall, cpu_rate=steps / cpu, wall_rate=steps / wall)
    if env_cpu is not None:
        row.update(env_cpu=env_cpu, env_wall=env_wall,
                   env_cpu_rate=steps / env_cpu, env_wall_rate=steps / env_wall)
    row.update(extra)
    return row


# ---------------------------------------------------------------- tabuleiro Batch

def bench_batch(game, players, config, games, calls, threads, seed, observations=True,
                in_place=False):
    from tabuleiro import Batch

    batch = Batch(game, games, config, seed=seed, threads=threads, observations=observations,
                  in_place=in_place)
    rng = np.random.default_rng(seed)
    mask = batch.current()[1]
    for _ in range(max(1, calls // 20)):  # warm-up, untimed
        mask = batch.step(pick_rows(mask, rng))[1]
    step_cpu = step_wall = 0.0
    episodes = 0
    cpu0, wall0 = clocks()
    for _ in range(calls):
        actions = pick_rows(mask, rng)
        c, w = clocks()
        _, mask, _, _, ended, _ = batch.step(actions)
        c2, w2 = clocks()
        step_cpu += c2 - c
        step_wall += w2 - w
        episodes += int(np.count_nonzero(ended))
    cpu1, wall1 = clocks()
    kind = (f"tabuleiro Batch({games}, threads={threads})" + ("" if observations else ", masks only")
            + (", in place" if in_place else ""))
    return result(kind, game, players, games * calls,
                  cpu1 - cpu0, wall1 - wall0, step_cpu, step_wall,
                  threads=threads, episodes=episodes, action_space=batch.action_space,
                  observation_len=batch.observation_len)


# ---------------------------------------------------------------- single environments

def aec_run(env, steps, seed, rng=None, replay=None):
    """PettingZoo AEC loop: every seat is an agent. A finished game is reset."""
    record = [] if replay is None else None
    episodes = 0
    env.reset(seed=seed)
    n = 0
    cpu0, wall0 = clocks()
    while n < steps:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            episodes += 1
            env.reset(seed=seed + episodes)
            continue
        if replay is None:
            ids = np.flatnonzero(obs["action_mask"])
            action = int(ids[rng.integers(len(ids))])
            record.append(action)
        else:
            action = replay[n]
        env.step(action)
        n += 1
    cpu1, wall1 = clocks()
    return cpu1 - cpu0, wall1 - wall0, record, episodes, n


def gym_run(env, steps, seed, decisions_of, rng=None, replay=None, valid=None, reseed=None):
    """Gymnasium loop: one learner. ``valid(info)`` gives the legal ids as a list
    (catanatron) or None to read ``info["action_mask"]`` (ours); ``reseed(seed)`` runs
    before each reset (catanatron draws its map from Python's global ``random``)."""
    record = [] if replay is None else None
    episodes = decisions = 0
    if reseed:
        reseed(seed)
    _, info = env.reset(seed=seed)
    n = 0
    cpu0, wall0 = clocks()
    while n < steps:
        if replay is not None:
            action = replay[n]
        elif valid is not None:
            ids = valid(info)
            action = ids[rng.integers(len(ids))]
            record.append(action)
        else:
            ids = np.flatnonzero(info["action_mask"])
            action = int(ids[rng.integers(len(ids))])
            record.append(action)
        _, _, term, trunc, info = env.step(action)
        n += 1
        if term or trunc:
            decisions += decisions_of(env)
            episodes += 1
            if reseed:
                reseed(seed + episodes)
            _, info = env.reset(seed=seed + episodes)
    cpu1, wall1 = clocks()
    decisions += decisions_of(env)
    return cpu1 - cpu0, wall1 - wall0, record, episodes, decisions


def bench_pettingzoo(game, players, config, steps, seed):
    from tabuleiro.pettingzoo import env as make

    env = make(game, config=config)
    aec_run(env, max(1, steps // 20), seed, rng=np.random.default_rng(seed))  # warm-up
    cpu, wall, record, episodes, n = aec_run(env, steps, seed, rng=np.random.default_rng(seed))
    env_cpu, env_wall, _, replayed, _ = aec_run(env, steps, seed, replay=record)
    assert replayed == episodes, "the replay diverged"
    return result("tabuleiro PettingZoo AEC", game, players, n, cpu, wall, env_cpu, env_wall,
                  episodes=episodes, decisions=n)


def bench_single_agent(game, players, config, steps, seed):
    from tabuleiro.gymnasium import SingleAgentEnv

    env = SingleAgentEnv(game, config, opponents="random")
    decisions_of = lambda e: e._game.decisions  # every seat's decisions, bots' included
    gym_run(env, max(1, steps // 20), seed, decisions_of, rng=np.random.default_rng(seed))
    cpu, wall, record, episodes, decisions = gym_run(
        env, steps, seed, decisions_of, rng=np.random.default_rng(seed))
    env_cpu, env_wall, _, replayed, decisions2 = gym_run(env, steps, seed, decisions_of, replay=record)
    assert (replayed, decisions2) == (episodes, decisions), "the replay diverged"
    return result("tabuleiro SingleAgentEnv vs random", game, players, steps, cpu, wall,
                  env_cpu, env_wall, episodes=episodes, decisions=decisions)


def bench_catanatron(players, steps, seed):
    import gymnasium
    from catanatron import Color, RandomPlayer

    colors = [Color.RED, Color.ORANGE, Color.WHITE][: players - 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gymnasium.make("catanatron_gym:catanatron-v1",
                             config={"enemies": [RandomPlayer(c) for c in colors]})
    decisions_of = lambda e: len(e.unwrapped.game.state.actions)  # every action, rolls and bots' included
    valid = lambda info: info["valid_actions"]
    # catanatron's Game(seed=0) takes a fresh random seed; start at 1.
    seed = max(seed, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gym_run(env, max(1, steps // 20), seed, decisions_of, rng=np.random.default_rng(seed),
                valid=valid, reseed=random.seed)
        cpu, wall, record, episodes, decisions = gym_run(
            env, steps, seed, decisions_of, rng=np.random.default_rng(seed), valid=valid,
            reseed=random.seed)
        env_cpu, env_wall, _, replayed, decisions2 = gym_run(
            env, steps, seed, decisions_of, replay=record, reseed=random.seed)
    assert env.unwrapped.invalid_actions_count == 0
    assert (replayed, decisions2) == (episodes, decisions), "the replay diverged"
    label = "catanatron gym (1v1, its default)" if players == 2 else "catanatron gym"
    return result(label, "catan", players, steps, cpu, wall, env_cpu, env_wall,
                  episodes=episodes, decisions=decisions)


def env_run(env, steps, seed, rng=None, replay=None):
    """tabuleiro's plain Env with no observation: legal ids and step, as fastcatan's Env."""
    record = [] if replay is None else None
    episodes = 0
    env.reset(seed)
    cpu0, wall0 = clocks()
    for n in range(steps):
        legal = env.legal_ids()
        if replay is None:
            action = legal[rng.integers(len(legal))]
            record.append(action)
        else:
            action = replay[n]
        env.step(action)
        if env.agent is None:
            episodes += 1
            env.reset(seed + episodes)
    cpu1, wall1 = clocks()
    return cpu1 - cpu0, wall1 - wall0, record, episodes


def bench_plain_env(game, players, config, steps, seed):
    from tabuleiro import Env

    env = Env(game, config)
    env_run(env, max(1, steps // 20), seed, rng=np.random.default_rng(seed))
    cpu, wall, record, episodes = env_run(env, steps, seed, rng=np.random.default_rng(seed))
    env_cpu, env_wall, _, replayed = env_run(env, steps, seed, replay=record)
    assert replayed == episodes, "the replay diverged"
    return result("tabuleiro Env (no observation)", game, players, steps, cpu, wall,
                  env_cpu, env_wall, episodes=episodes, decisions=steps)


# ---------------------------------------------------------------- fastcatan

def set_omp_threads(n):
    """fastcatan's BatchedEnv runs on OpenMP; set its thread count through the libgomp
    the extension loaded (the locally built wheel links the system's)."""
    with open("/proc/self/maps") as maps:
        libs = {line.split()[-1] for line in maps if "gomp" in line}
    if not libs:
        raise RuntimeError("fastcatan loaded no libgomp")
    for lib in libs:
        ctypes.CDLL(lib).omp_set_num_threads(int(n))


def bench_fastcatan_batch(games, calls, threads, seed):
    import fastcatan

    set_omp_threads(threads)
    env = fastcatan.BatchedEnv(games, seed)
    env.reset()
    masks = np.zeros((games, fastcatan.MASK_WORDS), dtype=np.uint64)
    actions = np.zeros(games, dtype=np.uint32)
    dones = np.zeros(games, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    width = fastcatan.NUM_ACTIONS

    def choose():
        bits = np.unpackbits(masks.view(np.uint8), axis=1, bitorder="little")[:, :width]
        actions[:] = pick_rows(bits, rng)

    for _ in range(max(1, calls // 20)):
        env.write_masks(masks)
        choose()
        env.step_autoreset(actions, dones)
    step_cpu = step_wall = 0.0
    episodes = 0
    cpu0, wall0 = clocks()
    env.write_masks(masks)
    for _ in range(calls):
        choose()
        c, w = clocks()
        env.step_autoreset(actions, dones)
        env.write_masks(masks)
        c2, w2 = clocks()
        step_cpu += c2 - c
        step_wall += w2 - w
        episodes += int(np.count_nonzero(dones))
    cpu1, wall1 = clocks()
    return result(f"fastcatan BatchedEnv({games}, threads={threads})", "catan", 4, games * calls,
                  cpu1 - cpu0, wall1 - wall0, step_cpu, step_wall, threads=threads,
                  episodes=episodes)


def fastcatan_run(env, steps, seed, rng=None, replay=None):
    record = [] if replay is None else None
    episodes = 0
    env.reset(seed=seed)
    cpu0, wall0 = clocks()
    for n in range(steps):
        legal = env.legal_actions()
        if replay is None:
            action = legal[rng.integers(len(legal))]
            record.append(action)
        else:
            action = replay[n]
        if env.step(action):
            episodes += 1
            env.reset(seed=seed + episodes)
    cpu1, wall1 = clocks()
    return cpu1 - cpu0, wall1 - wall0, record, episodes


def bench_fastcatan_single(steps, seed):
    import fastcatan

    env = fastcatan.Env()
    fastcatan_run(env, max(1, steps // 20), seed, rng=np.random.default_rng(seed))
    cpu, wall, record, episodes = fastcatan_run(env, steps, seed, rng=np.random.default_rng(seed))
    env_cpu, env_wall, _, replayed = fastcatan_run(env, steps, seed, replay=record)
    assert replayed == episodes, "the replay diverged"
    return result("fastcatan Env (no observation)", "catan", 4, steps, cpu, wall,
                  env_cpu, env_wall, episodes=episodes, decisions=steps)


# ---------------------------------------------------------------- report

def versions():
    out = {"python": platform.python_version()}
    for name in ("tabuleiro", "numpy", "gymnasium", "pettingzoo", "catanatron", "catanatron-gym",
                 "fastcatan"):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(l.split(":", 1)[1].strip() for l in info if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    out["cpu"] = f"{cpu}, {os.cpu_count()} cores"
    return out


def fmt(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def print_tables(rows, peer):
    batch = [r for r in rows if "threads" in r]
    single = [r for r in rows if "threads" not in r]
    print("\nBatched (one step = one decision in one game), steps per second:\n")
    print("| environment | game | players | steps | CPU s, with policy | CPU s, env only "
          "| wall s, with policy | wall s, env only |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for r in batch:
        print(f"| {r['kind']} | {r['game']} | {r['players']} | {r['steps']:,} | {fmt(r['cpu_rate'])} "
              f"| {fmt(r['env_cpu_rate'])} | {fmt(r['wall_rate'])} | {fmt(r['env_wall_rate'])} |")
    print("\nSingle environment (one step = one call of the learner's step), per CPU second:\n")
    print("| environment | game | players | steps | steps, with policy | steps, env only "
          "| all seats' decisions, with policy | decisions per step |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for r in single:
        dec = r["decisions"]
        print(f"| {r['kind']} | {r['game']} | {r['players']} | {r['steps']:,} | {fmt(r['cpu_rate'])} "
              f"| {fmt(r['env_cpu_rate'])} | {fmt(dec / r['cpu'])} | {dec / r['steps']:.2f} |")
    if not peer:
        return
    print("\nRatios against catanatron's gym in this run, per CPU second (with policy; env only in brackets):\n")
    duel = peer.get(2)
    full = peer.get(4)
    for r in rows:
        if r["game"] != "catan" or r["kind"].startswith("catanatron"):
            continue
        parts = []
        if duel:
            parts.append(f"{r['cpu_rate'] / duel['cpu_rate']:,.1f}x ({r['env_cpu_rate'] / duel['env_cpu_rate']:,.1f}x) "
                         "the steps of its 1v1 env")
        same = peer.get(r["players"])
        if r["kind"].startswith("tabuleiro SingleAgentEnv") and same:
            # Both: one learner, the other seats random bots inside the env.
            parts.append(f"{r['cpu_rate'] / same['cpu_rate']:,.1f}x ({r['env_cpu_rate'] / same['env_cpu_rate']:,.1f}x) "
                         f"the steps of its {r['players']}-player env")
        elif r["players"] == 4 and full:
            # Every seat driven from Python: each step is a decision; set it against
            # every decision (the learner's and its bots') catanatron's 4-player env takes.
            theirs = full["decisions"] / full["cpu"]
            parts.append(f"{r['cpu_rate'] / theirs:,.1f}x the decisions (all seats) of its 4-player env")
        print(f"- {r['kind']}, {r['players']} players: " + "; ".join(parts))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--games", default="catan,burgundy,viscounts",
                   help="tabuleiro games to measure (comma-separated)")
    p.add_argument("--batch-games", type=int, default=64, help="games in a Batch")
    p.add_argument("--batch-calls", type=int, default=1500, help="Batch.step calls per measurement")
    p.add_argument("--threads", default="1,2", help="Batch thread counts (comma-separated)")
    p.add_argument("--env-steps", type=int, default=15000,
                   help="steps per measurement of a tabuleiro or fastcatan single environment")
    p.add_argument("--peer-steps", type=int, default=3000,
                   help="steps per measurement of catanatron's gym")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-catanatron", action="store_true")
    p.add_argument("--no-fastcatan", action="store_true")
    p.add_argument("--json", help="also write every figure to this file")
    args = p.parse_args(argv)

    games = [g for g in args.games.split(",") if g]
    threads = [int(t) for t in args.threads.split(",") if t]
    info = versions()
    print("versions: " + ", ".join(f"{k} {v}" for k, v in info.items() if k != "cpu" and v))
    print(f"machine: {info['cpu']}")
    print(f"Catan config: {json.dumps(CATAN)} (base game)", flush=True)

    rows, peer = [], {}
    started = time.perf_counter()

    def note(row):
        rows.append(row)
        print(f"  {row['kind']}, {row['game']} {row['players']}p: {fmt(row['cpu_rate'])} steps/CPU s "
              f"({fmt(row['env_cpu_rate'])} env only), {fmt(row['wall_rate'])} steps/wall s", flush=True)

    if "catan" in games and not args.no_catanatron:
        for players in (2, 3, 4):
            peer[players] = bench_catanatron(players, args.peer_steps, args.seed)
            note(peer[players])
    fast = False
    if "catan" in games and not args.no_fastcatan:
        try:
            import fastcatan  # noqa: F401
            fast = True
        except ImportError as e:
            print(f"  fastcatan not measured: {e}")
    for game in games:
        for name, players, config in MODES[game]:
            if not (name == "catan" and players == 3):
                for t in threads:
                    note(bench_batch(name, players, config, args.batch_games, args.batch_calls, t, args.seed))
            if name == "catan" and players == 4:
                # fastcatan's batch builds no observation: ours without them is its match.
                # Its arrays are the caller's, written in place: ours in place are too.
                for t in threads:
                    for in_place in (False, True):
                        note(bench_batch(name, players, config, args.batch_games, args.batch_calls,
                                         t, args.seed, observations=False, in_place=in_place))
                note(bench_batch(name, players, config, args.batch_games, args.batch_calls, 1,
                                 args.seed, in_place=True))
            if name == "catan" and players == 4 and fast:
                for t in threads:
                    note(bench_fastcatan_batch(args.batch_games, args.batch_calls, t, args.seed))
            if not (name == "catan" and players == 3):
                note(bench_pettingzoo(name, players, config, args.env_steps, args.seed))
            if not (name == "catan" and players == 3):
                note(bench_plain_env(name, players, config, args.env_steps, args.seed))
            if name == "catan" and players == 4 and fast:
                note(bench_fastcatan_single(args.env_steps, args.seed))
            note(bench_single_agent(name, players, config, args.env_steps, args.seed))
    print(f"\n{time.perf_counter() - started:.0f} s in all")
    print_tables(rows, peer)
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"versions": info, "catan_config": CATAN, "args": vars(args), "rows": rows}, out, indent=1)


if __name__ == "__main__":
    sys.exit(main())
