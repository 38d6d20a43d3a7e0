#!/usr/bin/env bash
# JSON load test: HttpArena's json shape, /json/{count}?m= over keep-alive HTTP/1.1, rotating its seven
# count/multiplier pairs (so /json/25?m=4 among them), against JsonServer.java (launched from source
# against JAR, so an older build's benchmarks.jar serves the very same route). Server pinned to core 1,
# wrk to core 0, CONNS connections. Per round: requests/s and the server's CPU time per request
# (utime+stime from /proc). Prints every round and the medians of ROUNDS.
# Needs: wrk, a built jmh/target/benchmarks.jar (or JAR=...), a JDK 21+, ../shared/arena-data/dataset.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5s}"
WARMUP="${WARMUP:-10s}"
CONNS="${CONNS:-64}"
PORT="${PORT:-18085}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

LUA=$(mktemp --suffix=.lua)
cat > "$LUA" <<'LUA'
local pairs, i = {{1,3},{5,7},{10,2},{15,5},{25,4},{40,8},{50,6}}, 0
request = function()
  i = i % #pairs + 1
  return wrk.format("GET", "/json/" .. pairs[i][1] .. "?m=" .. pairs[i][2])
end
LUA
trap 'rm -f "$LUA"; kill $(jobs -p) 2>/dev/null || true' EXIT

taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" jmh/load/JsonServer.java "$PORT" >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 200); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/json/1?m=1" && break; sleep 0.1; done
curl -sf -o /dev/null "http://127.0.0.1:$PORT/json/1?m=1" || { echo "json server did not start" >&2; exit 1; }

run() { # duration -> "rps cpu_us_per_req"
    local hz; hz=$(getconf CLK_TCK)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 wrk -t1 -c "$CONNS" -d "$1" -s "$LUA" "http://127.0.0.1:$PORT")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    if echo "$out" | grep -q "Non-2xx\|Socket errors"; then echo "errors:" >&2; echo "$out" >&2; exit 1; fi
    local n; n=$(echo "$out" | awk '/requests in/ {print $1}')
    echo "$(echo "$out" | awk '/^Requests\/sec/ {print $2}') $(awk -v d=$((t1 - t0)) -v n="$n" -v hz="$hz" 'BEGIN {printf "%.3f", d / hz * 1e6 / n}')"
}

run "$WARMUP" >/dev/null
declare -a R C
for r in $(seq "$ROUNDS"); do
    read -r a b <<<"$(run "$DURATION")"; R+=("$a"); C+=("$b")
    echo "round $r: pronto json=${R[-1]} (${C[-1]}us)"
done
echo
echo "median of $ROUNDS rounds, /json/{count}?m= keep-alive, $CONNS connections, server on core 1, wrk on core 0"
printf '%-24s %12.0f\n' "req/s" "$(printf '%s\n' "${R[@]}" | median)"
printf '%-24s %12.3f\n' "server CPU us/req" "$(printf '%s\n' "${C[@]}" | median)"
