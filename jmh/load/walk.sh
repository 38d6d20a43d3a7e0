#!/usr/bin/env bash
# The corridor count of docs/architecture.md: which files one HTTP/1.1 GET /plaintext walks through on the server,
# counted from a method trace, not by reading. Starts examples' HelloWorld from JAR with a debug agent, warms it,
# sets a breakpoint on HttpConnection.channelRead, sends one request with curl, traces every method the event loop
# enters until channelReadComplete returns (jdb "trace methods", JDK and Netty excluded). The request is the 201st
# on one keep-alive connection (so no connection set-up or close is in it). walk.py counts, over Pronto's classes
# (core, wire, router, the handler): files visited, calls between files, and re-entries (calls into a file the walk
# had already entered). A call between files counts only when the callee itself goes on into another file, so
# getters and self-contained helpers (HeadBytes.bytes, Status.line) are left out, and what they call is counted
# from their caller's file; the same method called again in a row (a byte processor, a loop) counts once.
#   jmh/load/walk.sh [JAR]        (default examples/target/arena.jar; PORT default 13302, its debug port PORT+1)
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${1:-examples/target/arena.jar}"
PORT="${PORT:-13302}"
DEBUG=$((PORT + 1))
OUT="$(mktemp -d)"
PORT=$PORT java --sun-misc-unsafe-memory-access=allow -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:$DEBUG \
    -cp "$JAR" dev.pronto.examples.HelloWorld >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$PORT/plaintext" >/dev/null 2>&1 && break; sleep 0.1; done
# one keep-alive connection: 200 requests to warm it, then the traced one once $OUT/go exists
python3 - "$PORT" "$OUT" <<'PY' &
import os, socket, sys, time
port, out = int(sys.argv[1]), sys.argv[2]
s = socket.create_connection(('127.0.0.1', port))
def one():
    s.sendall(b'GET /plaintext HTTP/1.1\r\nHost: walk\r\n\r\n')
    got = b''
    while not got.endswith(b'Hello, World!'):
        got += s.recv(4096)
for _ in range(200):
    one()
open(out + '/warm', 'w').close()
while not os.path.exists(out + '/go'):
    time.sleep(0.05)
one()
while not os.path.exists(out + '/done'):
    time.sleep(0.05)
s.close()
PY
CLIENT=$!
mkfifo "$OUT/in"
jdb -attach "127.0.0.1:$DEBUG" <"$OUT/in" >"$OUT/trace.txt" 2>&1 &
JDB=$!
exec 3>"$OUT/in"
echo "exclude java.*,javax.*,sun.*,jdk.*,io.netty.*,org.*,com.*" >&3
# the breakpoint goes in only once the warm-up is over: on a loaded machine 200 requests can outlast
# a fixed pause, and the walk would then trace a warm-up request (the connection's first, say)
for _ in $(seq 1 1200); do [ -e "$OUT/warm" ] && break; sleep 0.1; done
echo "stop in dev.pronto.core.internal.http1.HttpConnection.channelRead" >&3
sleep 2
touch "$OUT/go"
for _ in $(seq 1 600); do grep -q "Breakpoint hit" "$OUT/trace.txt" && break; sleep 0.1; done
echo "clear dev.pronto.core.internal.http1.HttpConnection.channelRead" >&3
echo "trace go methods" >&3
echo "cont" >&3
# tracing is slow: wait for channelReadComplete to return (or two minutes)
for _ in $(seq 1 1200); do grep -q "exited.*HttpConnection.channelReadComplete" "$OUT/trace.txt" && break; sleep 0.1; done
echo "untrace methods" >&3
echo "quit" >&3
exec 3>&-
wait $JDB || true
touch "$OUT/done"
wait $CLIENT || true
python3 jmh/load/walk.py "$OUT/trace.txt"
