#!/usr/bin/env bash
# The Python package's tests: builds crates/python with maturin into a wheel, installs it
# into a fresh virtual environment (pip fetches maturin, numpy, PettingZoo, Gymnasium,
# OpenSpiel and pytest from PyPI) and runs crates/python/tests, PettingZoo's api_test and
# seed_test included. Then the Ray tests (tests/test_ray.py: the simulation sharded over
# Ray tasks, RLlib's PettingZoo wrapper) in a second fresh environment with the `ray`
# extra: RLlib pins Gymnasium to an older release than the Gymnasium checks above use,
# so the two cannot share one environment. No torch is installed (RLlib imports without it).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
venv="${TABULEIRO_VENV:-$target/python-venv}"
rayvenv="${TABULEIRO_RAY_VENV:-$target/python-ray-venv}"
wheels="$target/python-wheels"
python3 -m venv --clear "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
# The wheel builds into the shared target directory, next to the Rust tests' build.
rm -rf "$wheels"
CARGO_TARGET_DIR="$target" "$venv/bin/python" -m pip wheel --quiet --no-deps -w "$wheels" ./crates/python
wheel="$(ls "$wheels"/tabuleiro-*.whl)"
"$venv/bin/python" -m pip install --quiet "$wheel[test]"
"$venv/bin/python" -m pytest -q -p no:cacheprovider crates/python/tests --ignore=crates/python/tests/test_ray.py
python3 -m venv --clear "$rayvenv"
"$rayvenv/bin/python" -m pip install --quiet --upgrade pip
"$rayvenv/bin/python" -m pip install --quiet "$wheel[ray]" "pytest>=7"
"$rayvenv/bin/python" -m pytest -q -p no:cacheprovider crates/python/tests/test_ray.py
