#!/usr/bin/env bash
# The whole test suite, as the README names it and .ci/run calls it: the
# formatting and clippy checks the style guide asks for, a throwaway PostgreSQL
# (installed if missing), every Rust test in release mode (SQLite and PostgreSQL,
# processes, random play), the Python package's tests, then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo --version
# clippy and rustfmt are rustup components that a minimal toolchain lacks.
if command -v rustup >/dev/null; then
  installed="$(rustup component list --installed)"
  for component in clippy rustfmt; do
    grep -q "^$component" <<<"$installed" || rustup component add "$component"
  done
fi
cargo fmt --all --check
# In release, as the tests below build: clippy shares their dependencies' build.
cargo clippy --release --workspace --all-targets -- -D warnings
# The mail tests run a real SMTP server on loopback: Debian's python3-aiosmtpd.
if ! /usr/bin/python3 -c "import aiosmtpd" 2>/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-aiosmtpd
fi
TABULEIRO_TEST_POSTGRES="$(.ci/postgres.sh)"
export TABULEIRO_TEST_POSTGRES
echo "PostgreSQL for the tests: $TABULEIRO_TEST_POSTGRES"
cargo test --release --workspace
# The Python package in a fresh virtual environment: PettingZoo's and Gymnasium's own
# checks, the batched environment against the single one, bad input.
scripts/python-tests.sh
if [ -x .ci/web-e2e.sh ]; then
  .ci/web-e2e.sh
fi
