"""One learner against tabuleiro's own bots, as a Gymnasium environment.

``SingleAgentEnv("catan", opponents="greedy")`` seats the learner at ``seat`` and gives
every other seat to the bot named (``"random"``, ``"greedy"``, ``"mcts:iters=200"``, or a
list naming one per other seat). The observation is a float32 vector from the learner's
view; the legal actions are in ``info["action_mask"]``, ``action_space.sample()`` draws among them, and :meth:`action_masks` (the
method name sb3-contrib's MaskablePPO looks for). The reward is 0 until the end, then +1
for first place down to -1 for last.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Env

__all__ = ["SingleAgentEnv", "LegalActions"]


class LegalActions(spaces.Discrete):
    """The action ids, sampled among the legal ones: ``sample()`` without a mask draws a
    legal decision of the learner's current position (as random play would), so a
    generic Gymnasium loop that samples its actions plays legal ones."""

    def __init__(self, n: int, mask_of) -> None:
        super().__init__(n)
        self._mask_of = mask_of

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            mask = self._mask_of()
            if not mask.any():
                mask = None
        return super().sample(mask=mask, probability=probability)


class SingleAgentEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        config: Optional[Mapping[str, Any] | str] = None,
        opponents: Union[str, Sequence[str]] = "random",
        seat: int = 0,
        max_decisions: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        probe = Env(game, config)
        players = probe.players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of this {players}-player game")
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"{len(others)} opponents named for {players - 1} other seats")
        bots: list[Optional[str]] = list(others)
        bots.insert(seat, None)
        self.seat = seat
        self.render_mode = render_mode
        self._game = Env(game, config, 0, bots, max_decisions)
        n, a = self._game.observation_len, self._game.action_space
        self.observation_space = spaces.Box(-np.inf, np.inf, (n,), np.float32)
        self.action_space = LegalActions(a, self.action_masks)

    def _info(self) -> dict:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        if self._game.agent is None:
            return np.zeros(self._game.action_space, dtype=np.int8)
        return self._game.mask()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63 - 1))
        self._game.reset(seed)
        return self._game.observe(self.seat), self._info()

    def step(self, action: Any):
        self._game.step(action)
        over = self._game.agent is None
        truncated = self._game.truncated
        reward = float(self._game.rewards()[self.seat]) if over else 0.0
        info = self._info()
        if over:
            info["scores"] = self._game.scores()
        return self._game.observe(self.seat), reward, over and not truncated, truncated, info

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return f"{self._game.game}: {self._game.decisions} decisions, scores {self._game.scores()}"
        return None
