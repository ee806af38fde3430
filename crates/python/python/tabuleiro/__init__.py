"""tabuleiro: learning environments for The Castles of Burgundy, Viscounts of the West
Kingdom and Catan (base and Cities & Knights), on tabuleiro's exact Rust engines.

- :class:`Env`: one game stepped by action ids, each seat's observation from its own view.
- :class:`Batch`: many games stepped together in Rust (Python's lock released), numpy
  arrays in and out, each game reset on its own when it ends.
- :mod:`tabuleiro.pettingzoo`: PettingZoo AEC environments (``tabuleiro.pettingzoo.env``).
- :mod:`tabuleiro.gymnasium`: one learner against tabuleiro's bots (``SingleAgentEnv``).
- :mod:`tabuleiro.openspiel`: the games as OpenSpiel games, explicit chance nodes included.

Chance, the rulebooks' automata (the AutoDuke, the Viscounts solo AI) and any seat given
to a bot are stepped inside: an agent only ever sees decisions of its own seats.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional, Sequence

import numpy as np

from ._tabuleiro import GAMES, GameOverError, IllegalActionError
from ._tabuleiro import Batch as _Batch
from ._tabuleiro import Env as _Env

# The arrays' forms on the Rust side (little-endian), as dtype objects: numpy reads a
# dtype object faster than a name, and every step reads one.
_INT64 = np.dtype("<i8")
_F32 = np.dtype("<f4")
_I32 = np.dtype("<i4")
_I8 = np.dtype("i1")
_BOOL = np.dtype("?")

__all__ = ["GAMES", "Env", "Batch", "IllegalActionError", "GameOverError", "config_json"]


def config_json(config: Optional[Mapping[str, Any] | str]) -> Optional[str]:
    """A game config as the engine reads it: a mapping of the game's options (the same
    JSON ``tabuleiro play --config`` takes), already-encoded JSON, or ``None`` for the
    defaults."""
    if config is None or isinstance(config, str):
        return config
    if not isinstance(config, Mapping):
        raise TypeError(f"config must be a mapping of options or JSON text, not {type(config).__name__}")
    return json.dumps(dict(config))


def _ids(action: Any) -> int:
    """An action id as an int; a float, a bool or an array is refused, not rounded."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(f"an action id is an integer, not {action!r}")
    return int(action)


class Env:
    """One game stepped by action ids.

    ``opponents`` gives seats to tabuleiro's bots (``"random"``, ``"greedy"``,
    ``"mcts:iters=200"``; ``None`` leaves the seat to the agent): the environment decides
    for them, as it does for chance and the rules' automata.
    """

    def __init__(
        self,
        game: str,
        config: Optional[Mapping[str, Any] | str] = None,
        seed: int = 0,
        opponents: Optional[Sequence[Optional[str]]] = None,
        max_decisions: Optional[int] = None,
    ) -> None:
        self._env = _Env(
            game, config_json(config), int(seed), list(opponents) if opponents else None, max_decisions
        )

    game = property(lambda self: self._env.game)
    players = property(lambda self: self._env.players)
    action_space = property(lambda self: self._env.action_space)
    observation_len = property(lambda self: self._env.observation_len)
    agent = property(lambda self: self._env.agent, doc="The seat to decide now; None once the game ended.")
    truncated = property(lambda self: self._env.truncated)
    decisions = property(lambda self: self._env.decisions)

    @property
    def over(self) -> bool:
        return self._env.agent is None

    def reset(self, seed: int = 0) -> None:
        self._env.reset(int(seed))

    def mask(self) -> np.ndarray:
        """The seat to act's action mask (int8, ``action_space`` long)."""
        return np.frombuffer(self._env.mask(), _I8)

    def legal_ids(self) -> list[int]:
        return self._env.legal_ids()

    def observe(self, seat: int) -> np.ndarray:
        """``seat``'s observation (float32), built from what that seat may see."""
        return np.frombuffer(self._env.observe(int(seat)), _F32)

    def observe_every_seat(self) -> np.ndarray:
        """Every seat's observation, stacked: privileged information (all hands), for
        analysis or centralised critics, never a seat's own observation."""
        flat = np.frombuffer(self._env.observe_every_seat(), _F32)
        return flat.reshape(self.players, self.observation_len)

    def step(self, action: Any) -> None:
        self._env.step(_ids(action))

    def rewards(self) -> list[float]:
        """Each seat's reward: 0 until the end, then +1 for first place down to -1 for last."""
        return self._env.rewards()

    def scores(self) -> list[int]:
        return self._env.scores()

    def action_text(self, action: int) -> Optional[str]:
        return self._env.action_text(int(action))

    def view(self, seat: Optional[int] = None) -> Any:
        """What ``seat`` may see (a spectator with ``None``), as the engine's view."""
        return json.loads(self._env.view_json(seat))

    def state(self) -> Any:
        """The whole state, secrets included: for debugging, never for an agent."""
        return json.loads(self._env.state_json())


class Batch:
    """``games`` games of one game and config stepped together in Rust.

    Game ``i``'s ``k``-th episode is seeded ``seed + k*games + i``, on any number of
    ``threads``. :meth:`step` takes one action id per game (for the seat to act in it)
    and returns ``(observations, masks, agents, rewards, ended, truncated)``: the
    observation and mask of the seat to act next (after an ended game, of the next
    game's first seat to act), that seat, each seat's reward where a game just ended,
    and the flags. A refused id in any game raises and moves no game. With
    ``observations=False`` the observations array has no columns (a policy that reads
    only the masks skips building them). With ``in_place=True`` every call returns the
    batch's own arrays, rewritten by the next step with no copy (as fastcatan's
    ``write_masks``): copy what you keep. An in-place step holds Python's lock.
    """

    def __init__(
        self,
        game: str,
        games: int,
        config: Optional[Mapping[str, Any] | str] = None,
        seed: int = 0,
        threads: int = 1,
        opponents: Optional[Sequence[Optional[str]]] = None,
        max_decisions: Optional[int] = None,
        observations: bool = True,
        in_place: bool = False,
    ) -> None:
        self._batch = _Batch(
            game, int(games), config_json(config), int(seed), int(threads),
            list(opponents) if opponents else None, max_decisions, bool(observations),
        )
        self.games = self._batch.games
        self.row_len = self._batch.row_len
        self.players = self._batch.players
        self.action_space = self._batch.action_space
        self.observation_len = self._batch.observation_len
        self._shape = (self.games,)
        self.in_place = bool(in_place)
        if self.in_place:
            self._buffer, self._views = self._in_place_arrays()

    def _in_place_arrays(self):
        """One bytearray for every array, in the order the Rust side writes it: the
        4-byte values first (observations, agents, rewards), then masks and flags."""
        n = self.games
        parts = [
            ("<f4", (n, self.row_len)),
            ("<i4", (n,)),
            ("<f4", (n, self.players)),
            ("i1", (n, self.action_space)),
            ("?", (n,)),
            ("?", (n,)),
        ]
        sizes = [np.dtype(t).itemsize * int(np.prod(shape)) for t, shape in parts]
        buffer = bytearray(sum(sizes))
        views, offset = [], 0
        for (dtype, shape), size in zip(parts, sizes):
            count = size // np.dtype(dtype).itemsize
            views.append(np.frombuffer(buffer, dtype=dtype, count=count, offset=offset).reshape(shape))
            offset += size
        obs, agents, rewards, masks, ended, truncated = views
        return buffer, (obs, masks, agents, rewards, ended, truncated)

    def _arrays(self, raw):
        obs, masks, agents, rewards, ended, truncated = raw
        n = self.games
        return (
            np.frombuffer(obs, _F32).reshape(n, self.row_len),
            np.frombuffer(masks, _I8).reshape(n, self.action_space),
            np.frombuffer(agents, _I32),
            np.frombuffer(rewards, _F32).reshape(n, self.players),
            np.frombuffer(ended, _BOOL),
            np.frombuffer(truncated, _BOOL),
        )

    def current(self):
        """The current rows (rewards and flags zero)."""
        if self.in_place:
            self._batch.current_in_place(self._buffer)
            return self._views
        return self._arrays(self._batch.current())

    def step(self, actions: Any):
        # The usual call, an int64 array of the batch's length, skips the conversions.
        if type(actions) is np.ndarray and actions.dtype == _INT64 and actions.shape == self._shape:
            raw = actions.tobytes()
        else:
            raw = self._ids(actions)
        if self.in_place:
            self._batch.step_in_place(raw, self._buffer)
            return self._views
        return self._arrays(self._batch.step(raw))

    def _ids(self, actions: Any) -> bytes:
        """``actions`` as the batch's little-endian int64 ids, or the refusal."""
        ids = np.asarray(actions)
        if ids.shape != (self.games,):
            raise IllegalActionError(f"a batch of {self.games} games takes an array of shape ({self.games},), not {ids.shape}")
        if not np.issubdtype(ids.dtype, np.integer):
            raise IllegalActionError(f"action ids are integers, not {ids.dtype}")
        return np.ascontiguousarray(ids, dtype=_INT64).tobytes()
