#!/usr/bin/env bash
# Teleport load: Pronto's TeleportClient (none, flate, snappy) against Pronto's pipelined HTTP/1.1
# client, same run, same server, same routes, one connection each. TeleportBenchServer (one event
# loop, HttpArena's /baseline11 and /json/{n}) is pinned to core 1 with an HTTP/1.1 port and a
# teleport port; each client runs in its own JVM on core 0, keeping INFLIGHT requests outstanding
# (closed loop, after WARMUP s). Per variant: requests/s, client and server CPU per request, and
# bytes on the wire per request counted by the kernel on the client's socket (ss -ti bytes_sent +
# bytes_received). Prints each run, then medians of ROUNDS and ratios to the HTTP/1.1 client.
# Wrap in `flock /tmp/pronto-bench.lock` on shared machines.
# Needs: ss (iproute2), taskset, a built jmh/target/benchmarks.jar (mvn -Pall -pl jmh -am package -DskipTests),
# the HttpArena dataset in ../shared/arena-data, a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
# The server's build may differ from the clients' (compare.sh measures two server builds with one client).
SERVER_JAR="${SERVER_JAR:-$JAR}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-8}"
MEASURE="${MEASURE:-5}"
INFLIGHTS="${INFLIGHTS:-64 1024}"
PATHS="${PATHS:-/baseline11?a=1&b=2 /json/25?m=3}"
KINDS="${KINDS:-http1 teleport-none teleport-flate teleport-snappy}"
HTTP_PORT="${HTTP_PORT:-18291}"
TP_PORT="${TP_PORT:-18292}"
FLAGS=(-Xms512m -Xmx512m "${SERVER_FLAGS[@]}")
require_tool ss "apt-get install iproute2"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

SERVER_LOG=$(mktemp); CLIENT_LOG=$(mktemp)
taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$SERVER_JAR" dev.pronto.jmh.teleport.TeleportBenchServer "$HTTP_PORT" "$TP_PORT" \
    >"$SERVER_LOG" 2>&1 &
SERVER_PID=$!
trap 'kill $SERVER_PID 2>/dev/null || true; rm -f "$SERVER_LOG" "$CLIENT_LOG"' EXIT
for _ in $(seq 600); do curl -s -o /dev/null "http://127.0.0.1:$HTTP_PORT/baseline11?a=1&b=2" && break; sleep 0.1; done
if ! kill -0 "$SERVER_PID" 2>/dev/null || ! curl -s -o /dev/null "http://127.0.0.1:$HTTP_PORT/baseline11?a=1&b=2"; then
    echo "TeleportBenchServer did not start on $HTTP_PORT/$TP_PORT:" >&2; tail -20 "$SERVER_LOG" >&2; exit 1
fi

RESULTS=$(mktemp)
for round in $(seq "$ROUNDS"); do
    for path in $PATHS; do
        for inflight in $INFLIGHTS; do
            for kind in $KINDS; do
                line=$(taskset -c 0 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.teleport.TeleportLoad "$kind" \
                    "$HTTP_PORT" "$TP_PORT" "$path" "$inflight" "$WARMUP" "$MEASURE" "$SERVER_PID" 2>"$CLIENT_LOG" \
                    | grep '^RESULT' || true)
                if [[ -z "$line" ]]; then
                    echo "round $round path=$path inflight=$inflight kind=$kind: no result; client said:" >&2
                    tail -5 "$CLIENT_LOG" >&2; kill -0 "$SERVER_PID" 2>/dev/null || { tail -20 "$SERVER_LOG" >&2; exit 1; }
                    continue
                fi
                echo "round $round path=$path inflight=$inflight $line" | tee -a "$RESULTS"
            done
        done
    done
done

set +o pipefail  # the summary tolerates variants with no rows
field() { grep -F "path=$1 inflight=$2 " "$RESULTS" | grep " kind=$3 " | sed -E "s/.* $4=([0-9.]+).*/\1/" | grep -E "^[0-9.]+$" | median; }
echo
echo "medians of $ROUNDS rounds; server (1 event loop) on core 1, each client JVM on core 0; one connection per client"
for path in $PATHS; do
    for inflight in $INFLIGHTS; do
        echo "== $path, $inflight in flight"
        printf '%-16s %10s %9s %14s %14s %12s %12s %12s\n' client "req/s" "vs http1" "client ns/req" \
            "server ns/req" "wire B/req" "wire vs h1" "min rps"
        base=$(field "$path" "$inflight" http1 rps); bw=$(field "$path" "$inflight" http1 wire_total)
        for kind in $KINDS; do
            rps=$(field "$path" "$inflight" "$kind" rps); wire=$(field "$path" "$inflight" "$kind" wire_total)
            low=$(grep -F "path=$path inflight=$inflight " "$RESULTS" | grep " kind=$kind " \
                | sed -E 's/.* rps=([0-9.]+).*/\1/' | sort -g | head -1)
            printf '%-16s %10.0f %9.2f %14.0f %14.0f %12.1f %12.3f %12.0f\n' "$kind" "$rps" \
                "$(awk -v a="$rps" -v b="$base" 'BEGIN {print (b > 0 ? a / b : 0)}')" \
                "$(field "$path" "$inflight" "$kind" client_cpu_ns)" "$(field "$path" "$inflight" "$kind" server_cpu_ns)" \
                "$wire" "$(awk -v a="$wire" -v b="$bw" 'BEGIN {print (b > 0 ? a / b : 0)}')" "$low"
        done
    done
done
rm -f "$RESULTS"
