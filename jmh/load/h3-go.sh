#!/usr/bin/env bash
# HTTP/3 against an independent implementation, in the same run: quic-go's http3 client (jmh/load/h3go, from
# the Go module proxy) drives Pronto's server (ProntoTlsServer) and quic-go's own http3 server in turn, on
# HttpArena's /baseline2?a=1&b=2 (MODE=baseline) or its static files (MODE=static), asking for identity bodies
# (no Accept-Encoding: a precompressed .gz would otherwise be inflated on the client's core; bytes/req shows both
# servers sent the same). The server is pinned to
# core 1 (quic-go's with GOMAXPROCS=1), the client to core 0. Each leg starts its server afresh: WARMUP s,
# then DURATION s counted. Reports requests/s, p50/p99/max, the server's CPU per request over the counted
# window, both processes' CPU use over it (percent of one core: a client near 100 % sets the pace, not the
# server), and the datagrams the kernel dropped on the server's UDP sockets (/proc/net/udp, whole leg).
# ROUNDS rounds, interleaved; medians. JAR_BASE, if set, adds a leg "base" running that jar's ProntoTlsServer
# (the build before a change; JAR_BASE=$JAR with BASE_FLAGS compares two settings of one build). PRONTO_FLAGS and
# BASE_FLAGS add JVM flags to those legs (ProntoTlsServer's -Dh3.* settings). Wrap in `flock /tmp/pronto-bench.lock` on shared machines.
# Needs: go (1.24+), taskset, a built jmh/target/benchmarks.jar (mvn -Pall -pl jmh -am package -DskipTests),
# the arena data (DATA_DIR: certs/, static/), a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-15}"
DURATION="${DURATION:-10}"
CONNS="${CONNS:-16}"
STREAMS="${STREAMS:-32}"
MODE="${MODE:-baseline}"
PRONTO_FLAGS="${PRONTO_FLAGS:-}"
BASE_FLAGS="${BASE_FLAGS:-}"
PORT="${PORT:-14443}"
DATA_DIR=$(arena_data)
CERT="$DATA_DIR/certs/server.crt"
KEY="$DATA_DIR/certs/server.key"
H3GO="${H3GO:-jmh/target/h3go}"
LEGS="pronto quic-go${JAR_BASE:+ base}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}" "-Darena.dataset=$DATA_DIR/dataset.json")
require_tool go "install Go 1.24+ (https://go.dev/dl)"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
build_h3go "$H3GO"
case "$MODE" in
    baseline) PATHS=("/baseline2?a=1&b=2") ;;
    static) PATHS=()
        for f in "$DATA_DIR"/static/*; do [[ "$f" == *.br || "$f" == *.gz ]] || PATHS+=("/static/${f##*/}"); done ;;
    *) echo "MODE must be baseline or static" >&2; exit 1 ;;
esac
URLS=(); for p in "${PATHS[@]}"; do URLS+=("https://127.0.0.1:$PORT$p"); done
SERVER_PID=""
trap 'kill $SERVER_PID 2>/dev/null || true' EXIT

start_server() { # leg
    case "$1" in
        pronto) taskset -c 1 "$JAVA" "${FLAGS[@]}" $PRONTO_FLAGS -cp "$JAR" dev.pronto.jmh.h3.ProntoTlsServer "$PORT" "$CERT" "$KEY" \
            >"$SERVER_LOG" 2>&1 & ;;
        base) taskset -c 1 "$JAVA" "${FLAGS[@]}" $BASE_FLAGS -cp "$JAR_BASE" dev.pronto.jmh.h3.ProntoTlsServer "$PORT" "$CERT" "$KEY" \
            >"$SERVER_LOG" 2>&1 & ;;
        quic-go) GOMAXPROCS=1 taskset -c 1 "$H3GO" server "$PORT" "$CERT" "$KEY" "$DATA_DIR/static" >"$SERVER_LOG" 2>&1 & ;;
    esac
    SERVER_PID=$!
    for _ in $(seq 300); do
        "$H3GO" load 1 1 0 0 "${URLS[0]}" 2>/dev/null | grep -q 'ok=' && return 0
        sleep 0.2
    done
    echo "the server did not start for $1 on UDP $PORT" >&2; cat "$SERVER_LOG" >&2; exit 1
}

udp_drops() { # -> datagrams dropped on every UDP socket bound to $PORT (the last column of /proc/net/udp)
    awk -v p="$(printf ':%04X' "$PORT")" '$2 ~ p"$" {d += $NF} END {print d + 0}' /proc/net/udp /proc/net/udp6
}

run_leg() { # leg -> one line of key=value fields
    start_server "$1"
    local hz t0 t1 c0 c1 d0 d1 out; hz=$(getconf CLK_TCK); d0=$(udp_drops)
    taskset -c 0 "$H3GO" load "$CONNS" "$STREAMS" "$WARMUP" "$DURATION" "${URLS[@]}" >"$DRIVER_OUT" 2>&1 &
    local driver=$!
    sleep "$WARMUP"; t0=$(cpu_ticks "$SERVER_PID"); c0=$(cpu_ticks "$driver")
    sleep "$DURATION"; t1=$(cpu_ticks "$SERVER_PID"); c1=$(cpu_ticks "$driver")
    wait "$driver" || true
    d1=$(udp_drops)
    kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
    out=$(grep '^RESULT' "$DRIVER_OUT") || { echo "no result for $1:" >&2; tail -5 "$DRIVER_OUT" >&2; exit 1; }
    grep '^first error' "$DRIVER_OUT" >&2 || true
    local ok; ok=$(sed -E 's/.* ok=([0-9]+).*/\1/' <<<"$out")
    echo "${out#RESULT } drops=$((d1 - d0)) server_us=$(awk -v d=$((t1 - t0)) -v hz="$hz" -v n="$ok" \
        'BEGIN {printf "%.1f", (n > 0 ? d / hz * 1e6 / n : 0)}') server_cpu=$(busy $((t1 - t0)) "$hz")\
 client_cpu=$(busy $((c1 - c0)) "$hz")"
}

busy() { # ticks hz -> percent of one core over the counted window
    awk -v d="$1" -v hz="$2" -v w="$DURATION" 'BEGIN {printf "%.0f", d / hz / w * 100}'
}

RESULTS=$(mktemp); DRIVER_OUT=$(mktemp); SERVER_LOG=$(mktemp)
trap 'kill $SERVER_PID 2>/dev/null || true; rm -f "$RESULTS" "$DRIVER_OUT" "$SERVER_LOG"' EXIT
for round in $(seq "$ROUNDS"); do
    for leg in $LEGS; do
        line=$(run_leg "$leg")
        echo "round $round $leg: $line" | tee -a "$RESULTS"
    done
done

field() { grep " $1: " "$RESULTS" | sed -nE "s/.* $2=([0-9.]+).*/\1/p" | median; }
echo
echo "medians of $ROUNDS rounds, MODE=$MODE, quic-go client, $CONNS connections x $STREAMS streams, warm-up ${WARMUP}s,"
echo "${DURATION}s counted; server on core 1, client on core 0"
printf '%-8s %10s %9s %9s %9s %9s %8s %14s %10s %8s %8s %10s\n' server "req/s" "p50 us" "p99 us" "max us" errors drops \
    "server us/req" "vs quic-go" "server%" "client%" "bytes/req"
for leg in $LEGS; do
    printf '%-8s %10.0f %9.0f %9.0f %9.0f %9.0f %8.0f %14.1f %10s %8.0f %8.0f %10.0f\n' "$leg" "$(field "$leg" rps)" \
        "$(field "$leg" p50_us)" "$(field "$leg" p99_us)" "$(field "$leg" max_us)" "$(field "$leg" errors)" \
        "$(field "$leg" drops)" "$(field "$leg" server_us)" "$(ratio "$(field "$leg" server_us)" "$(field quic-go server_us)")" \
        "$(field "$leg" server_cpu)" "$(field "$leg" client_cpu)" "$(field "$leg" body_bytes)"
done
