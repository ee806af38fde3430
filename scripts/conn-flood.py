#!/usr/bin/env python3
# Silent and slowloris connections against `tabuleiro serve`: opens SILENT
# connections that send nothing and SLOW ones that send one header byte a second,
# all from 127.0.0.1, then reports how many the server still holds open and whether
# /healthz answers, from 127.0.0.1 and from another client address (127.0.0.2),
# right after opening them and again after WAIT seconds.
# Usage: scripts/conn-flood.py target/release/tabuleiro [SILENT] [SLOW] [WAIT] [FILES] [-- serve flags...]
#   FILES: the server's open-file limit (0: as inherited).
import os, resource, socket, subprocess, sys, time
args = sys.argv[1:]
extra = args[args.index("--") + 1:] if "--" in args else []
args = args[:args.index("--")] if "--" in args else args
binary = args[0]
silent, slow, wait, files = [int(a) for a in (args[1:] + ["900", "100", "15", "0"][len(args) - 1:])]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
def limit_files():
    if files:
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
data = "/tmp/connflood-data-%d" % os.getpid()
p = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0", "--data", data] + extra,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                     env=dict(os.environ, RUST_LOG="error"), preexec_fn=limit_files)
addr = p.stdout.readline().decode().strip().split("http://")[1]
host, port = addr.split(":")

def connect(source="127.0.0.1"):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect((host, int(port)))
    s.setblocking(False)
    return s

def healthz(source):
    try:
        s = connect(source)
        s.setblocking(True)
        s.settimeout(5)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
        s.close()
        return answer.split(b" ")[1].decode() if answer else "closed"
    except Exception as e:
        return type(e).__name__

def open_(s):
    # Still held by the server: nothing more to read and no end of stream.
    try:
        while True:
            if not s.recv(65536):
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False

socks, slows, failed = [], [], 0
for i in range(silent + slow):
    try:
        s = connect()
    except OSError:
        failed += 1
        continue
    if i >= silent:
        s.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        slows.append(s)
    socks.append(s)

def report(when):
    held = sum(1 for s in socks if open_(s))
    print("%-14s open=%d/%d (connect failed: %d) healthz 127.0.0.1=%s 127.0.0.2=%s"
          % (when, held, silent + slow, failed, healthz("127.0.0.1"), healthz("127.0.0.2")))

time.sleep(1)
report("after 1 s")
for _ in range(wait - 1):
    time.sleep(1)
    for s in slows:
        try:
            s.send(b"a")
        except OSError:
            pass
report("after %d s" % wait)
p.kill()
