#!/usr/bin/env bash
# Interop check (not part of CI): Go's httpteleport against Pronto, both directions, every compression.
#  1. the Go httpteleport client (goclient/) calls Pronto's teleport listener (TeleportBenchServer) writing
#     none, flate and snappy; 2. Pronto's TeleportClient (Interop.java) calls the Go httpteleport server
#     (goserver/) writing none, flate and snappy, with the client writing each of the three.
# The Go module proxy refuses github.com/valyala/httpteleport and fastrpc (403), so point HTTPTELEPORT_SRC and
# FASTRPC_SRC at local checkouts (e.g. git clone https://github.com/valyala/httpteleport at 81f5a7b and
# https://github.com/valyala/fastrpc at 0b1a558); fasthttp and snappy come from the module proxy.
# Needs: go 1.22+, a built jmh/target/benchmarks.jar (mvn -Pall -pl jmh -am package -DskipTests), a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")"
HERE=$(pwd)
CERTS="${CERTS:-$HERE/../../../shared/arena-data/certs}"
JAR="$HERE/../../jmh/target/benchmarks.jar"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
: "${HTTPTELEPORT_SRC:?set HTTPTELEPORT_SRC to a checkout of github.com/valyala/httpteleport}"
: "${FASTRPC_SRC:?set FASTRPC_SRC to a checkout of github.com/valyala/fastrpc}"
[[ -f "$JAR" ]] || { echo "$JAR missing: mvn -Pall -pl jmh -am package -DskipTests" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'kill $SERVER_PID $GO_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
SERVER_PID=""; GO_PID=""
cp -r goclient goserver "$WORK/"
cp -r "$HTTPTELEPORT_SRC" "$WORK/ht"; cp -r "$FASTRPC_SRC" "$WORK/rpc"
[[ -f "$WORK/ht/go.mod" ]] || printf 'module github.com/valyala/httpteleport\n\ngo 1.20\n' > "$WORK/ht/go.mod"
[[ -f "$WORK/rpc/go.mod" ]] || printf 'module github.com/valyala/fastrpc\n\ngo 1.20\n' > "$WORK/rpc/go.mod"
cat > "$WORK/go.mod" <<'MOD'
module interop

go 1.22

require (
	github.com/valyala/httpteleport v0.0.0
	github.com/valyala/fastrpc v0.0.0
)

replace github.com/valyala/httpteleport => ./ht

replace github.com/valyala/fastrpc => ./rpc
MOD
(cd "$WORK" && go mod tidy >/dev/null 2>&1 && go build -o goclient-bin ./goclient && go build -o goserver-bin ./goserver)

"$JAVA" --sun-misc-unsafe-memory-access=allow -Darena.dataset="${DATASET:-$HERE/../../../shared/arena-data/dataset.json}" \
    -Dcerts="$CERTS" -cp "$JAR" dev.pronto.jmh.teleport.TeleportBenchServer 18391 18392 18393 \
    >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 600); do (exec 3<>/dev/tcp/127.0.0.1/18392) 2>/dev/null && break; sleep 0.1; done
echo "== Go httpteleport client -> Pronto teleport listener"
for c in none flate snappy; do "$WORK/goclient-bin" -addr 127.0.0.1:18392 -compress "$c"; done
for _ in $(seq 600); do (exec 3<>/dev/tcp/127.0.0.1/18393) 2>/dev/null && break; sleep 0.1; done
echo "== Go httpteleport client -> Pronto teleport listener, inside TLS"
for c in none flate snappy; do "$WORK/goclient-bin" -addr 127.0.0.1:18393 -compress "$c" -ca "$CERTS/server.crt"; done
kill $SERVER_PID; wait $SERVER_PID 2>/dev/null || true; SERVER_PID=""

for s in none flate snappy; do
    "$WORK/goserver-bin" -addr 127.0.0.1:18399 -compress "$s" & GO_PID=$!
    for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/18399) 2>/dev/null && break; sleep 0.1; done
    echo "== Pronto TeleportClient -> Go httpteleport server writing $s"
    "$JAVA" --sun-misc-unsafe-memory-access=allow -cp "$JAR" Interop.java 18399 2>/dev/null
    kill $GO_PID; wait $GO_PID 2>/dev/null || true; GO_PID=""
    "$WORK/goserver-bin" -addr 127.0.0.1:18399 -compress "$s" -cert "$CERTS/server.crt" -key "$CERTS/server.key" & GO_PID=$!
    for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/18399) 2>/dev/null && break; sleep 0.1; done
    echo "== Pronto TeleportClient -> Go httpteleport server writing $s, inside TLS"
    "$JAVA" --sun-misc-unsafe-memory-access=allow -cp "$JAR" Interop.java 18399 "$CERTS/server.crt" 2>/dev/null
    kill $GO_PID; wait $GO_PID 2>/dev/null || true; GO_PID=""
done
