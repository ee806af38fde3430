"""Smoke test of examples/learn_to_beat_random.py: it runs and returns finite figures.

Whether it learns is measured by the documented run (docs/learning-example.md), not here.
"""

import importlib.util
import math
import sys
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "learn_to_beat_random.py"


def load_example():
    spec = importlib.util.spec_from_file_location("learn_to_beat_random", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_training_and_evaluation_run_and_give_finite_numbers():
    ex = load_example()
    res = ex.train("viscounts", 2, episodes=8, seed=3, games=8, horizon=16, rank=4, log=None)
    assert res.episodes >= 8 and res.decisions > 0
    assert math.isfinite(res.seconds) and math.isfinite(res.train_win_rate_last)
    for name in res.policy.names():
        assert np.isfinite(getattr(res.policy, name)).all(), name
    for policy in (res.policy, None):
        ev = ex.evaluate("viscounts", 2, policy, 6, seed=11, parallel=3)
        assert ev.games == 6 and 0 <= ev.wins + ev.ties <= 6
        lo, hi = ev.interval
        assert 0.0 <= lo <= ev.win_rate <= hi <= 1.0
        assert math.isfinite(ev.mean_reward)


def test_training_is_deterministic_given_a_seed():
    ex = load_example()
    a = ex.train("burgundy", 2, episodes=4, seed=5, games=4, horizon=8, rank=4, log=None)
    b = ex.train("burgundy", 2, episodes=4, seed=5, games=4, horizon=8, rank=4, log=None)
    for name in a.policy.names():
        np.testing.assert_array_equal(getattr(a.policy, name), getattr(b.policy, name))


def test_wilson_interval():
    ex = load_example()
    lo, hi = ex.wilson(500, 1000)
    assert abs(lo - 0.469) < 1e-3 and abs(hi - 0.531) < 1e-3
