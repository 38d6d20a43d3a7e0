#!/usr/bin/env bash
# Hostile clients against the arena app: for each attack, the server's RSS growth (VmRSS sampled every
# 100 ms against the value before the attack), OutOfMemoryErrors in its log, and whether ordinary requests on
# every protocol (HTTP/1.1, h2c, TLS h2, gRPC unary over h2c, teleport) kept being answered within 2 s.
#   jmh/load/hostile.sh [ATTACK...]   ATTACK: teleport-flate teleport-upload grpc-no-read h2-upload (default: all)
# The app runs on core 1 with -Xmx512m (APP_JAR, default examples/target/arena.jar, beside its -dev jar for the
# embedded Postgres); attackers and probes on core 0. Every attack targets loopback only and stops by itself.
# Needs: curl with HTTP/2, `mvn -Pall -B -q package -DskipTests` (examples and jmh), the HttpArena data, a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
APP_JAR="${APP_JAR:-examples/target/arena.jar}"
JMH_JAR="${JMH_JAR:-jmh/target/benchmarks.jar}"
DATA="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"
ATTACKS=("${@:-teleport-flate teleport-upload grpc-no-read h2-upload}")
read -r -a ATTACKS <<<"${ATTACKS[*]}"
P=18400; H2C=18401; TLS=18402; H2=18403; TP=18404
require_file "$APP_JAR" "mvn -Pall -B -q package -DskipTests"
require_file "$JMH_JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_tool curl "apt-get install curl"
WORK=$(mktemp -d); DB_PID=""; APP_PID=""
trap 'kill $APP_PID $DB_PID $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

start_embedded_db "$APP_JAR" "$WORK/db.log" "${SERVER_FLAGS[@]}"
start_app() { # a fresh server per attack: RSS never shrinks back, so one attack would hide the next
    PORT=$P H2C_PORT=$H2C TLS_PORT=$TLS H2_PORT=$H2 TELEPORT_PORT=$TP DATA_DIR="$DATA" DATABASE_URL="$DATABASE_URL" \
        TLS_CERT="$DATA/certs/server.crt" TLS_KEY="$DATA/certs/server.key" \
        taskset -c 1 "$JAVA" -Xms64m -Xmx512m "${SERVER_FLAGS[@]}" -jar "$APP_JAR" >"$WORK/app.log" 2>&1 &
    APP_PID=$!
    for _ in $(seq 120); do curl -s -o /dev/null "http://127.0.0.1:$P/baseline11?a=1&b=1" && break; sleep 0.5; done
    curl -sf -o /dev/null "http://127.0.0.1:$P/baseline11?a=1&b=1" || { echo "arena app did not start:"; tail -20 "$WORK/app.log"; exit 1; }
    sleep 2 # let start-up allocation settle before the baseline RSS is read
}

stop_app() {
    kill "$APP_PID" 2>/dev/null || true; wait "$APP_PID" 2>/dev/null || true; APP_PID=""
}
printf '\x00\x00\x00\x00\x04\x08\x01\x10\x02' > "$WORK/sum.bin"   # GetSum(a=1, b=2), one gRPC frame

probe_once() { # -> one line per protocol: "name status seconds"
    local c=(curl -s -o /dev/null --max-time 2 -w '%{http_code} %{time_total}')
    echo "http1 $("${c[@]}" "http://127.0.0.1:$P/baseline11?a=1&b=1")"
    echo "h2c $("${c[@]}" --http2-prior-knowledge "http://127.0.0.1:$H2C/baseline2?a=1&b=1")"
    echo "h2 $("${c[@]}" --http2 -k "https://127.0.0.1:$H2/baseline2?a=1&b=1")"
    echo "grpc $("${c[@]}" --http2-prior-knowledge -H 'content-type: application/grpc' -H 'te: trailers' \
        --data-binary @"$WORK/sum.bin" "http://127.0.0.1:$H2C/benchmark.BenchmarkService/GetSum")"
}

probe_loop() { # file: probes every protocol until the file $1.stop exists (teleport through its own JVM)
    taskset -c 0 "$JAVA" "${SERVER_FLAGS[@]}" -cp "$JMH_JAR" dev.pronto.jmh.hostile.TeleportProbe 127.0.0.1 "$TP" "$1.stop" \
        >"$1.teleport" 2>/dev/null &
    while [[ ! -e "$1.stop" ]]; do probe_once >>"$1"; sleep 0.2; done
    wait
}

rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$APP_PID/status"; }

attack() { # name -> runs the attack in the foreground on core 0
    local drv=(taskset -c 0 "$JAVA" -Xmx1g "${SERVER_FLAGS[@]}" -cp "$JMH_JAR")
    case "$1" in
        # 24 connections, each a 60 MiB body that deflates to about 60 KiB (the issue: 24 x 6.4 MiB of input)
        teleport-flate) "${drv[@]}" dev.pronto.jmh.hostile.TeleportFlood 127.0.0.1 "$TP" 24 $((60 * 1024 * 1024)) flate 2 ;;
        # 10 connections, each 4 back-to-back 8 MiB uploads
        teleport-upload) "${drv[@]}" dev.pronto.jmh.hostile.TeleportFlood 127.0.0.1 "$TP" 10 $((8 * 1024 * 1024)) upload 4 ;;
        grpc-no-read) "${drv[@]}" dev.pronto.jmh.hostile.GrpcNoRead 127.0.0.1 "$H2C" 20000 ;;
        h2-upload) for port in "$H2C" "$H2"; do
                local scheme=http mode=--http2-prior-knowledge; [[ $port == "$H2" ]] && { scheme=https; mode=(--http2 -k); }
                head -c $((80 * 1024 * 1024)) /dev/zero | taskset -c 0 curl -s --max-time 60 "${mode[@]}" -X POST -T - \
                    -w ' -> %{http_code}\n' "$scheme://127.0.0.1:$port/upload" || echo " -> curl exit $?"
            done ;;
        *) echo "unknown attack $1" >&2; exit 1 ;;
    esac
}

printf '%-16s %10s %10s %10s %6s   %s\n' attack "RSS before" "peak" growth OOMs "ordinary requests (answered in 2 s / sent, slowest)"
for a in "${ATTACKS[@]}"; do
    start_app
    before=$(rss_kib); peak=$before; probes="$WORK/probe.$a"
    probe_loop "$probes" & PROBE=$!
    attack "$a" >"$WORK/attack.$a" 2>&1 & ATTACK=$!
    while kill -0 "$ATTACK" 2>/dev/null; do
        now=$(rss_kib); (( now > peak )) && peak=$now; sleep 0.1
    done
    touch "$probes.stop"; wait "$PROBE" || true
    ooms=$(grep -c OutOfMemoryError "$WORK/app.log" || true)
    summary=$(awk '{n[$1]++; if ($2 >= 200 && $2 < 500 && $3 < 2) ok[$1]++; if ($3 > max[$1]) max[$1] = $3}
        END {for (p in n) printf "%s %d/%d %.2fs  ", p, ok[p], n[p], max[p]}' "$probes" "$probes.teleport")
    printf '%-16s %7d MiB %7d MiB %7d MiB %6s   %s\n' "$a" $((before / 1024)) $((peak / 1024)) $(((peak - before) / 1024)) \
        "$ooms" "$summary"
    sed 's/^/    attacker: /' "$WORK/attack.$a" | tail -4
    kill -0 "$APP_PID" 2>/dev/null || { echo "the app died:"; tail -30 "$WORK/app.log"; exit 1; }
    stop_app
done
