#!/usr/bin/env bash
# HttpArena's json-tls shape: /json/{count}?m= over HTTPS (HTTP/1.1, OpenSSL) against the same
# route in cleartext, in one Pronto process on core 1 (ProntoJsonTlsServer: cleartext on PORT, TLS
# on PORT+1), wrk on core 0 with CONNS keep-alive connections rotating HttpArena's seven json
# pairs. Reports requests/s and server CPU time per request (utime+stime from /proc) of each side,
# medians of ROUNDS, and the TLS/cleartext CPU ratio. Needs: wrk, a built jmh/target/benchmarks.jar,
# a JDK 21+, CERT/KEY (default: HttpArena's self-signed pair in ../shared/arena-data/certs).
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=jmh/target/benchmarks.jar
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
WARMUP="${WARMUP:-20}"
CONNS="${CONNS:-64}"
PORT="${PORT:-18280}"
CERT="${CERT:-../shared/arena-data/certs/server.crt}"
KEY="${KEY:-../shared/arena-data/certs/server.key}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_file "$CERT" "set CERT and KEY to a PEM certificate and key"
LUA=$(mktemp --suffix=.lua)
cat > "$LUA" <<'LUA'
local pairs, i = {{1,3},{5,7},{10,2},{15,5},{25,4},{40,8},{50,6}}, 0
request = function()
  i = i % #pairs + 1
  return wrk.format("GET", "/json/" .. pairs[i][1] .. "?m=" .. pairs[i][2])
end
LUA
trap 'rm -f "$LUA"; kill $(jobs -p) 2>/dev/null || true' EXIT

taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.h2.ProntoJsonTlsServer "$PORT" "$CERT" "$KEY" >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do curl -sfk -o /dev/null "https://127.0.0.1:$((PORT + 1))/json/1?m=1" && break; sleep 0.2; done

run() { # url duration -> "rps cpu_us_per_req"
    local hz; hz=$(getconf CLK_TCK)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 wrk -t1 -c "$CONNS" -d "$2" -s "$LUA" "$1")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    if echo "$out" | grep -q "Non-2xx\|Socket errors"; then echo "errors against $1:" >&2; echo "$out" >&2; exit 1; fi
    local n; n=$(echo "$out" | awk '/requests in/ {print $1}')
    local rps; rps=$(echo "$out" | awk '/^Requests\/sec/ {print $2}')
    echo "$rps $(awk -v d=$((t1 - t0)) -v n="$n" -v hz="$hz" 'BEGIN {printf "%.3f", d / hz * 1e6 / n}')"
}

PLAIN="http://127.0.0.1:$PORT"; TLS="https://127.0.0.1:$((PORT + 1))"
run "$PLAIN" "${WARMUP}s" >/dev/null; run "$TLS" "${WARMUP}s" >/dev/null
declare -a CR CC TR TC
for r in $(seq "$ROUNDS"); do
    read -r a b <<<"$(run "$PLAIN" "${DURATION}s")"; CR+=("$a"); CC+=("$b")
    read -r a b <<<"$(run "$TLS" "${DURATION}s")"; TR+=("$a"); TC+=("$b")
    echo "round $r: cleartext ${CR[-1]} req/s (${CC[-1]}us) | tls ${TR[-1]} req/s (${TC[-1]}us)"
done
cr=$(printf '%s\n' "${CR[@]}" | median); cc=$(printf '%s\n' "${CC[@]}" | median)
tr=$(printf '%s\n' "${TR[@]}" | median); tc=$(printf '%s\n' "${TC[@]}" | median)
echo
echo "median of $ROUNDS rounds, json over HTTP/1.1, $CONNS connections, server on core 1, wrk on core 0"
printf '%-24s %12s %12s %10s\n' metric cleartext tls "tls/clear"
printf '%-24s %12.0f %12.0f %10.2f\n' "req/s" "$cr" "$tr" "$(awk -v a="$tr" -v b="$cr" 'BEGIN {print a / b}')"
printf '%-24s %12.3f %12.3f %10.2f\n' "server CPU us/req" "$cc" "$tc" "$(awk -v a="$tc" -v b="$cc" 'BEGIN {print a / b}')"
