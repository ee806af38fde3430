#!/usr/bin/env bash
# The whole test suite, as the README names it and .ci/run calls it:
# a throwaway PostgreSQL (installed if missing), every Rust test in release mode
# (SQLite and PostgreSQL, processes, random play), then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo --version
TABULEIRO_TEST_POSTGRES="$(.ci/postgres.sh)"
export TABULEIRO_TEST_POSTGRES
echo "PostgreSQL for the tests: $TABULEIRO_TEST_POSTGRES"
cargo test --release --workspace
if [ -x .ci/web-e2e.sh ]; then
  .ci/web-e2e.sh
fi
