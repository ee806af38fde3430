"""PettingZoo AEC environments for every tabuleiro game and mode.

``env("catan", config={"expansion": "cities_and_knights"})`` is a PettingZoo ``AECEnv``:
agents ``player_0 … player_{n-1}``, a ``Discrete`` action space numbering every decision
of the game (the same id means the same decision in every game of that config), and an
observation ``{"observation": float32 vector, "action_mask": int8 vector}`` built from the
agent's own view. Chance and the rulebooks' automata (the AutoDuke in solo Burgundy, the
Viscounts solo AI) are stepped inside; seats given to ``opponents`` are played by
tabuleiro's bots and are not agents.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from . import Env

__all__ = ["env", "raw_env", "TabuleiroAEC"]


class TabuleiroAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "tabuleiro_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        config: Optional[Mapping[str, Any] | str] = None,
        opponents: Optional[Sequence[Optional[str]]] = None,
        max_decisions: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        self._game = Env(game, config, 0, opponents, max_decisions)
        self.metadata = dict(self.metadata, name=f"tabuleiro_{game}_v0")
        self.render_mode = render_mode
        bots = list(opponents or [])
        self._seats = [s for s in range(self._game.players) if s >= len(bots) or bots[s] is None]
        self.possible_agents = [f"player_{s}" for s in self._seats]
        self._seat_of = {f"player_{s}": s for s in self._seats}
        n, a = self._game.observation_len, self._game.action_space
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (n,), np.float32),
                    "action_mask": spaces.Box(0, 1, (a,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(a) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def observe(self, agent: str) -> dict:
        seat = self._seat_of[agent]
        if self._game.agent == seat:
            mask = self._mask.copy()
        else:
            mask = np.zeros(self._game.action_space, dtype=np.int8)
        return {"observation": self._game.observe(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        for agent in self.possible_agents:
            self._action_spaces[agent].seed(seed)
        self._game.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        """The agent to act and its mask, built once a decision."""
        seat = self._game.agent
        if seat is not None:
            self.agent_selection = f"player_{seat}"
            self._mask = self._game.mask()
            self.infos[self.agent_selection] = {"action_mask": self._mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._game.step(action)
        self._cumulative_rewards[agent] = 0.0
        if self._game.agent is None:
            rewards = self._game.rewards()
            truncated = self._game.truncated
            for a in self.agents:
                self.rewards[a] = float(rewards[self._seat_of[a]])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = {"scores": self._game.scores()}
            self._accumulate_rewards()
        else:
            # Every reward is 0 until the game ends (so since reset): nothing to zero
            # or to accumulate.
            self._select()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            seat = self._game.agent
            legal = [self._game.action_text(i) for i in self._game.legal_ids()]
            return f"{self._game.game}: seat {seat} to act, {len(legal)} decisions: {legal[:8]}"
        return None

    def close(self) -> None:
        pass


def raw_env(game: str, **kwargs: Any) -> TabuleiroAEC:
    return TabuleiroAEC(game, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, with ``last()`` and ``step()`` asked of the
    environment at once: the inherited ones read attributes through the wrapper's
    ``__getattr__``, each a check and a forward (``last()`` five of them, about a fifth
    of a step). The checks and their messages are PettingZoo's own (1.24 to 1.27)."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def __str__(self) -> str:
        return str(self.env)


def env(game: str, **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game`` with PettingZoo's usual checks: an illegal or
    out-of-range id raises :class:`tabuleiro.IllegalActionError` and changes nothing."""
    return _OrderEnforcing(raw_env(game, **kwargs))
