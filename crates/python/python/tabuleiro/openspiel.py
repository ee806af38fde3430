"""The three games as OpenSpiel games (its Python game API), so OpenSpiel's algorithms
run on them.

``tabuleiro.openspiel.load("catan", {"players": 3}, seed=1)`` returns a ``pyspiel.Game``
registered as ``python_tabuleiro_catan`` (also ``..._burgundy`` and ``..._viscounts``;
``pyspiel.load_game("python_tabuleiro_catan", {"config": '{"players":3}', "seed": 1})``
after ``import tabuleiro.openspiel``). Decisions are the fixed action ids of
:class:`tabuleiro.Env`; the observation tensor is a seat's observation, built from its
own view.

Chance: every chance step whose outcomes the engine can list (Catan's rolls, with the
event die, and steals; Viscounts' draws from a pile; Burgundy's rolls with up to two
seats and the AutoDuke's die and cards) is an explicit chance node with its
probabilities. Steps with too many outcomes to list (a shuffled deck, a board drawn at
setup, the tiles of a Burgundy phase) are drawn inside from the ``seed`` parameter, so
a state copied by ``clone()`` draws the same ones; ``resample_from_infostate`` (used by
information-set MCTS) redraws what the player cannot see, and the later draws, from the
sampler it is given.
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional

import numpy as np
import pyspiel

from . import config_json
from ._tabuleiro import Env as _Env

__all__ = ["load", "TabuleiroGame", "TabuleiroState"]

#: The games and their seats, as OpenSpiel registers them.
_GAMES = {"burgundy": (1, 4), "catan": (3, 4), "viscounts": (1, 4)}
#: The most outcomes one listed chance step has (a round's roll with two seats and the
#: white die: 6^5).
_MAX_CHANCE_OUTCOMES = 6**5
#: A bound on a game's length in decisions and chance steps, for algorithms that size
#: buffers by it (no random game of any mode comes near it).
_MAX_GAME_LENGTH = 100_000


def _game_type(name: str) -> pyspiel.GameType:
    least, most = _GAMES[name]
    return pyspiel.GameType(
        short_name=f"python_tabuleiro_{name}",
        long_name=f"tabuleiro {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=least,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"config": "{}", "seed": 0},
    )


class TabuleiroGame(pyspiel.Game):
    """One of the three games with its config (``config``: the game's options as JSON)."""

    def __init__(self, name: str, params: Optional[Mapping[str, Any]] = None) -> None:
        params = dict(params or {})
        self.name = name
        self.config = params.get("config", "{}")
        self.seed = int(params.get("seed", 0))
        probe = _Env(name, self.config, self.seed, None, None, True)
        self._players = probe.players
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_space,
            max_chance_outcomes=_MAX_CHANCE_OUTCOMES,
            num_players=probe.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, {"config": self.config, "seed": self.seed})
        self.observation_len = probe.observation_len

    def new_initial_state(self) -> "TabuleiroState":
        return TabuleiroState(self, _Env(self.name, self.config, self.seed, None, None, True))

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TabuleiroObserver":
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("tabuleiro observations are a seat's view now, not its whole history")
        return TabuleiroObserver(self.observation_len)


class TabuleiroState(pyspiel.State):
    def __init__(self, game: TabuleiroGame, env: _Env) -> None:
        super().__init__(game)
        self._env = env

    def current_player(self) -> int:
        if self._env.is_chance:
            return pyspiel.PlayerId.CHANCE
        seat = self._env.agent
        return pyspiel.PlayerId.TERMINAL if seat is None else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return self._env.legal_ids() if self._env.agent == player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(enumerate(self._env.chance_probabilities()))

    def _apply_action(self, action: int) -> None:
        if self._env.is_chance:
            self._env.apply_chance(int(action))
        else:
            self._env.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._env.chance_text(int(action)) or f"chance:{action}"
        return self._env.action_text(int(action)) or f"action:{action}"

    def is_terminal(self) -> bool:
        return self._env.agent is None and not self._env.is_chance

    def returns(self) -> list[float]:
        return [float(r) for r in self._env.rewards()]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "TabuleiroState":
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else 0
        return TabuleiroState(self.get_game(), self._env.resample(player_id, seed))

    def __str__(self) -> str:
        return f"{self._env.game}: {self._env.decisions} decisions, scores {self._env.scores()}"


class TabuleiroObserver:
    """A seat's observation: ``tensor`` (float32) and ``dict`` (one piece)."""

    def __init__(self, length: int) -> None:
        self.tensor = np.zeros(length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabuleiroState, player: int) -> None:
        self.tensor[:] = np.frombuffer(state._env.observe(player), dtype=np.float32)

    def string_from(self, state: TabuleiroState, player: int) -> str:
        return json.dumps(json.loads(state._env.view_json(player)), sort_keys=True)


class BurgundyGame(TabuleiroGame):
    def __init__(self, params=None) -> None:
        super().__init__("burgundy", params)


class CatanGame(TabuleiroGame):
    def __init__(self, params=None) -> None:
        super().__init__("catan", params)


class ViscountsGame(TabuleiroGame):
    def __init__(self, params=None) -> None:
        super().__init__("viscounts", params)


# Classes, as OpenSpiel's own Python games register (a registered closure outlives the
# interpreter and crashes its exit).
for _name, _class in (("burgundy", BurgundyGame), ("catan", CatanGame), ("viscounts", ViscountsGame)):
    pyspiel.register_game(_game_type(_name), _class)


def load(game: str, config: Optional[Mapping[str, Any] | str] = None, seed: int = 0) -> pyspiel.Game:
    """The OpenSpiel game of ``game`` with ``config``; its listed-out draws come from ``seed``."""
    text = config_json(config) or "{}"
    return pyspiel.load_game(f"python_tabuleiro_{game}", {"config": text, "seed": int(seed)})
