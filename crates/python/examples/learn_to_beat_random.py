#!/usr/bin/env python3
"""Learn to beat random play with plain numpy (advantage actor-critic, no deep-learning library).

One learner sits at seat 0; every other seat is given to tabuleiro's built-in ``"random"``
bot, which the environment steps itself, so every row a :class:`tabuleiro.Batch` returns is
a decision of the learner. The policy scores only the legal action ids::

    h         = obs @ V                       # learned low-rank embedding of the observation
    logits[a] = b[a] + U[a] . h               # for the legal ids a, softmax among them

and a linear critic ``value = obs . w + c`` estimates the final reward (+1 first place,
-1 last). Training plays ``--games`` games at once in rollouts of ``--horizon`` decisions,
bootstraps unfinished games from the critic, and takes one Adam step per rollout (the
advantage is the final reward, or the critic's estimate, less the critic's value; a small
entropy bonus; the step size decays linearly to zero over the training games).

Then the trained policy (greedy: the legal id with the highest logit) and a uniform-random
policy in the same seat each play the same ``--eval-games`` evaluation deals (seeds
disjoint from training) against random opponents; their win rates are printed with 95%
Wilson intervals. A win is sole first place (a tie for first is counted apart).

Everything is seeded from ``--seed``: the same command with the same build of the
engines on the same machine prints the same figures (the times aside). The run uses one thread for the engine; numpy's BLAS is kept to one thread
as well (set before numpy is imported), so the timing is a one-core timing.

    python crates/python/examples/learn_to_beat_random.py --game viscounts --seed 1
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from tabuleiro import Batch

# ---------------------------------------------------------------------------------------
# The policy over legal ids
# ---------------------------------------------------------------------------------------


@dataclass
class Policy:
    b: np.ndarray  # (actions,) preference per action id
    U: np.ndarray  # (actions, rank) action embeddings
    V: np.ndarray  # (observation_len, rank) observation embedding
    w: np.ndarray  # (observation_len,) critic weights
    c: np.ndarray  # (1,) critic bias

    @classmethod
    def new(cls, obs_len: int, actions: int, rank: int, rng: np.random.Generator) -> "Policy":
        return cls(
            b=np.zeros(actions, np.float32),
            U=(rng.standard_normal((actions, rank)) * 0.01).astype(np.float32),
            V=(rng.standard_normal((obs_len, rank)) / math.sqrt(obs_len)).astype(np.float32),
            w=np.zeros(obs_len, np.float32),
            c=np.zeros(1, np.float32),
        )

    def names(self):
        return ("b", "U", "V", "w", "c")


@dataclass
class Legal:
    """The legal ids of a batch of rows, flattened row by row."""

    rows: np.ndarray  # row of each legal entry (sorted)
    cols: np.ndarray  # action id of each legal entry
    starts: np.ndarray  # first entry of each row

    @classmethod
    def of(cls, masks: np.ndarray) -> "Legal":
        rows, cols = np.nonzero(masks)
        if len(rows) == 0 or np.unique(rows).size != masks.shape[0]:
            raise RuntimeError("a row has no legal action")
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])
        return cls(rows, cols, starts)


def legal_logits(p: Policy, h: np.ndarray, legal: Legal) -> np.ndarray:
    return p.b[legal.cols] + np.einsum("ij,ij->i", p.U[legal.cols], h[legal.rows])


def segment_softmax(logits: np.ndarray, legal: Legal) -> np.ndarray:
    top = np.maximum.reduceat(logits, legal.starts)
    z = np.exp(logits - top[legal.rows])
    return z / np.add.reduceat(z, legal.starts)[legal.rows]


def choose(probs: np.ndarray, legal: Legal, u: np.ndarray) -> np.ndarray:
    """Index (into the flattened entries) of each row's draw by inverse CDF with uniforms u."""
    cum = np.cumsum(probs, dtype=np.float64)
    before = np.r_[0.0, cum][legal.starts]
    inside = cum - before[legal.rows]
    sizes = np.diff(np.r_[legal.starts, len(probs)])
    k = np.minimum(np.add.reduceat((inside < u[legal.rows]).astype(np.int64), legal.starts), sizes - 1)
    return legal.starts + k


def choose_greedy(logits: np.ndarray, legal: Legal) -> np.ndarray:
    top = np.maximum.reduceat(logits, legal.starts)
    at_top = np.flatnonzero(logits == top[legal.rows])
    # first entry reaching its row's maximum
    first = np.r_[True, legal.rows[at_top][1:] != legal.rows[at_top][:-1]]
    return at_top[first]


# ---------------------------------------------------------------------------------------
# Adam
# ---------------------------------------------------------------------------------------


class Adam:
    def __init__(self, params: Policy, lr: float, beta1=0.9, beta2=0.999, eps=1e-8):
        self.lr, self.b1, self.b2, self.eps, self.t = lr, beta1, beta2, eps, 0
        self.m = {n: np.zeros_like(getattr(params, n)) for n in params.names()}
        self.v = {n: np.zeros_like(getattr(params, n)) for n in params.names()}

    def ascend(self, params: Policy, grads: dict, lr_scale: float = 1.0):
        self.t += 1
        lr = self.lr * lr_scale * math.sqrt(1 - self.b2**self.t) / (1 - self.b1**self.t)
        for n, g in grads.items():
            m, v = self.m[n], self.v[n]
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            getattr(params, n)[...] += (lr * m / (np.sqrt(v) + self.eps)).astype(np.float32)


# ---------------------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------------------


@dataclass
class TrainResult:
    policy: Policy
    episodes: int
    decisions: int
    seconds: float
    train_win_rate_last: float  # sole-first rate over the last tenth of training episodes
    history: list = field(default_factory=list)  # (episodes, win rate, mean reward) per report


def opponents_for(players: int) -> list:
    return [None] + ["random"] * (players - 1)


def train(
    game: str = "viscounts",
    players: int = 2,
    episodes: int = 10_000,
    seed: int = 1,
    games: int = 64,
    horizon: int = 32,
    rank: int = 32,
    lr: float = 3e-3,
    entropy: float = 0.01,
    report_every: int = 1000,
    log: Optional[Callable[[str], None]] = print,
) -> TrainResult:
    """Train until ``episodes`` training games have ended; returns the policy and figures."""
    rng = np.random.default_rng(seed)
    batch = Batch(game, games, {"players": players}, seed=seed * 1_000_003, threads=1,
                  opponents=opponents_for(players))
    D, A = batch.observation_len, batch.action_space
    p = Policy.new(D, A, rank, rng)
    opt = Adam(p, lr)
    obs, masks, agents, _, _, _ = batch.current()

    done_eps = decisions = 0
    outcomes: list = []  # 1 sole first, 0 otherwise, per training episode
    rewards_seen: list = []
    history = []
    next_report = report_every
    t0 = time.perf_counter()
    while done_eps < episodes:
        # --- rollout ---
        O = np.empty((horizon, games, D), np.float32)
        R = np.zeros((horizon, games), np.float32)
        E = np.zeros((horizon, games), bool)
        legals, chosen, Hs = [], [], []
        for t in range(horizon):
            if (agents != 0).any():
                raise RuntimeError("a row is not the learner's decision")
            O[t] = obs
            legal = Legal.of(masks)
            h = obs @ p.V
            probs = segment_softmax(legal_logits(p, h, legal), legal)
            pick = choose(probs, legal, rng.random(games))
            obs, masks, agents, rew, ended, trunc = batch.step(legal.cols[pick])
            legals.append(legal)
            chosen.append(pick)
            Hs.append(h)
            R[t], E[t] = rew[:, 0], ended
            for r in rew[ended]:
                outcomes.append(float(r[0] > r[1:].max()))
                rewards_seen.append(float(r[0]))
            done_eps += int(ended.sum())
        decisions += horizon * games

        # --- targets: final reward, or the critic's estimate where the game goes on ---
        target = np.empty((horizon, games), np.float32)
        nxt = obs @ p.w + p.c[0]
        for t in range(horizon - 1, -1, -1):
            nxt = np.where(E[t], R[t], nxt)
            target[t] = nxt
        Of = O.reshape(-1, D)
        value = Of @ p.w + p.c[0]
        adv = target.reshape(-1) - value  # rewards lie in [-1, 1]: no rescaling needed

        # --- gradients (ascent directions) ---
        gb = np.zeros_like(p.b)
        gU = np.zeros_like(p.U)
        dh = np.zeros((horizon * games, rank), np.float32)
        for t in range(horizon):
            legal, pick, h = legals[t], chosen[t], Hs[t]
            logits = legal_logits(p, h, legal)  # same parameters as in the rollout
            probs = segment_softmax(logits, legal)
            onehot = np.zeros_like(probs)
            onehot[pick] = 1.0
            a_row = adv[t * games:(t + 1) * games]
            logp = np.log(probs + 1e-12)
            ent = -np.add.reduceat(probs * logp, legal.starts)
            g = a_row[legal.rows] * (onehot - probs) - entropy * probs * (logp + ent[legal.rows])
            gb += np.bincount(legal.cols, weights=g, minlength=A).astype(np.float32)
            np.add.at(gU, legal.cols, g[:, None] * h[legal.rows])
            dh[t * games:(t + 1) * games] = np.add.reduceat(g[:, None] * p.U[legal.cols], legal.starts)
        n = float(horizon * games)
        grads = {
            "b": gb / n,
            "U": gU / n,
            "V": (Of.T @ dh) / n,
            "w": (Of.T @ adv) / n,  # critic: descend the squared error
            "c": np.array([adv.mean()], np.float32),
        }
        opt.ascend(p, grads, lr_scale=max(0.0, 1.0 - done_eps / episodes))  # linear decay to 0

        if done_eps >= next_report or done_eps >= episodes:
            recent = outcomes[-report_every:]
            wr = float(np.mean(recent)) if recent else float("nan")
            mr = float(np.mean(rewards_seen[-report_every:])) if recent else float("nan")
            history.append((done_eps, wr, mr))
            if log:
                log(f"  {done_eps:>7} episodes  {time.perf_counter() - t0:7.1f} s  "
                    f"win rate (last {len(recent)}, sampling) {wr:.3f}  mean reward {mr:+.3f}")
            while next_report <= done_eps:
                next_report += report_every

    tail = outcomes[-max(1, len(outcomes) // 10):]
    return TrainResult(p, done_eps, decisions, time.perf_counter() - t0, float(np.mean(tail)), history)


# ---------------------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple:
    if n == 0:
        return (float("nan"), float("nan"))
    phat = wins / n
    den = 1 + z * z / n
    mid = (phat + z * z / (2 * n)) / den
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / den
    return (mid - half, mid + half)


@dataclass
class EvalResult:
    games: int
    wins: int
    ties: int
    mean_reward: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple:
        return wilson(self.wins, self.games)


def evaluate(game: str, players: int, policy: Optional[Policy], n_games: int, seed: int,
             parallel: int = 100) -> EvalResult:
    """Play ``n_games`` deals with seat 0 chosen by ``policy`` (greedy) or uniformly at random
    (``policy=None``), the other seats by the random bot. Deals depend on ``seed`` only, so
    two policies evaluated with one seed meet the same deals (the opponents' and the
    dice's draws then follow the game's own course)."""
    parallel = max(1, min(parallel, n_games))
    batch = Batch(game, parallel, {"players": players}, seed=seed, threads=1,
                  opponents=opponents_for(players))
    # each slot plays its first quota episodes, so short games are not over-represented
    quota = np.full(parallel, n_games // parallel)
    quota[: n_games % parallel] += 1
    played = np.zeros(parallel, int)
    wins = ties = 0
    total = 0.0
    rng = np.random.default_rng(seed)
    obs, masks, _, _, _, _ = batch.current()
    while (played < quota).any():
        legal = Legal.of(masks)
        if policy is None:
            sizes = np.diff(np.r_[legal.starts, len(legal.cols)])
            pick = legal.starts + np.minimum((rng.random(parallel) * sizes).astype(np.int64), sizes - 1)
        else:
            pick = choose_greedy(legal_logits(policy, obs @ policy.V, legal), legal)
        obs, masks, _, rew, ended, _ = batch.step(legal.cols[pick])
        for i in np.flatnonzero(ended):
            if played[i] < quota[i]:
                played[i] += 1
                r = rew[i]
                best_other = r[1:].max()
                wins += int(r[0] > best_other)
                ties += int(r[0] == best_other and r[0] == r.max())
                total += float(r[0])
    return EvalResult(n_games, wins, ties, total / n_games)


# ---------------------------------------------------------------------------------------


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="viscounts", choices=["viscounts", "burgundy"])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--episodes", type=int, default=10_000, help="training games")
    ap.add_argument("--eval-games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=64, help="games played at once in training")
    ap.add_argument("--horizon", type=int, default=32, help="decisions per game per rollout")
    ap.add_argument("--rank", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--entropy", type=float, default=0.01)
    args = ap.parse_args(argv)

    print(f"{args.game}, {args.players} players: learner at seat 0, the random bot elsewhere; "
          f"seed {args.seed}, {args.episodes} training games ({args.games} at once, horizon {args.horizon}, "
          f"rank {args.rank}, lr {args.lr}, entropy {args.entropy}), {args.eval_games} evaluation games")
    start = time.perf_counter()
    res = train(args.game, args.players, args.episodes, args.seed, args.games, args.horizon,
                args.rank, args.lr, args.entropy, report_every=max(1, args.episodes // 20))
    print(f"trained: {res.episodes} episodes, {res.decisions} decisions, {res.seconds:.1f} s")

    # training deals are seeded from seed * 1_000_003 up; evaluation deals from 10**12 up,
    # 1_000_003 apart per seed, so no two seeds (nor training and evaluation) share deals
    eval_seed = 10**12 + args.seed * 1_000_003
    t_eval = time.perf_counter()
    learned = evaluate(args.game, args.players, res.policy, args.eval_games, eval_seed)
    baseline = evaluate(args.game, args.players, None, args.eval_games, eval_seed)
    eval_s = time.perf_counter() - t_eval
    print(f"evaluation deals: Batch seed {eval_seed}, {min(100, args.eval_games)} games at once")
    for name, r in (("trained (greedy)", learned), ("uniform random", baseline)):
        lo, hi = r.interval
        print(f"{name:>17} at seat 0: win {r.win_rate:.3f} [{lo:.3f}, {hi:.3f}] "
              f"({r.wins}/{r.games}, {r.ties} tied first), mean reward {r.mean_reward:+.3f}")
    print(f"evaluation: {eval_s:.1f} s; total run time {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
