#!/usr/bin/env python3
# Memory per live connection: starts `tabuleiro serve`, opens N WebSockets to one
# game, prints the server's resident memory before and after.
# Usage: scripts/ws-memory.py target/release/tabuleiro 1000
import socket, sys, time, json, urllib.request, os, subprocess, base64
binary, n = sys.argv[1], int(sys.argv[2])
data = "/tmp/wsmem-data-%d" % os.getpid()
p = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0", "--data", data, "--max-followers-per-game", "100000", "--max-live-per-address", "100000", "--max-connections-per-address", "100000"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=dict(os.environ, RUST_LOG="error"))
addr = p.stdout.readline().decode().strip().split("http://")[1]
req = urllib.request.Request("http://%s/api/games" % addr, data=json.dumps({"game": "burgundy", "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]}).encode(), headers={"Content-Type": "application/json"})
gid = json.load(urllib.request.urlopen(req))["id"]
def rss():
    return int([l for l in open("/proc/%d/status" % p.pid) if l.startswith("VmRSS")][0].split()[1])
time.sleep(0.5); before = rss()
host, port = addr.split(":")
socks = []
for i in range(n):
    s = socket.create_connection((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET /api/games/%s/ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (gid, addr, key)).encode())
    s.recv(65536)
    socks.append(s)
time.sleep(1.0); after = rss()
print("connections=%d rss_before_kib=%d rss_after_kib=%d per_connection_kib=%.1f" % (n, before, after, (after - before) / n))
p.kill()
