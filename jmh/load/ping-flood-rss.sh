#!/usr/bin/env bash
# An HTTP/2 PING flood from clients that never read (jmh/load/ping_flood.py), over TLS (ALPN h2) and over
# h2c, against ProntoH2Server with -Xmx512m on core 1. For each: the server's RSS before the attack, its
# peak during it (VmRSS every 100 ms), and after the attacker left and a GC ran (the server JDK's jcmd GC.run,
# RSS read once it settles, with the heap's committed/used MiB beside it); how the
# connection ended; and the slowest of the ordinary requests (curl, a new connection every 200 ms) sent
# during the attack, each of which must be answered within 2 s. A fresh server per attack and round.
#   jmh/load/ping-flood-rss.sh        ROUNDS (3), ATTACK_SECONDS (10), ATTACKERS in parallel (4), PORT (16450)
# Needs: curl with HTTP/2, python3, a built jmh/target/benchmarks.jar, a JDK 21+, CERT/KEY (HttpArena's pair).
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="${JAR:-jmh/target/benchmarks.jar}"
ROUNDS="${ROUNDS:-3}"; SECONDS_="${ATTACK_SECONDS:-10}"; ATTACKERS="${ATTACKERS:-4}"; PORT="${PORT:-16450}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"; KEY="${KEY:-../shared/arena-data/certs/server.key}"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_tool curl "apt-get install curl"; require_tool python3 "apt-get install python3"
PID=""; trap 'kill $PID $(jobs -p) 2>/dev/null || true' EXIT

JCMD="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
rss() { awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$1/status"; }
# "committed/used" MiB of the heap (ParallelGC's young + old generations) from the server's own JDK
heap() { "$JCMD" "$1" GC.heap_info | awk '/(PSYoungGen|ParOldGen) +total/ {t += $3; u += $5} END {printf "%d/%d", t / 1024, u / 1024}'; }

attack() { # mode(tls|h2c) -> "before peak after slowest_ms ending"
    local args=("$PORT") scheme=http curlflag=--http2-prior-knowledge
    if [[ $1 == tls ]]; then args+=("$CERT" "$KEY"); scheme=https; curlflag=--http2; fi
    taskset -c 1 "$JAVA" -Xms64m -Xmx512m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.h2.ProntoH2Server "${args[@]}" >/dev/null 2>&1 &
    PID=$!
    local url="$scheme://127.0.0.1:$PORT/baseline2?a=1&b=2"
    for _ in $(seq 100); do curl -sfk $curlflag -o /dev/null "$url" && break; sleep 0.2; done
    for _ in $(seq 200); do curl -sfk $curlflag -o /dev/null "$url"; done     # warm up
    sleep 1
    local before peak now slowest=0 t ending out
    before=$(rss "$PID"); peak=$before
    out=$(mktemp)
    for _ in $(seq "$ATTACKERS"); do
        taskset -c 0 python3 jmh/load/ping_flood.py 127.0.0.1 "$PORT" "$1" "$SECONDS_" >>"$out" &
    done
    local end=$((SECONDS + SECONDS_))
    while (( SECONDS < end )); do
        now=$(rss "$PID"); (( now > peak )) && peak=$now
        t=$(taskset -c 0 curl -sk $curlflag -o /dev/null -m 2 -w '%{http_code} %{time_total}' "$url" || true)
        [[ ${t%% *} == 200 ]] || { echo "an ordinary request failed or took over 2 s: '$t'" >&2; t="000 2.000"; }
        slowest=$(awk -v a="$slowest" -v b="${t#* }" 'BEGIN {b *= 1000; print (b > a ? b : a)}')
        sleep 0.1
    done
    wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
    ending=$(sort "$out" | uniq -c | sed 's/^ *//' | tr '\n' ';'); rm -f "$out"
    # the attackers are gone: a full GC, then RSS once it stops falling (ParallelGC keeps the heap it grew
    # committed, so the heap's committed/used MiB are printed beside RSS to tell heap from native memory)
    "$JCMD" "$PID" GC.run >/dev/null || { echo "jcmd GC.run failed: no after-GC reading" >&2; exit 1; }
    local after prev=0
    for _ in $(seq 20); do after=$(rss "$PID"); (( after == prev )) && break; prev=$after; sleep 0.5; done
    echo "$before $peak $after $slowest $(heap "$PID") $ending"
    kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
}

for r in $(seq "$ROUNDS"); do
    for mode in tls h2c; do
        read -r b p a s h e <<<"$(attack "$mode")"
        echo "round $r $mode: RSS before ${b} MiB, peak ${p} (+$((p - b))), after GC ${a} (+$((a - b))), heap committed/used after GC ${h} MiB; slowest ordinary request ${s} ms; attackers: $e"
    done
done
