"""The three games as OpenSpiel games: OpenSpiel's own random simulation test, explicit
chance nodes, and its information-set MCTS deciding on them."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import tabuleiro.openspiel as tos

MODES = [
    ("viscounts", {"players": 2}),
    ("viscounts", {"players": 1}),
    ("catan", {"players": 3, "turn_limit": 12}),
    ("catan", {"players": 3, "expansion": "cities_and_knights", "turn_limit": 8}),
    ("burgundy", {"players": 2}),
]


@pytest.mark.parametrize("game,config", MODES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(MODES)])
def test_openspiels_random_simulation(game, config):
    pyspiel.random_sim_test(tos.load(game, config, seed=3), num_sims=1, serialize=False, verbose=False)


def test_chance_nodes_list_their_outcomes():
    state = tos.load("catan", {"players": 4}, seed=1).new_initial_state()
    rng = np.random.default_rng(2)
    seen = 0
    while not state.is_terminal() and seen < 20:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            if len(outcomes) == 36:
                assert "dice" in state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
            seen += 1
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert seen == 20


def test_a_resampled_state_looks_the_same_to_its_player():
    game = tos.load("viscounts", {"players": 3}, seed=5)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(40):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.observation_string(player) == state.observation_string(player)
    assert other.legal_actions() == state.legal_actions()
    np.testing.assert_array_equal(other.observation_tensor(player), state.observation_tensor(player))


@pytest.mark.parametrize(
    "game,config",
    [("viscounts", {"players": 2}), ("catan", {"players": 3, "turn_limit": 6})],
)
def test_openspiels_ismcts_decides(game, config):
    g = tos.load(game, config, seed=7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        g, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2),
        use_observation_string=True,
    )
    state = g.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = bot.step(state)
    assert action in state.legal_actions()
