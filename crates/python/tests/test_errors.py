"""Bad input raises a clear exception and changes nothing."""

import numpy as np
import pytest

import tabuleiro
from tabuleiro import Batch, Env, GameOverError, IllegalActionError


def test_an_illegal_id_is_refused_and_changes_nothing():
    e = Env("catan", {"players": 4}, seed=3)
    before = e.state()
    illegal = int(np.flatnonzero(e.mask() == 0)[0])
    with pytest.raises(IllegalActionError, match="not one of the"):
        e.step(illegal)
    assert e.state() == before


@pytest.mark.parametrize("bad", [-1, 10**9, 2**63 - 1])
def test_an_out_of_range_id_is_refused(bad):
    e = Env("burgundy", {"players": 2}, seed=3)
    before = e.state()
    with pytest.raises(IllegalActionError, match="outside the action space"):
        e.step(bad)
    assert e.state() == before


@pytest.mark.parametrize("bad", [1.0, "3", None, True, np.array([1])])
def test_a_non_integer_id_is_refused(bad):
    e = Env("viscounts", {"players": 2}, seed=3)
    before = e.state()
    with pytest.raises(IllegalActionError):
        e.step(bad)
    assert e.state() == before


def test_a_finished_game_refuses_a_step():
    e = Env("viscounts", {"players": 2}, seed=4)
    rng = np.random.default_rng(1)
    while not e.over:
        e.step(int(rng.choice(e.legal_ids())))
    before = e.state()
    with pytest.raises(GameOverError):
        e.step(0)
    assert e.state() == before


def test_a_bad_config_or_game_is_a_value_error():
    with pytest.raises(ValueError, match="unknown game"):
        Env("chess")
    with pytest.raises(ValueError, match="catan config"):
        Env("catan", {"players": "four"})
    with pytest.raises(ValueError):
        Env("catan", opponents=["random"] * 4)
    with pytest.raises(ValueError, match="unknown bot"):
        Env("catan", opponents=[None, "alphazero"])
    with pytest.raises(ValueError, match="seat 7"):
        Env("catan").observe(7)


def test_a_wrong_shaped_batch_step_is_refused_and_moves_no_game():
    b = Batch("catan", 3, {"players": 4}, seed=1)
    obs, masks, *_ = b.current()
    states = [b_state(b, i) for i in range(3)]
    with pytest.raises(IllegalActionError, match="shape"):
        b.step(np.zeros((2,), dtype=np.int64))
    with pytest.raises(IllegalActionError, match="integers"):
        b.step(np.zeros((3,), dtype=np.float32))
    legal = [int(np.flatnonzero(m)[0]) for m in masks]
    legal[2] = b.action_space + 5
    with pytest.raises(IllegalActionError, match="game 2"):
        b.step(np.array(legal))
    assert [b_state(b, i) for i in range(3)] == states


def b_state(batch, i):
    obs, masks, agents, *_ = batch.current()
    return obs[i].tobytes(), masks[i].tobytes(), int(agents[i])


def test_the_games_are_listed():
    assert set(tabuleiro.GAMES) >= {"burgundy", "catan", "viscounts"}
