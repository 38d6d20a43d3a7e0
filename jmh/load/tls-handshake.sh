#!/usr/bin/env bash
# TLS handshake rate: new connections per second, one request each (h2load -n N -c N over TLS h2),
# Pronto against Vert.x 5, both on OpenSSL with the same PEM pair, same run, server on core 1 and
# h2load on core 0. Each round warms up with BURSTS bursts, then measures BURSTS more; prints the
# median handshakes/s of ROUNDS and the ratio. Needs: h2load (nghttp2-client), a built
# jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java, and CERT/KEY (default: HttpArena's
# self-signed pair in ../shared/arena-data/certs).
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=jmh/target/benchmarks.jar
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
BURST="${BURST:-400}"
BURSTS="${BURSTS:-6}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"
KEY="${KEY:-../shared/arena-data/certs/server.key}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool h2load "apt-get install nghttp2-client"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_file "$CERT" "set CERT and KEY to a PEM certificate and key"
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

measure() { # class port -> handshakes/s (median of the measured bursts)
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" "dev.pronto.jmh.h2.$1" "$2" "$CERT" "$KEY" >/dev/null 2>&1 &
    local pid=$!
    for _ in $(seq 100); do curl -s -o /dev/null -k --http2 "https://127.0.0.1:$2/baseline2?a=1&b=1" && break; sleep 0.1; done
    local url="https://127.0.0.1:$2/baseline2?a=1&b=1"
    for _ in $(seq "$BURSTS"); do taskset -c 0 h2load -n "$BURST" -c "$BURST" -m 1 "$url" >/dev/null 2>&1; done
    local rates=()
    for _ in $(seq "$BURSTS"); do
        rates+=("$(taskset -c 0 h2load -n "$BURST" -c "$BURST" -m 1 "$url" 2>/dev/null | awk '/^finished in/ {print $4}')")
    done
    kill "$pid"; wait "$pid" 2>/dev/null || true
    printf '%s\n' "${rates[@]}" | median
}


declare -a P V
for r in $(seq "$ROUNDS"); do
    P+=("$(measure ProntoH2Server 18091)"); V+=("$(measure VertxH2Server 18092)")
    echo "round $r: pronto ${P[-1]} handshakes/s | vert.x ${V[-1]}"
done
p=$(printf '%s\n' "${P[@]}" | median); v=$(printf '%s\n' "${V[@]}" | median)
echo
echo "median of $ROUNDS rounds, bursts of $BURST new TLS connections (one h2 request each)"
printf '%-22s %12s %12s %8s\n' metric pronto vert.x ratio
printf '%-22s %12.0f %12.0f %8.2f\n' "handshakes/s" "$p" "$v" "$(awk -v a="$p" -v b="$v" 'BEGIN {print a / b}')"
