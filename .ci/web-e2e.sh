#!/bin/sh
# The browser client's checks: the committed JS equals what tsc makes of web/src,
# then the end-to-end tests in headless Chromium. Runs unattended as root on a clean
# Debian clone (CI=true); `.ci/run` calls it.
set -eu
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

(cd web && npm ci --no-audit --no-fund)

# The JS in crates/web/assets is committed so that running needs no Node; it must
# be exactly what the TypeScript sources compile to.
(cd web && npx tsc -p .)
git diff --exit-code -- crates/web/assets
# A module tsc made but nobody committed (a new game's) counts as stale too.
untracked=$(git ls-files --others --exclude-standard -- crates/web/assets)
if [ -n "$untracked" ]; then
  echo "compiled but not committed: $untracked" >&2
  exit 1
fi

target="${CARGO_TARGET_DIR:-target}"
bin="$target/release/tabuleiro"
cargo build --release
TABULEIRO_BIN="$bin" node --test web/e2e/
