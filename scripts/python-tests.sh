#!/usr/bin/env bash
# The Python package's tests: builds crates/python with maturin into a fresh virtual
# environment (pip fetches maturin, numpy, PettingZoo, Gymnasium and pytest from
# PyPI) and runs crates/python/tests, PettingZoo's api_test and seed_test included.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
venv="${TABULEIRO_VENV:-$target/python-venv}"
python3 -m venv --clear "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
# The wheel builds into the shared target directory, next to the Rust tests' build.
CARGO_TARGET_DIR="$target" "$venv/bin/python" -m pip install --quiet "./crates/python[test]"
"$venv/bin/python" -m pytest -q -p no:cacheprovider crates/python/tests
