#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for the tests (installing it first if missing) and
# prints the URL to use. Source-free: `export TABULEIRO_TEST_POSTGRES=$(.ci/postgres.sh)`.
set -euo pipefail
PORT="${PGPORT_TEST:-55432}"
DIR="${PGDATA_TEST:-/tmp/tabuleiro-pg}"
bin=""
for v in 17 16 15 14 13; do
  if [ -x "/usr/lib/postgresql/$v/bin/initdb" ]; then bin="/usr/lib/postgresql/$v/bin"; break; fi
done
if [ -z "$bin" ]; then
  echo "installing PostgreSQL" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
# initdb refuses to run as root: the cluster belongs to the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! as_pg "$bin/pg_ctl -D $DIR status" >/dev/null 2>&1; then
  rm -rf "$DIR"
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_pg "$bin/initdb -D $DIR -U postgres --auth=trust -E UTF8" >/dev/null
  as_pg "$bin/pg_ctl -D $DIR -l $DIR/log -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off' -w start" >/dev/null
fi
psql -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='tabuleiro'" | grep -q 1 \
  || psql -h 127.0.0.1 -p "$PORT" -U postgres -qc "CREATE DATABASE tabuleiro" >&2
echo "postgres://postgres@127.0.0.1:$PORT/tabuleiro"
