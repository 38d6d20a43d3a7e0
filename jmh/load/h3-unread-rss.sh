#!/usr/bin/env bash
# Memory held by HTTP/3 responses nobody reads: quic-go's http3 client (jmh/load/h3go) opens CONNS connections x
# STREAMS streams of GET URL_PATH (default a 200 KB static file) with 16 KiB stream windows, reads only the
# response heads and holds the streams; the server's RSS is read before (after a warm-up of the same requests
# read whole) and while they are held (once it stopped growing). ROUNDS rounds, each with a fresh server;
# JAR_BASE, if set, runs the same against that jar's server (the build before a change), interleaved.
# Needs: go, a built jmh/target/benchmarks.jar, the arena data (DATA_DIR).
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
CONNS="${CONNS:-3}"
STREAMS="${STREAMS:-250}"
URL_PATH="${URL_PATH:-/static/app.js}"
PORT="${PORT:-14444}"
DATA_DIR=$(arena_data)
H3GO="${H3GO:-jmh/target/h3go}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}" "-Darena.dataset=$DATA_DIR/dataset.json")
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
build_h3go "$H3GO"
URL="https://127.0.0.1:$PORT$URL_PATH"
SERVER_PID=""; HOLDER=""
trap 'kill $SERVER_PID $HOLDER 2>/dev/null || true' EXIT

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

stable_rss() { # pid -> its RSS once two readings 1 s apart differ by less than 1 MiB (30 s at most)
    local a b; a=$(rss_kib "$1")
    for _ in $(seq 30); do sleep 1; b=$(rss_kib "$1"); (( b - a < 1024 && a - b < 1024 )) && break; a=$b; done
    echo "$b"
}

leg() { # jar -> "before_kib held_kib"
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$1" dev.pronto.jmh.h3.ProntoTlsServer "$PORT" "$DATA_DIR/certs/server.crt" \
        "$DATA_DIR/certs/server.key" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 300); do "$H3GO" load 1 1 0 0 "$URL" 2>/dev/null | grep -q 'ok=' && break; sleep 0.2; done
    taskset -c 0 "$H3GO" load "$CONNS" 32 3 1 "$URL" >/dev/null 2>&1
    local before held fifo; before=$(stable_rss "$SERVER_PID"); fifo=$(mktemp -u); mkfifo "$fifo"
    taskset -c 0 "$H3GO" unread "$CONNS" "$STREAMS" "$URL" <"$fifo" >"$fifo.out" 2>&1 & HOLDER=$!
    exec 9>"$fifo"
    for _ in $(seq 600); do grep -q READY "$fifo.out" && break; sleep 0.1; done
    held=$(stable_rss "$SERVER_PID")
    grep READY "$fifo.out" >&2
    exec 9>&-; wait "$HOLDER" || true; HOLDER=""; rm -f "$fifo" "$fifo.out"
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
    echo "$before $held"
}

for round in $(seq "$ROUNDS"); do
    for which in new${JAR_BASE:+ base}; do
        jar=$JAR; [[ "$which" == base ]] && jar=$JAR_BASE
        read -r before held < <(leg "$jar")
        echo "round $round $which: rss_before=$((before / 1024))MiB rss_held=$((held / 1024))MiB growth=$(((held - before) / 1024))MiB"
    done
done
