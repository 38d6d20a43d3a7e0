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
# PROTO=h2 walks the same request over h2c with prior knowledge instead (one HTTP/2 connection, stream 401 the
# traced one), from H2Connection.channelRead to its channelReadComplete.
#   jmh/load/walk.sh [JAR]        (default examples/target/arena.jar; PORT default 13302, its debug port PORT+1)
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${1:-examples/target/arena.jar}"
PORT="${PORT:-13302}"
DEBUG=$((PORT + 1))
PROTO="${PROTO:-h1}"
case "$PROTO" in
    h1) CARRIER=dev.pronto.core.internal.http1.HttpConnection ;;
    h2) CARRIER=dev.pronto.core.internal.http2.H2Connection ;;
    *) echo "PROTO is h1 or h2" >&2; exit 2 ;;
esac
OUT="$(mktemp -d)"
PORT=$PORT java --sun-misc-unsafe-memory-access=allow -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:$DEBUG \
    -cp "$JAR" dev.pronto.examples.HelloWorld >"$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do curl -sf "http://127.0.0.1:$PORT/plaintext" >/dev/null 2>&1 && break; sleep 0.1; done
# one keep-alive connection: 200 requests to warm it, then the traced one once $OUT/go exists
python3 - "$PORT" "$OUT" "$PROTO" <<'PY' &
import os, socket, struct, sys, time
port, out, proto = int(sys.argv[1]), sys.argv[2], sys.argv[3]
s = socket.create_connection(('127.0.0.1', port))
def frame(kind, flags, stream, payload=b''):
    return struct.pack('>I', len(payload))[1:] + bytes([kind, flags]) + struct.pack('>I', stream) + payload
# HPACK by hand: :method GET, :scheme http (static indexes), :path and :authority as literals with indexed names
BLOCK = b'\x82\x86\x04\x0a/plaintext\x01\x04walk'
state = {'stream': 1, 'rest': b''}
if proto == 'h2':
    s.sendall(b'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' + frame(4, 0, 0))
def one_h2():
    stream = state['stream']
    state['stream'] += 2
    s.sendall(frame(1, 0x5, stream, BLOCK))  # HEADERS, END_STREAM | END_HEADERS
    while True:
        buf = state['rest']
        while len(buf) < 9 or len(buf) < 9 + int.from_bytes(buf[:3], 'big'):
            buf += s.recv(4096)
        n = int.from_bytes(buf[:3], 'big')
        kind, flags, sid = buf[3], buf[4], struct.unpack('>I', buf[5:9])[0] & 0x7fffffff
        state['rest'] = buf[9 + n:]
        if kind == 4 and not flags & 1:
            s.sendall(frame(4, 1, 0))  # the server's SETTINGS, acknowledged
        if sid == stream and kind in (0, 1) and flags & 1:
            return
def one():
    if proto == 'h2':
        return one_h2()
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
echo "stop in $CARRIER.channelRead" >&3
sleep 2
touch "$OUT/go"
for _ in $(seq 1 600); do grep -q "Breakpoint hit" "$OUT/trace.txt" && break; sleep 0.1; done
echo "clear $CARRIER.channelRead" >&3
echo "trace go methods" >&3
echo "cont" >&3
# tracing is slow: wait for channelReadComplete to return (or two minutes)
for _ in $(seq 1 1200); do grep -q "exited.*${CARRIER##*.}.channelReadComplete" "$OUT/trace.txt" && break; sleep 0.1; done
echo "untrace methods" >&3
echo "quit" >&3
exec 3>&-
wait $JDB || true
touch "$OUT/done"
wait $CLIENT || true
python3 jmh/load/walk.py "$OUT/trace.txt" "$CARRIER"
