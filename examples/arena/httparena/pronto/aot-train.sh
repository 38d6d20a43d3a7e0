#!/usr/bin/env bash
# Writes the JDK 25 AOT cache (JEP 483/514) of the arena app inside its image: starts the jar with
# -XX:AOTCacheOutput, sends each HttpArena endpoint a few requests over bash's /dev/tcp (the runtime
# image has no curl), then stops it with SIGTERM so the JVM writes the cache as it exits.
# Usage: aot-train.sh CACHE JAR [JVM flags...]; the app's env (PORT, DATA_DIR, ...) applies.
set -euo pipefail
CACHE="$1"; JAR="$2"; shift 2
PORT="${PORT:-8080}"
java "$@" -XX:AOTCacheOutput="$CACHE" -jar "$JAR" &
PID=$!
get() { # path -> status line, or failure
    exec 3<>"/dev/tcp/127.0.0.1/$PORT" || return 1
    printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br, gzip\r\nConnection: close\r\n\r\n' "$1" >&3
    head -c 12 <&3
    exec 3<&-
}
for _ in $(seq 300); do get /pipeline >/dev/null 2>&1 && break; sleep 0.1; done
for _ in $(seq 200); do
    for path in /pipeline '/baseline11?a=1&b=2' '/baseline2?a=1&b=2' /json/25 '/json/40?m=8' /static/reset.css \
                '/async-db?min=10&max=50' /crud/items/1 /metrics /health/ready; do
        get "$path" >/dev/null 2>&1 || true
    done
done
kill -TERM "$PID"
wait "$PID" || true
test -s "$CACHE"
