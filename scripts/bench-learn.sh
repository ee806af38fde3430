#!/usr/bin/env bash
# Speed of the learning environments side by side with catanatron's gym (and fastcatan
# where it builds), random legal play driven from Python (issue 41).
#
#   scripts/bench-learn.sh [bench_envs.py options]     e.g. --batch-calls 300 --env-steps 3000
#
# One run of crates/python/bench/bench_envs.py measures every environment in one
# process, in CPU seconds (time.process_time) and wall seconds, and prints the tables
# and the ratios against catanatron measured in that same run (docs/learning-speed.md).
#
# The virtualenv goes in $BENCH_VENV, by default target/bench-learn-venv: catanatron
# 3.2.1 and catanatron-gym 4.0.0 (which pins gymnasium 0.29.1), PettingZoo 1.24.3 (the
# last release that accepts gymnasium 0.29; tabuleiro's wrappers ask for >= 0.29 and
# >= 1.24), numpy, maturin, and tabuleiro's wheel, built in release into
# $CARGO_TARGET_DIR. fastcatan 2.0.0 is published for Python >= 3.12 only, because of
# nanobind's stable ABI; on an older Python its sdist is built with the stable ABI
# turned off (two lines of its build files, nothing in its code) and
# -march=x86-64-v2 as its own wheels are. FASTCATAN=0 skips it; if it fails to build,
# the benchmark runs without it.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=$(realpath -m "${BENCH_VENV:-target/bench-learn-venv}")
target=$(realpath -m "${CARGO_TARGET_DIR:-target}")
wheels="$target/bench-learn-wheels"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    "$venv/bin/pip" install --quiet "maturin>=1.7,<2" numpy "catanatron==3.2.1" \
        "catanatron-gym==4.0.0" "gymnasium==0.29.1" "pettingzoo==1.24.3"
fi
py="$venv/bin/python"

rm -rf "$wheels" && mkdir -p "$wheels"
(cd crates/python && CARGO_TARGET_DIR="$target" "$venv/bin/maturin" build --quiet --release -o "$wheels")
"$venv/bin/pip" install --quiet --force-reinstall --no-deps "$wheels"/tabuleiro-*.whl

# Called as `build_fastcatan || ...`, where bash ignores `set -e`: each step is chained.
build_fastcatan() {
    if "$py" -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then
        "$venv/bin/pip" install --quiet "fastcatan==2.0.0"
        return
    fi
    local src dir ok=0
    src=$(mktemp -d)
    dir="$src/fastcatan-2.0.0"
    # Its Python floor and abi3 tag come from nanobind's STABLE_ABI alone: build a
    # wheel for this interpreter's own ABI instead.
    "$venv/bin/pip" download --quiet --no-deps --no-binary fastcatan --ignore-requires-python \
        -d "$src" "fastcatan==2.0.0" &&
    tar -xzf "$src"/fastcatan-2.0.0.tar.gz -C "$src" &&
    sed -i 's/find_package(Python 3.12 REQUIRED/find_package(Python 3.9 REQUIRED/;
            s/Development.Module Development.SABIModule)/Development.Module)/;
            /^ *STABLE_ABI$/d' "$dir/CMakeLists.txt" &&
    sed -i 's/^requires-python = ">=3.12"/requires-python = ">=3.9"/;
            s/^wheel.py-api = "cp312"/wheel.py-api = ""/' "$dir/pyproject.toml" &&
    "$venv/bin/pip" wheel --quiet --no-deps -w "$src/wheel" \
        -C cmake.define.FASTCATAN_ARCH=x86-64-v2 "$dir" &&
    "$venv/bin/pip" install --quiet --no-deps "$src"/wheel/fastcatan-*.whl || ok=$?
    rm -rf "$src"
    return "$ok"
}
if [ "${FASTCATAN:-1}" != 0 ] && ! "$py" -c 'import fastcatan' 2>/dev/null; then
    build_fastcatan || echo "fastcatan did not build: measuring without it" >&2
fi

"$py" crates/python/bench/bench_envs.py "$@"
