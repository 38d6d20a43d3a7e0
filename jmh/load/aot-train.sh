#!/usr/bin/env bash
# Builds a JDK 25 AOT cache (JEP 483/514) for a fat jar by a training run: starts the jar with
# -XX:AOTCacheOutput, waits for its first answer, drives the URLs given for a few seconds with wrk,
# then stops it with SIGTERM so the JVM writes the cache at exit. Later runs add -XX:AOTCache=CACHE
# and must use the same jar (path and contents) and JDK; other JVM flags may differ.
# Usage: aot-train.sh JAR CACHE PORT PATH... [-- extra JVM flags and env are taken from JAVA_OPTS]
# Example: bash jmh/load/aot-train.sh examples/target/hello.jar examples/target/hello.aot 8080 /plaintext
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="$1"; CACHE="$2"; PORT="$3"; shift 3
TRAIN="${TRAIN:-3s}"
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
rm -f "$CACHE"
# shellcheck disable=SC2086
"$JAVA" -XX:AOTCacheOutput="$CACHE" "${SERVER_FLAGS[@]}" ${JAVA_OPTS:-} -jar "$JAR" >"$CACHE.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 600); do curl -s -o /dev/null -f "http://127.0.0.1:$PORT$1" && break; sleep 0.1; done
curl -s -o /dev/null -f "http://127.0.0.1:$PORT$1" || { echo "training run did not answer $1; see $CACHE.log" >&2; exit 1; }
for path in "$@"; do
    wrk -t1 -c16 -d"$TRAIN" "http://127.0.0.1:$PORT$path" >/dev/null
done
kill -TERM "$PID"
wait "$PID" || true
trap - EXIT
[[ -s "$CACHE" ]] || { echo "no AOT cache written; see $CACHE.log" >&2; exit 1; }
echo "$CACHE: $(du -h "$CACHE" | cut -f1)"
