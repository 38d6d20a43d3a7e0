#!/usr/bin/env bash
# Client throughput: Pronto's HttpClient (plain, and pipelined depth 16) against the JDK HttpClient
# and Vert.x's HttpClient (plain, and setPipelining(true) with limit 16), same run, same server.
# The server is CannedResponseServer (raw Netty epoll, one canned response per request head, so it
# is not the bottleneck) pinned to core 1; each client runs in its own JVM pinned to core 0 with
# INFLIGHT requests outstanding (closed loop). Prints each run, then medians of ROUNDS and ratios.
# Allocation per request is all-thread bytes from ThreadMXBean over the window, divided by requests;
# client CPU per request is the client JVM's process CPU time over the window, divided by requests.
# Needs: a built jmh/target/benchmarks.jar (mvn -Pall -pl jmh -am package -DskipTests), JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=jmh/target/benchmarks.jar
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-4}"
MEASURE="${MEASURE:-6}"
INFLIGHT="${INFLIGHT:-64}"
PORT="${PORT:-8082}"
CLIENTS=(pronto pronto-pipelined jdk vertx vertx-pipelined)
FLAGS=(-Xms512m -Xmx512m "${SERVER_FLAGS[@]}")
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.client.CannedResponseServer "$PORT" >/dev/null 2>&1 &
SERVER_PID=$!
trap 'kill $SERVER_PID 2>/dev/null || true' EXIT
for _ in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break; sleep 0.2; done

RESULTS=$(mktemp)
for round in $(seq "$ROUNDS"); do
    for client in "${CLIENTS[@]}"; do
        line=$(taskset -c 0 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.client.ClientLoad \
            "$client" "$PORT" "$WARMUP" "$MEASURE" "$INFLIGHT" 2>/dev/null | grep '^RESULT' || true)
        echo "round $round: $line"
        echo "$line" >> "$RESULTS"
    done
done

field() { grep "client=$1 " "$RESULTS" | sed -E "s/.*$2=([0-9.]+).*/\1/" | median; }
echo
printf '%-18s %12s %14s %16s\n' client "median rps" "B/req (median)" "client CPU ns/req"
for client in "${CLIENTS[@]}"; do
    printf '%-18s %12s %14s %16s\n' "$client" "$(field "$client" rps)" "$(field "$client" alloc_per_req)" \
        "$(field "$client" cpu_ns_per_req)"
done
echo
awk -v a="$(field pronto rps)" -v b="$(field vertx rps)" -v c="$(field pronto-pipelined rps)" \
    -v d="$(field vertx-pipelined rps)" -v j="$(field jdk rps)" 'BEGIN {
    printf "pronto / vertx                      %.2fx (target >= 1.5x)\n", a / b
    printf "pronto-pipelined / vertx-pipelined  %.2fx (target >= 2x)\n", c / d
    printf "pronto / jdk                        %.2fx\n", a / j }'
rm -f "$RESULTS"
