#!/usr/bin/env bash
# Multipart upload memory check: a server with a fixed, pre-touched heap (HEAP, default 64 MiB) takes `curl -F`
# uploads of 1 file x 100 MiB and 50 files x 1 MiB over HTTP/1.1 (cleartext) and h2 (TLS, curl --http2 -k),
# ROUNDS times each, after one small warm-up upload per protocol. Prints the server's RSS (VmRSS) and peak RSS
# (VmHWM) from /proc before and after every case, the growth of the peak against the warmed-up idle server (must
# stay below 64 MiB: bodies are streamed, never held whole), and checks the temporary directory empties after
# each case (files are deleted just after the answer, so it waits up to 5 s).
# Needs: curl with HTTP/2, a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
PORT="${PORT:-18981}"
TLS_PORT="${TLS_PORT:-18982}"
HEAP="${HEAP:-64m}"
ROUNDS="${ROUNDS:-2}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"
KEY="${KEY:-../shared/arena-data/certs/server.key}"
require_tool curl "apt-get install curl"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_file "$CERT" "set CERT and KEY to a PEM pair"

WORK=$(mktemp -d)
UPLOADS="$WORK/uploads"
mkdir -p "$UPLOADS" "$WORK/files"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT
head -c $((100 * 1024 * 1024)) /dev/urandom > "$WORK/big.bin"
FORM_50=()
for i in $(seq 50); do
    head -c $((1024 * 1024)) /dev/urandom > "$WORK/files/f$i.bin"
    FORM_50+=(-F "file=@$WORK/files/f$i.bin")
done

"$JAVA" -Xms"$HEAP" -Xmx"$HEAP" -XX:+AlwaysPreTouch -XX:MaxDirectMemorySize=64m "${SERVER_FLAGS[@]}" -cp "$JAR" \
    dev.pronto.jmh.core.UploadServer "$PORT" "$TLS_PORT" "$CERT" "$KEY" "$UPLOADS" >"$WORK/server.log" 2>&1 &
PID=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/up" && break; sleep 0.1; done
kill -0 "$PID" 2>/dev/null && [[ "$(curl -s "http://127.0.0.1:$PORT/up")" == up ]] \
    || { echo "UploadServer did not start on port $PORT (in use?)" >&2; cat "$WORK/server.log" >&2; exit 1; }

head -c 65536 /dev/urandom > "$WORK/warm.bin"
curl -sS -o /dev/null "http://127.0.0.1:$PORT/upload" --http1.1 -F "file=@$WORK/warm.bin"
curl -sS -o /dev/null "https://127.0.0.1:$TLS_PORT/upload" --http2 -k -F "file=@$WORK/warm.bin"
for _ in $(seq 50); do [[ -z "$(ls -A "$UPLOADS")" ]] && break; sleep 0.1; done
kib() { awk -v k="$2" '$1 == k":" {print $2}' "/proc/$1/status"; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f", k / 1024}'; }
IDLE_HWM=$(kib "$PID" VmHWM)
echo "server pid $PID, heap $HEAP (pre-touched); idle after warm-up: VmRSS $(mib "$(kib "$PID" VmRSS)") MiB, VmHWM $(mib "$IDLE_HWM") MiB"

FAILED=0
upload() { # name expected-answer curl-args...
    local name=$1 expected=$2; shift 2
    local rss_before hwm_before answer left
    rss_before=$(kib "$PID" VmRSS); hwm_before=$(kib "$PID" VmHWM)
    answer=$(curl -sS --fail-with-body "$@" -F title=rss)
    for _ in $(seq 50); do [[ -z "$(ls -A "$UPLOADS")" ]] && break; sleep 0.1; done
    left=$(find "$UPLOADS" -type f | wc -l)
    local rss hwm
    rss=$(kib "$PID" VmRSS); hwm=$(kib "$PID" VmHWM)
    local growth=$(( (hwm - IDLE_HWM) / 1024 ))
    printf '%-28s %-24s VmRSS %7s -> %7s MiB  VmHWM %7s -> %7s MiB  peak growth %4d MiB  temp files left %d %s\n' \
        "$name" "$answer" "$(mib "$rss_before")" "$(mib "$rss")" "$(mib "$hwm_before")" "$(mib "$hwm")" "$growth" "$left" \
        "$( (( growth < 64 && left == 0 )) && [[ "$answer" == "$expected" ]] && echo OK || echo FAIL)"
    (( growth < 64 && left == 0 )) && [[ "$answer" == "$expected" ]] || FAILED=1
}

ONE="1 files $((100 * 1024 * 1024)) bytes"
FIFTY="50 files $((50 * 1024 * 1024)) bytes"
for r in $(seq "$ROUNDS"); do
    upload "http/1.1 1 x 100 MiB #$r" "$ONE" "http://127.0.0.1:$PORT/upload" --http1.1 -F "file=@$WORK/big.bin"
    upload "http/1.1 50 x 1 MiB #$r" "$FIFTY" "http://127.0.0.1:$PORT/upload" --http1.1 "${FORM_50[@]}"
    upload "h2 1 x 100 MiB #$r" "$ONE" "https://127.0.0.1:$TLS_PORT/upload" --http2 -k -F "file=@$WORK/big.bin"
    upload "h2 50 x 1 MiB #$r" "$FIFTY" "https://127.0.0.1:$TLS_PORT/upload" --http2 -k "${FORM_50[@]}"
done
exit "$FAILED"
