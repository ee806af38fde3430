#!/usr/bin/env python3
# What a restart costs with many unfinished games: creates N two-person Burgundy
# games (each with one decision made, so none is empty), stops the server, then
# starts it again RUNS times over the same store and prints the time until it
# listens (the "tabuleiro serving on" line) and its resident memory then (and
# after one game is read), then reads every game once and prints the memory with
# all of them loaded (what a start that loads them all holds). Works with binaries that lack the rate-limit flags.
# Usage: scripts/start-cost.py target/release/tabuleiro 4000 [RUNS=3]
import http.client, json, os, shutil, subprocess, sys, time
binary, n = sys.argv[1], int(sys.argv[2])
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
data = "/tmp/start-cost-%d" % os.getpid()
help_text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True).stdout
lift = ["--create-rate", "0", "--action-rate", "0", "--unload-every", "3600"] if "--create-rate" in help_text else []

def start():
    t0 = time.monotonic()
    p = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0", "--data", data] + lift,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         env=dict(os.environ, RUST_LOG="error"))
    addr = p.stdout.readline().decode().strip().split("http://")[1]
    return p, addr, time.monotonic() - t0

def rss(p):
    return int([l for l in open("/proc/%d/status" % p.pid) if l.startswith("VmRSS")][0].split()[1])

def call(conn, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = conn.getresponse()
    return r.status, json.loads(r.read() or b"null")

p, addr, _ = start()
conn = http.client.HTTPConnection(addr)
seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
ids = []
for i in range(n):
    status, made = call(conn, "POST", "/api/games", {"game": "burgundy", "seats": seats, "seed": i})
    assert status == 201, made
    tok = made["seats"][0]["token"]
    status, game = call(conn, "GET", "/api/games/" + made["id"], token=tok)
    call(conn, "POST", "/api/games/%s/actions" % made["id"], {"action": game["legal"][0]}, tok)
    ids.append(made["id"])
p.terminate(); p.wait()
for run in range(runs):
    p, addr, took = start()
    time.sleep(0.5)
    at_start = rss(p)
    conn = http.client.HTTPConnection(addr)
    status, _ = call(conn, "GET", "/api/games/" + ids[-1])
    assert status == 200
    print("games=%d run=%d listening_after_s=%.3f rss_at_start_kib=%d rss_after_one_read_kib=%d"
          % (n, run, took, at_start, rss(p)))
    p.terminate(); p.wait()
# For comparison: every game loaded, as a start that loads them all leaves it.
p, addr, _ = start()
conn = http.client.HTTPConnection(addr)
t0 = time.monotonic()
for gid in ids:
    status, _ = call(conn, "GET", "/api/games/" + gid)
    assert status == 200
print("games=%d every_game_read_in_s=%.3f rss_with_every_game_loaded_kib=%d"
      % (n, time.monotonic() - t0, rss(p)))
p.terminate(); p.wait()
shutil.rmtree(data, ignore_errors=True)
