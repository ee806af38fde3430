#!/usr/bin/env bash
# Side by side: random play of base Catan, 4 players, in catanatron (Python) and in
# tabuleiro, on one core, in CPU seconds (issue 11, "Speed").
#
#   scripts/bench-catan.sh [CATANATRON_GAMES] [OUR_GAMES]
#
# Both play complete 4-player base games with uniform random bots, no trades between
# players (catanatron's random player never offers one), stopped at turn 1000 as
# catanatron stops them. catanatron is timed in-process with time.process_time();
# ours is timed as a child process (user + system CPU from getrusage), so the figures
# are CPU seconds on one core for both, whatever else the machine is doing.
# Decisions per game: catanatron's game.state.actions (every action a player took,
# rolls included), ours the simulate summary's decisions_per_game (every decision a
# seat took, rolls included; chance steps, as in catanatron, are not decisions).
#
# The virtualenv (pip install catanatron) goes in $BENCH_VENV, by default
# target/bench-catan-venv; the binary is built in release into $CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

theirs=${1:-100}
ours=${2:-10000}
venv=${BENCH_VENV:-target/bench-catan-venv}
target=${CARGO_TARGET_DIR:-target}

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet catanatron
fi
cargo build --quiet --release -p tabuleiro
bin="$target/release/tabuleiro"

config=$(mktemp --suffix=.json)
trap 'rm -f "$config"' EXIT
echo '{"player_trades": false, "turn_limit": 1000}' >"$config"

"$venv/bin/python" - "$theirs" "$ours" "$bin" "$config" <<'PY'
import json, resource, subprocess, sys, time
from importlib.metadata import version
from catanatron import Color, Game, RandomPlayer

theirs, ours, binary, config = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
colors = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)

start = time.process_time()
decisions = turns = won = 0
for seed in range(1, theirs + 1):
    game = Game([RandomPlayer(c) for c in colors], seed=seed)
    won += game.play() is not None
    decisions += len(game.state.actions)
    turns += game.state.num_turns
their_cpu = time.process_time() - start
their_rate = theirs / their_cpu

def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

before = children_cpu()
out = subprocess.run(
    [binary, "simulate", "--game", "catan", "--players", "4", "--bot", "random",
     "--games", str(ours), "--seed", "1", "--config", config, "--json"],
    check=True, capture_output=True, text=True).stdout
our_cpu = children_cpu() - before
summary = json.loads(out)
our_rate = ours / our_cpu

print(f"catanatron {version('catanatron')} (Python {sys.version.split()[0]}): "
      f"{theirs} games ({won} won) in {their_cpu:.2f} CPU s = {their_rate:.1f} games per CPU second, "
      f"{decisions / theirs:.0f} decisions and {turns / theirs:.0f} turns per game")
print(f"tabuleiro: {ours} games ({summary['finished']} finished) in {our_cpu:.2f} CPU s = "
      f"{our_rate:.0f} games per CPU second, {summary['decisions_per_game']:.0f} decisions per game")
print(f"ratio: {our_rate / their_rate:.0f}x the games per CPU second "
      f"({our_rate * summary['decisions_per_game'] / (their_rate * decisions / theirs):.0f}x the decisions)")
PY
