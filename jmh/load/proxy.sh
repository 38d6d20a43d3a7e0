#!/usr/bin/env bash
# Through the proxy: wrk -> edge -> teleport -> backend vs wrk -> edge -> HTTP/1.1 -> backend vs wrk -> backend
# direct, same run. TeleportBenchServer (the backend, one loop) and ProxyEdge (one loop) share core 1, wrk runs on
# core 0 with CONNS connections. Per variant: requests/s and the total server-side CPU per request (edge +
# backend, utime+stime from /proc). Medians of ROUNDS. Wrap in `flock /tmp/pronto-bench.lock` on shared machines.
# Needs: wrk, a built jmh/target/benchmarks.jar (mvn -Pall -pl jmh -am package -DskipTests), the HttpArena dataset.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
WARMUP="${WARMUP:-10}"
DURATION="${DURATION:-5}"
CONNS="${CONNS:-64}"
URLPATH="${URLPATH:-/baseline11?a=1&b=2}"
VARIANTS="${VARIANTS:-direct http teleport-none teleport-flate}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
PIDS=()

LOG=$(mktemp)
trap 'kill "${PIDS[@]}" 2>/dev/null || true; rm -f "$LOG"' EXIT
wait_port() { # port pid: until the route answers 200; fails loudly when the server died or never answered
    for _ in $(seq 600); do
        [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1$URLPATH")" == 200 ]] && return 0
        kill -0 "$2" 2>/dev/null || break
        sleep 0.1
    done
    echo "server on port $1 did not answer $URLPATH with 200:" >&2; tail -20 "$LOG" >&2; exit 1
}
stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

echo "uptime before: $(uptime)"
taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.teleport.TeleportBenchServer 18491 18492 >>"$LOG" 2>&1 &
BACKEND=$!; PIDS+=("$BACKEND"); wait_port 18491 "$BACKEND"

measure() { # variant -> "rps cpu_us_per_req"
    local port=18491 edge=""
    if [[ "$1" != direct ]]; then
        local target=18492; [[ "$1" == http ]] && target=18491
        taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.teleport.ProxyEdge 18493 "$1" "$target" >>"$LOG" 2>&1 &
        edge=$!; PIDS+=("$edge"); port=18493; wait_port 18493 "$edge"
    fi
    taskset -c 0 wrk -t1 -c "$CONNS" -d "${WARMUP}s" "http://127.0.0.1:$port$URLPATH" >/dev/null
    local b0 e0=0 b1 e1=0; b0=$(cpu_ticks "$BACKEND"); [[ -n "$edge" ]] && e0=$(cpu_ticks "$edge")
    local out; out=$(taskset -c 0 wrk -t1 -c "$CONNS" -d "${DURATION}s" "http://127.0.0.1:$port$URLPATH")
    b1=$(cpu_ticks "$BACKEND"); [[ -n "$edge" ]] && e1=$(cpu_ticks "$edge")
    [[ -n "$edge" ]] && stop "$edge"
    grep -q "Non-2xx" <<<"$out" && echo "warning: $1 had non-2xx answers: $(grep Non-2xx <<<"$out")" >&2
    local n; n=$(echo "$out" | awk '/requests in/ {print $1}')
    local rps; rps=$(echo "$out" | awk '/^Requests\/sec/ {print $2}')
    local hz; hz=$(getconf CLK_TCK)
    echo "$rps $(awk -v d=$((b1 - b0 + e1 - e0)) -v n="$n" -v hz="$hz" 'BEGIN {printf "%.2f", d / hz * 1e6 / n}')"
}

declare -A RPS CPU
for r in $(seq "$ROUNDS"); do
    line="round $r:"
    for v in $VARIANTS; do
        read -r a b <<<"$(measure "$v")"; RPS[$v]+="$a "; CPU[$v]+="$b "; line+=" $v $a req/s (${b}us)"
    done
    echo "$line"
done
echo
echo "uptime after: $(uptime)"
echo "median of $ROUNDS rounds, $URLPATH, wrk -c $CONNS on core 0, edge and backend (one loop each) on core 1"
printf '%-16s %12s %16s %10s %10s %12s\n' variant "req/s" "CPU us/req" "vs direct" "vs http" "CPU vs http"
d=$(echo "${RPS[direct]:-0}" | tr ' ' '\n' | grep . | median)
h=$(echo "${RPS[http]:-0}" | tr ' ' '\n' | grep . | median); hc=$(echo "${CPU[http]:-0}" | tr ' ' '\n' | grep . | median)
for v in $VARIANTS; do
    rps=$(echo "${RPS[$v]}" | tr ' ' '\n' | grep . | median); cpu=$(echo "${CPU[$v]}" | tr ' ' '\n' | grep . | median)
    printf '%-16s %12.0f %16.2f %10.2f %10.2f %12.2f\n' "$v" "$rps" "$cpu" \
        "$(awk -v a="$rps" -v b="$d" 'BEGIN {print (b > 0 ? a / b : 0)}')" \
        "$(awk -v a="$rps" -v b="$h" 'BEGIN {print (b > 0 ? a / b : 0)}')" \
        "$(awk -v a="$cpu" -v b="$hc" 'BEGIN {print (b > 0 ? a / b : 0)}')"
done
