#!/usr/bin/env bash
# HTTP/2 load test: Pronto against Vert.x 5 and a raw Netty codec-http2 server, same run, one
# server core. Each server answers /baseline2?a=1&b=1 (HttpArena's h2 endpoint) over h2c with prior
# knowledge; h2load runs on core 0 with CONNS connections and STREAMS concurrent streams each.
# Reports requests/s, the server's CPU time per request (utime+stime from /proc) and the medians of
# ROUNDS, with Pronto's ratios to each baseline. TLS=1 runs h2 over TLS (ALPN) instead, with the
# PEM pair in CERT/KEY (default: HttpArena's self-signed pair in ../shared/arena-data/certs), against
# Pronto and Vert.x (the raw Netty baseline is h2c only).
# MODE=json serves HttpArena's json-h2c shape instead: /json/25?m=4 over h2c, STREAMS 32, Pronto
# configured as the arena app against an idiomatic Vert.x server doing the same work (Jackson).
# MODE=static serves static-h2: HttpArena's 20 static files over TLS h2, STREAMS 32, with
# "Accept-Encoding: br;q=1, gzip;q=0.8", both servers answering precompressed siblings from memory.
# Needs: h2load (nghttp2-client), a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
CONNS="${CONNS:-64}"
MODE="${MODE:-baseline}"
# Which servers a round runs (compare.sh runs Pronto alone for one of the two builds it compares).
SERVERS="${SERVERS:-pronto vertx netty}"
PRONTO=ProntoH2Server; VERTX=VertxH2Server; PATHS=("/baseline2?a=1&b=1"); HEADERS=()
case "$MODE" in
    baseline) ;;
    json) PRONTO=ProntoArenaH2Server; VERTX=VertxArenaH2Server; PATHS=("/json/25?m=4"); STREAMS="${STREAMS:-32}" ;;
    static) PRONTO=ProntoArenaH2Server; VERTX=VertxArenaH2Server; TLS=1; STREAMS="${STREAMS:-32}"
        HEADERS=(-H 'Accept-Encoding: br;q=1, gzip;q=0.8'); PATHS=()
        for f in ../shared/arena-data/static/*; do [[ "$f" == *.br || "$f" == *.gz ]] || PATHS+=("/static/${f##*/}"); done ;;
    *) echo "MODE must be baseline, json or static" >&2; exit 1 ;;
esac
STREAMS="${STREAMS:-100}"
# One core runs both the event loop and the JIT: C2 needs 20-30 s of load before figures settle.
WARMUP="${WARMUP:-30}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
TLS="${TLS:-0}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"
KEY="${KEY:-../shared/arena-data/certs/server.key}"
SCHEME=http; TLS_ARGS=(); CURL_MODE=(--http2-prior-knowledge)
if [[ "$TLS" == 1 ]]; then
    require_file "$CERT" "set CERT and KEY to a PEM certificate and key"
    SCHEME=https; TLS_ARGS=("$CERT" "$KEY"); CURL_MODE=(--http2 -k)
fi
require_tool h2load "apt-get install nghttp2-client"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT


start_server() { # class port
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" "dev.pronto.jmh.h2.$1" "$2" "${TLS_ARGS[@]}" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do
        curl -sf -o /dev/null "${CURL_MODE[@]}" "$SCHEME://127.0.0.1:$2${PATHS[0]}" && return 0
        sleep 0.1
    done
    echo "server $1 did not start" >&2; exit 1
}

measure() { # class port -> "rps cpu_us_per_req"
    start_server "$1" "$2"
    local urls=(); for p in "${PATHS[@]}"; do urls+=("$SCHEME://127.0.0.1:$2$p"); done
    taskset -c 0 h2load -c "$CONNS" -m "$STREAMS" "${HEADERS[@]}" -D "$WARMUP" "${urls[@]}" >/dev/null      # warm-up
    local hz; hz=$(getconf CLK_TCK)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 h2load -c "$CONNS" -m "$STREAMS" "${HEADERS[@]}" -D "$DURATION" "${urls[@]}")
    local failed; failed=$(echo "$out" | awk '/^requests:/ {print $10}')
    [[ "$failed" == 0 ]] || { echo "$1: $failed requests failed" >&2; echo "$out" >&2; exit 1; }
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
    local ok; ok=$(echo "$out" | awk '/^requests:/ {print $8}')
    local rps; rps=$(echo "$out" | awk '/^finished in/ {print $4}')
    echo "$rps $(awk -v d=$((t1 - t0)) -v n="$ok" -v hz="$hz" 'BEGIN {printf "%.3f", d / hz * 1e6 / n}')"
}


declare -a PR PC VR VC NR NC
for r in $(seq "$ROUNDS"); do
    a=0; b=0; [[ " $SERVERS " == *" pronto "* ]] && read -r a b <<<"$(measure "$PRONTO" 18082)"
    PR+=("$a"); PC+=("$b")
    a=0; b=0; [[ " $SERVERS " == *" vertx "* ]] && read -r a b <<<"$(measure "$VERTX" 18083)"
    VR+=("$a"); VC+=("$b")
    a=0; b=0
    [[ "$TLS" != 1 && "$MODE" == baseline && " $SERVERS " == *" netty "* ]] && read -r a b <<<"$(measure NettyH2Server 18084)"
    NR+=("$a"); NC+=("$b")
    echo "round $r: pronto ${PR[-1]} req/s (${PC[-1]}us) | vert.x ${VR[-1]} (${VC[-1]}us) | netty ${NR[-1]} (${NC[-1]}us)"
done
pr=$(printf '%s\n' "${PR[@]}" | median); pc=$(printf '%s\n' "${PC[@]}" | median)
vr=$(printf '%s\n' "${VR[@]}" | median); vc=$(printf '%s\n' "${VC[@]}" | median)
nr=$(printf '%s\n' "${NR[@]}" | median); nc=$(printf '%s\n' "${NC[@]}" | median)
echo
echo "median of $ROUNDS rounds, $MODE, $([[ "$TLS" == 1 ]] && echo "TLS h2" || echo h2c), $CONNS connections x $STREAMS streams, server on core 1, h2load on core 0"
printf '%-24s %12s %12s %12s %10s %10s\n' metric pronto vert.x netty "vs vert.x" "vs netty"
printf '%-24s %12.0f %12.0f %12.0f %10s %10s\n' "req/s" "$pr" "$vr" "$nr" "$(ratio "$pr" "$vr")" "$(ratio "$pr" "$nr")"
printf '%-24s %12.3f %12.3f %12.3f %10s %10s\n' "server CPU us/req" "$pc" "$vc" "$nc" "$(ratio "$pc" "$vc")" "$(ratio "$pc" "$nc")"
