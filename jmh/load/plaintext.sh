#!/usr/bin/env bash
# Plaintext load test: Pronto against the raw Netty baseline, same run, one server core.
# Server pinned to core 1, wrk to core 0, 64 connections. For each round and server it reports
# requests/s for pipelined (depth 16) and non-pipelined keep-alive GETs, and the server's CPU
# time per request (utime+stime from /proc over the non-pipelined run). Prints medians of ROUNDS
# and the ratios. Needs: wrk, a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5s}"
CONNS="${CONNS:-64}"
# Warm-up per mode: the JIT shares the server core, so short warm-ups leave it compiling into the measurement.
WARMUP="${WARMUP:-8s}"
# Pronto's transport: AUTO (its default: io_uring when available), IO_URING, EPOLL or NIO.
# The Netty baseline runs on epoll, as hand-written Netty servers usually do, unless NETTY_TRANSPORT=IO_URING.
PRONTO_TRANSPORT="${PRONTO_TRANSPORT:-EPOLL}"
NETTY_TRANSPORT="${NETTY_TRANSPORT:-EPOLL}"
# Which servers a round runs (compare.sh runs Pronto alone for one of the two builds it compares).
SERVERS="${SERVERS:-pronto netty}"
# The keep-alive run's path: /plaintext, or '/baseline11?a=13&b=42' (query parsed and summed by both servers).
PLAIN_PATH="${PLAIN_PATH:-/plaintext}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

LUA=$(mktemp --suffix=.lua)
cat > "$LUA" <<'LUA'
init = function(args)
  local r = {}
  for i = 1, 16 do r[i] = wrk.format(nil, "/plaintext") end
  req = table.concat(r)
end
request = function() return req end
LUA
trap 'rm -f "$LUA"; kill $(jobs -p) 2>/dev/null || true' EXIT

rps() { awk '/Requests\/sec/ {print $2}'; }
reqs() { awk '/requests in/ {print $1}'; }

start_server() { # name port
    local cls=ProntoPlaintextServer transport=$PRONTO_TRANSPORT
    [[ "$1" == netty ]] && { cls=NettyBaselineServer; transport=$NETTY_TRANSPORT; }
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" "dev.pronto.jmh.core.$cls" "$2" "$transport" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$2/plaintext" && return 0; sleep 0.1; done
    echo "server $1 did not start" >&2; exit 1
}

measure() { # name port -> "pipelined_rps plain_rps cpu_us_per_req"
    start_server "$1" "$2"
    local url="http://127.0.0.1:$2/plaintext"
    local plain_url="http://127.0.0.1:$2$PLAIN_PATH"
    taskset -c 0 wrk -t1 -c"$CONNS" -d"$WARMUP" "$plain_url" >/dev/null         # warm-up
    taskset -c 0 wrk -t1 -c"$CONNS" -d"$WARMUP" -s "$LUA" "$url" >/dev/null    # warm-up
    local hz; hz=$(getconf CLK_TCK)
    local q0; q0=$(cpu_ticks "$SERVER_PID")
    local pout; pout=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"$DURATION" -s "$LUA" "$url")
    local q1; q1=$(cpu_ticks "$SERVER_PID")
    local p; p=$(echo "$pout" | rps)
    local pn; pn=$(echo "$pout" | reqs)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"$DURATION" "$plain_url")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    local n; n=$(echo "$out" | reqs)
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
    echo "$p $(echo "$out" | rps) $(awk -v d=$((t1 - t0)) -v n="$n" -v hz="$hz" 'BEGIN {printf "%.3f", d / hz * 1e6 / n}') \
$(awk -v d=$((q1 - q0)) -v n="$pn" -v hz="$hz" 'BEGIN {printf "%.3f", d / hz * 1e6 / n}')"
}


declare -a PP PN PC PQ NP NN NC NQ
for r in $(seq "$ROUNDS"); do
    a=0; b=0; c=0; d=0
    [[ " $SERVERS " == *" pronto "* ]] && read -r a b c d <<<"$(measure pronto 18080)"
    PP+=("$a"); PN+=("$b"); PC+=("$c"); PQ+=("$d")
    a=0; b=0; c=0; d=0
    [[ " $SERVERS " == *" netty "* ]] && read -r a b c d <<<"$(measure netty 18081)"
    NP+=("$a"); NN+=("$b"); NC+=("$c"); NQ+=("$d")
    echo "round $r: pronto pipelined=${PP[-1]} (${PQ[-1]}us) plain=${PN[-1]} (${PC[-1]}us) | netty pipelined=${NP[-1]} (${NQ[-1]}us) plain=${NN[-1]} (${NC[-1]}us)"
done
pp=$(printf '%s\n' "${PP[@]}" | median); pn=$(printf '%s\n' "${PN[@]}" | median); pc=$(printf '%s\n' "${PC[@]}" | median)
pq=$(printf '%s\n' "${PQ[@]}" | median); nq=$(printf '%s\n' "${NQ[@]}" | median)
np=$(printf '%s\n' "${NP[@]}" | median); nn=$(printf '%s\n' "${NN[@]}" | median); nc=$(printf '%s\n' "${NC[@]}" | median)
echo
echo "median of $ROUNDS rounds, $CONNS connections, server on core 1, wrk on core 0; pronto on $PRONTO_TRANSPORT, netty on $NETTY_TRANSPORT"
printf '%-28s %14s %14s %8s\n' metric pronto netty ratio
printf '%-28s %14.0f %14.0f %8s\n' "pipelined x16 req/s" "$pp" "$np" "$(ratio "$pp" "$np")"
printf '%-28s %14.0f %14.0f %8s\n' "keep-alive req/s" "$pn" "$nn" "$(ratio "$pn" "$nn")"
printf '%-28s %14.3f %14.3f %8s\n' "server CPU us/req, pipelined" "$pq" "$nq" "$(ratio "$pq" "$nq")"
printf '%-28s %14.3f %14.3f %8s\n' "server CPU us/req, keep-alive" "$pc" "$nc" "$(ratio "$pc" "$nc")"
