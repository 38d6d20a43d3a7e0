#!/usr/bin/env bash
# Runs the Autobahn WebSocket fuzzing cases 1-7, 9, 12 and 13 (the suite has no 8.x) (permessage-deflate) against
# dev.pronto.examples.AutobahnServer, with kosoku (pip install kosoku: a Python 3 driver of the
# Autobahn TestSuite case files; autobahntestsuite 25.10.1 on PyPI is Python 2 code and does not run
# on Python 3). Prints the per-case verdict counts; exits non-zero if any case FAILED.
# Usage: examples/autobahn/run.sh [outdir]   (after mvn -Pall -pl examples -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-examples/target/autobahn}
PORT=${PORT:-9001}
KOSOKU=${KOSOKU:-kosoku}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
# CP: where the server's classes are (a copy lets a build run beside a long Autobahn run)
CP=${CP:-examples/target/hello.jar:examples/target/classes}
$JAVA --sun-misc-unsafe-memory-access=allow -cp "$CP" \
    dev.pronto.examples.AutobahnServer "$PORT" > "$OUT.server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null && break
    sleep 0.1
done
mkdir -p "$OUT"
# CASES: the case globs to run (default: the whole selection above)
INCLUDE=()
set -f  # the globs are kosoku's, not the shell's
for c in ${CASES:-1.* 2.* 3.* 4.* 5.* 6.* 7.* 9.* 12.* 13.*}; do INCLUDE+=(-i "$c"); done
set +f
$KOSOKU -m fuzzingclient -p 2 -o "$OUT" \
    "${INCLUDE[@]}" "127.0.0.1:$PORT" | tee "$OUT/summary.txt"
