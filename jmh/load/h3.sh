#!/usr/bin/env bash
# HTTP/3 load, with h2 over TLS on the same routes in the same run: HttpArena's /baseline2?a=1&b=2
# (MODE=baseline) or its static files in turn (MODE=static). The server is pinned to core 1, the
# load generator to core 0. h3: H3Load (Pronto's Http3Client; CONNS QUIC connections x STREAMS
# concurrent streams, closed loop, one event loop). h2: h2load over TLS (ALPN h2) with the same
# CONNS x STREAMS; H2_DRIVER=pronto runs H3Load's driver over Pronto's HttpClient instead.
# Each leg: WARMUP s, then DURATION s counted; ROUNDS rounds; medians. Reports requests/s, 2xx,
# errors, latency (H3Load: p50/p90/p99/p99.9/max; h2load: mean/max) and the server's CPU per request.
# Any error or non-2xx answer fails the run.
# PROTOS (default "h3 h2 netty-h3"): h3 and h2 against Pronto (ProntoTlsServer: h2 on TCP $PORT, h3 on UDP
# $PORT, same routes), netty-h3 is H3Load against NettyH3Server (raw Netty's HTTP/3 codec with a hand-written
# handler: the baseline). SERVER_CMD, if set, replaces Pronto's server ('$PORT', '$CERT', '$KEY' are
# substituted). Each leg starts its server afresh.
# Wrap in `flock /tmp/pronto-bench.lock` on shared machines.
# Needs: h2load (nghttp2-client), ss (iproute2), taskset, a built jmh/target/benchmarks.jar
# (mvn -Pall -pl jmh -am package -DskipTests), ../shared/arena-data (certs, static), a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-20}"
DURATION="${DURATION:-10}"
CONNS="${CONNS:-16}"
STREAMS="${STREAMS:-32}"
MODE="${MODE:-baseline}"
PROTOS="${PROTOS:-h3 h2 netty-h3}"
H2_DRIVER="${H2_DRIVER:-h2load}"
PORT="${PORT:-18443}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"
KEY="${KEY:-../shared/arena-data/certs/server.key}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool h2load "apt-get install nghttp2-client"
require_tool ss "apt-get install iproute2"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_file "$CERT" "set CERT and KEY to a PEM certificate and key"
case "$MODE" in
    baseline) PATHS=("/baseline2?a=1&b=2") ;;
    static) PATHS=()
        for f in ../shared/arena-data/static/*; do [[ "$f" == *.br || "$f" == *.gz ]] || PATHS+=("/static/${f##*/}"); done ;;
    *) echo "MODE must be baseline or static" >&2; exit 1 ;;
esac
URLS=(); for p in "${PATHS[@]}"; do URLS+=("https://127.0.0.1:$PORT$p"); done
SERVER_PID=""
trap 'kill $SERVER_PID 2>/dev/null || true' EXIT

start_server() { # proto
    local cmd
    if [[ -n "${SERVER_CMD:-}" ]]; then
        cmd=${SERVER_CMD//\$PORT/$PORT}; cmd=${cmd//\$CERT/$CERT}; cmd=${cmd//\$KEY/$KEY}
        # shellcheck disable=SC2086
        [[ "$1" == netty-h3 ]] || { taskset -c 1 $cmd >/dev/null 2>&1 & }
    fi
    if [[ "$1" == netty-h3 ]]; then
        taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.h3.NettyH3Server "$PORT" "$CERT" "$KEY" >/dev/null 2>&1 &
    elif [[ -z "${SERVER_CMD:-}" ]]; then
        taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.h3.ProntoTlsServer "$PORT" "$CERT" "$KEY" >/dev/null 2>&1 &
    fi
    SERVER_PID=$!
    for _ in $(seq 300); do
        if [[ "$1" == *h3 ]]; then ss -Huln "sport = :$PORT" | grep -q . && return 0
        else curl -sfk -o /dev/null --http2 "${URLS[0]}" && return 0; fi
        sleep 0.1
    done
    echo "the server did not start for $1 on port $PORT" >&2; exit 1
}

stop_server() {
    kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

run_leg() { # proto -> one line of key=value fields
    start_server "$1"
    local hz t0 t1 out; hz=$(getconf CLK_TCK)
    if [[ "$1" == *h3 || "$H2_DRIVER" == pronto ]]; then
        local driver_proto=$1; [[ "$1" == netty-h3 ]] && driver_proto=h3
        # the driver warms up inside the JVM, so the server's CPU is counted over the whole run, scaled below
        t0=$(cpu_ticks "$SERVER_PID")
        out=$(taskset -c 0 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.h3.H3Load "$driver_proto" "$CERT" "$CONNS" "$STREAMS" \
            "$WARMUP" "$DURATION" "${URLS[@]}" 2>"$DRIVER_LOG" | grep -E '^(RESULT|first error)' || true)
        t1=$(cpu_ticks "$SERVER_PID")
        grep -q '^RESULT' <<<"$out" || { stop_server; echo "H3Load gave no result:" >&2; tail -20 "$DRIVER_LOG" >&2; exit 1; }
        grep '^first error' <<<"$out" >&2 || true
        out=$(grep '^RESULT' <<<"$out")
        local ok; ok=$(sed -E 's/.* ok=([0-9]+).*/\1/' <<<"$out")
        echo "${out#RESULT } server_us=$(awk -v d=$((t1 - t0)) -v hz="$hz" -v n="$ok" -v w="$WARMUP" -v m="$DURATION" \
            'BEGIN {printf "%.2f", (n > 0 ? d / hz * 1e6 * m / (w + m) / n : 0)}')"
    else
        taskset -c 0 h2load -c "$CONNS" -m "$STREAMS" -D "$WARMUP" "${URLS[@]}" >/dev/null
        t0=$(cpu_ticks "$SERVER_PID")
        out=$(taskset -c 0 h2load -c "$CONNS" -m "$STREAMS" -D "$DURATION" "${URLS[@]}")
        t1=$(cpu_ticks "$SERVER_PID")
        local ok failed non2xx rps mean max
        ok=$(awk '/^status codes:/ {print $3}' <<<"$out"); failed=$(awk '/^requests:/ {print $10 + $12 + $14}' <<<"$out")
        non2xx=$(awk '/^status codes:/ {print $5 + $7 + $9}' <<<"$out"); rps=$(awk '/^finished in/ {print $4}' <<<"$out")
        mean=$(awk '/^time for request:/ {print $6}' <<<"$out"); max=$(awk '/^time for request:/ {print $5}' <<<"$out")
        echo "proto=h2load connections=$CONNS streams=$STREAMS rps=$rps ok=$ok non2xx=$non2xx errors=$failed" \
            "mean=$mean max=$max server_us=$(awk -v d=$((t1 - t0)) -v hz="$hz" -v n="$ok" 'BEGIN {printf "%.2f", (n > 0 ? d / hz * 1e6 / n : 0)}')"
    fi
    stop_server
}

RESULTS=$(mktemp); DRIVER_LOG=$(mktemp)
trap 'kill $SERVER_PID 2>/dev/null || true; rm -f "$RESULTS" "$DRIVER_LOG"' EXIT
for round in $(seq "$ROUNDS"); do
    for proto in $PROTOS; do
        line=$(run_leg "$proto")
        echo "round $round $proto: $line" | tee -a "$RESULTS"
        errors=$(sed -E 's/.* errors=([0-9]+).*/\1/' <<<"$line"); non2xx=$(sed -E 's/.* non2xx=([0-9]+).*/\1/' <<<"$line")
        [[ "$errors" == 0 && "$non2xx" == 0 ]] || { echo "$proto: $errors errors, $non2xx non-2xx answers" >&2; exit 1; }
    done
done

field() { grep " $1: " "$RESULTS" | sed -nE "s/.* $2=([0-9.]+).*/\1/p" | median; }
echo
echo "medians of $ROUNDS rounds, MODE=$MODE, $CONNS connections x $STREAMS streams; server on core 1, load on core 0"
printf '%-6s %-8s %12s %10s %10s %10s %10s %14s\n' proto driver "req/s" "p50 us" "p99 us" "p99.9 us" "max us" "server us/req"
for proto in $PROTOS; do
    if [[ "$proto" == *h3 || "$H2_DRIVER" == pronto ]]; then
        printf '%-6s %-8s %12.0f %10.0f %10.0f %10.0f %10.0f %14.2f\n' "$proto" H3Load "$(field "$proto" rps)" \
            "$(field "$proto" p50_us)" "$(field "$proto" p99_us)" "$(field "$proto" p999_us)" "$(field "$proto" max_us)" \
            "$(field "$proto" server_us)"
    else
        printf '%-6s %-8s %12.0f %10s %10s %10s %10s %14.2f   (h2load mean %s, max %s)\n' "$proto" h2load \
            "$(field "$proto" rps)" - - - - "$(field "$proto" server_us)" \
            "$(grep " $proto: " "$RESULTS" | tail -1 | sed -E 's/.* mean=([^ ]+).*/\1/')" \
            "$(grep " $proto: " "$RESULTS" | tail -1 | sed -E 's/.* max=([^ ]+).*/\1/')"
    fi
done
