#!/usr/bin/env bash
# gRPC load test: Pronto's gRPC (pronto-grpc on its HTTP/2 carrier) against grpc-java's own Netty
# server (grpc-netty-shaded, one epoll loop, direct executor) and a Vert.x 5 gRPC server
# (vertx-grpc-server 5.0.7, one event loop), same run, same BenchmarkService logic, one server
# core (taskset -c 1), h2load on core 0, h2c prior knowledge.
#   unary:  GetSum with HttpArena's grpc-sum.bin, h2load -c CONNS -m STREAMS (64 x 100) -> calls/s
#   stream: StreamSum {a=1,b=2,count=5000}, h2load -c SCONNS -m SSTREAMS (16 x 4) -> messages/s
#           (completed calls x 5000 / duration: h2load counts whole calls, so SDURATION is longer)
# Every call must succeed (HTTP 200; h2load does not read grpc-status, so the servers are also
# probed once per start with a real gRPC answer check in probe()).
# Every server gets the same warm-up, then the measurement waits until it is quiet again (settle): the
# streams h2load abandons when the warm-up ends cost grpc-java a logged stack trace each.
# Reports medians of ROUNDS with the server's CPU time per call/message and Pronto's ratios.
# Needs: h2load (nghttp2-client), python3, jmh/target/benchmarks.jar and
# jmh/vertx-grpc/target/vertx-grpc.jar (mvn -Pall -pl jmh,jmh/vertx-grpc -am package -DskipTests),
# HttpArena's data in DATA (default ../shared/arena-data, beside the project).
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
VERTX_JAR="${VERTX_JAR:-jmh/vertx-grpc/target/vertx-grpc.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
SDURATION="${SDURATION:-10}"
WARMUP="${WARMUP:-20}"
CONNS="${CONNS:-64}"; STREAMS="${STREAMS:-100}"
SCONNS="${SCONNS:-16}"; SSTREAMS="${SSTREAMS:-4}"
DATA="${DATA:-../shared/arena-data}"
SUM="$DATA/requests/grpc-sum.bin"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool h2load "apt-get install nghttp2-client"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_file "$VERTX_JAR" "mvn -Pall -pl jmh/vertx-grpc -am package -DskipTests"
require_file "$SUM" "HttpArena's requests/grpc-sum.bin (set DATA to the arena-data directory)"
STREAM_BIN=$(mktemp); printf '\x00\x00\x00\x00\x07\x08\x01\x10\x02\x18\x88\x27' >"$STREAM_BIN"   # a=1 b=2 count=5000
SERVER_PID=
stop_server() {
    [[ -n "$SERVER_PID" ]] || return 0
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
}
trap 'stop_server; rm -f "$STREAM_BIN"' EXIT
GRPC=(-H 'content-type: application/grpc' -H 'te: trailers')


# One GetSum over h2c whose answer is grpc-status 0 with result 3 (a=1, b=2 in grpc-sum.bin).
probe() { # port
    python3 - "$1" "$SUM" <<'PY' 2>/dev/null
import socket, sys
port, body = int(sys.argv[1]), open(sys.argv[2], 'rb').read()
def frame(kind, flags, stream, payload):
    return len(payload).to_bytes(3, 'big') + bytes([kind, flags]) + stream.to_bytes(4, 'big') + payload
def lit(name, value):  # HPACK literal without indexing, new name
    return b'\x00' + bytes([len(name)]) + name + bytes([len(value)]) + value
head = (b'\x83\x86' + lit(b':path', b'/benchmark.BenchmarkService/GetSum') + lit(b':authority', b'localhost')
        + lit(b'content-type', b'application/grpc') + lit(b'te', b'trailers'))
s = socket.create_connection(('127.0.0.1', port), timeout=2)
s.sendall(b'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' + frame(4, 0, 0, b'') + frame(1, 4, 1, head) + frame(0, 1, 1, body))
got = b''
while b'grpc-status' not in got:
    chunk = s.recv(65536)
    if not chunk:
        break
    got += chunk
ok = b'\x00\x00\x00\x00\x02\x08\x03' in got and b'grpc-status' in got
sys.exit(0 if ok else 1)
PY
}

start_server() { # name port
    local cmd
    case "$1" in
        pronto) cmd=(-cp "$JAR" dev.pronto.jmh.grpc.ProntoGrpcServer) ;;
        grpc-java) cmd=(-cp "$JAR" dev.pronto.jmh.grpc.GrpcJavaServer) ;;
        vertx) cmd=(-cp "$VERTX_JAR" dev.pronto.jmh.vertxgrpc.VertxGrpcServer) ;;
    esac
    taskset -c 1 "$JAVA" "${FLAGS[@]}" "${cmd[@]}" "$2" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 300); do
        kill -0 "$SERVER_PID" 2>/dev/null || { echo "server $1 exited at start-up" >&2; exit 1; }
        probe "$2" && return 0
        sleep 0.1
    done
    echo "server $1 did not answer GetSum on port $2 within 30 s" >&2; exit 1
}

measure() { # name port mode -> "per_second cpu_us_per_unit"
    start_server "$1" "$2"
    local url body c m per d
    if [[ "$3" == unary ]]; then url=GetSum; body=$SUM; c=$CONNS; m=$STREAMS; per=1; d=$DURATION
    else url=StreamSum; body=$STREAM_BIN; c=$SCONNS; m=$SSTREAMS; per=5000; d=$SDURATION; fi
    url="http://127.0.0.1:$2/benchmark.BenchmarkService/$url"
    taskset -c 0 h2load -c "$c" -m "$m" "${GRPC[@]}" -d "$body" -D "$WARMUP" "$url" >/dev/null
    settle "$SERVER_PID"
    local hz; hz=$(getconf CLK_TCK)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 h2load -c "$c" -m "$m" "${GRPC[@]}" -d "$body" -D "$d" "$url")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    stop_server
    local failed; failed=$(echo "$out" | awk '/^requests:/ {print $10}')
    [[ "$failed" == 0 ]] || { echo "$1: $failed calls failed" >&2; echo "$out" >&2; exit 1; }
    local ok; ok=$(echo "$out" | awk '/^requests:/ {print $8}')
    # h2load counts HTTP 200s; a reply message is at least 7 bytes (prefix + result), so fewer DATA bytes
    # than that for every counted message means calls ended early (an error status in the trailers)
    local data; data=$(echo "$out" | awk '/^traffic:/ {for (i = 2; i <= NF; i++) if ($i == "data") {gsub(/[()]/, "", $(i - 1)); print $(i - 1)}}')
    (( data >= ok * per * 7 )) || { echo "$1: $data DATA bytes for $ok calls x $per messages" >&2; exit 1; }
    local secs; secs=$(echo "$out" | awk '/^finished in/ {sub("s,", "", $3); print $3}')
    awk -v ok="$ok" -v per="$per" -v s="$secs" -v d=$((t1 - t0)) -v hz="$hz" \
        'BEGIN {printf "%.0f %.3f\n", ok * per / s, d / hz * 1e6 / (ok * per)}'
}


# Which servers a round runs (JAR=<older build's jar> SERVERS=pronto measures another build of Pronto alone).
read -r -a SERVERS <<<"${SERVERS:-pronto grpc-java vertx}"
declare -A PORT_OF=([pronto]=18090 [grpc-java]=18091 [vertx]=18092)
declare -A RATE CPU
for r in $(seq "$ROUNDS"); do
    line="round $r:"
    for mode in unary stream; do
        for i in "${!SERVERS[@]}"; do
            read -r a b <<<"$(measure "${SERVERS[$i]}" "${PORT_OF[${SERVERS[$i]}]}" "$mode")"
            RATE[$mode,${SERVERS[$i]}]+="$a "; CPU[$mode,${SERVERS[$i]}]+="$b "
            line+=" $mode ${SERVERS[$i]} $a/s (${b}us)"
        done
    done
    echo "$line"
done
med() { [[ -n "${1// /}" ]] || { echo 0; return; }; printf '%s\n' $1 | median; }
row() { # label array mode
    local -n arr=$2
    local p j v; p=$(med "${arr[$3,pronto]}"); j=$(med "${arr[$3,grpc-java]}"); v=$(med "${arr[$3,vertx]}")
    printf '%-26s %12.3f %12.3f %12.3f %9s %9s\n' "$1" "$p" "$j" "$v" "$(ratio "$p" "$j")" "$(ratio "$p" "$v")"
}
busy() { # label mode: the server's CPU time per wall second (1.0 = its core saturated, < 1 = the load generator limits)
    local p=() s
    for s in pronto grpc-java vertx; do
        p+=("$(awk -v r="$(med "${RATE[$2,$s]}")" -v c="$(med "${CPU[$2,$s]}")" 'BEGIN {printf "%.2f", r * c / 1e6}')")
    done
    printf '%-26s %12s %12s %12s\n' "$1" "${p[@]}"
}
echo
echo "median of $ROUNDS rounds, h2c, server on core 1, h2load on core 0, ${WARMUP}s warm-up;" \
     "unary $CONNS x $STREAMS for ${DURATION}s, stream $SCONNS x $SSTREAMS x 5000 messages for ${SDURATION}s; $(uptime | sed 's/.*load/load/')"
printf '%-26s %12s %12s %12s %9s %9s\n' metric pronto grpc-java vertx "/grpc-java" "/vertx"
row "unary calls/s" RATE unary
row "unary server CPU us/call" CPU unary
row "stream messages/s" RATE stream
row "stream server CPU us/msg" CPU stream
busy "unary server core busy" unary
busy "stream server core busy" stream
