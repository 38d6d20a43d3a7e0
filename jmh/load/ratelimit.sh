#!/usr/bin/env bash
# Rate-limit load check: a route limited to RATE requests/s per client (burst BURST) under 64 keep-alive
# connections from one address for DURATION. Server pinned to core 1, wrk to core 0. Reports, per
# round, the 2xx and 429 counts and the 2xx rate against the configured rate (must stay within +5 %). A rate
# below it means the server was not running when permits came back (other load on its core): unused permits
# beyond the burst are not kept.
# Needs: wrk, a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10}"
CONNS="${CONNS:-64}"
RATE="${RATE:-1000}"
BURST="${BURST:-100}"   # 0.1 s of permits: absorbs the server being descheduled on a shared box
PORT="${PORT:-18973}"
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

LUA=$(mktemp --suffix=.lua)
cat > "$LUA" <<'LUA'
ok, limited, other = 0, 0, 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
response = function(status, headers, body)
  if status >= 200 and status < 300 then ok = ok + 1
  elseif status == 429 then limited = limited + 1
  else other = other + 1 end
end
done = function(summary, latency, requests)
  local o, l, x = 0, 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); l = l + t:get("limited"); x = x + t:get("other") end
  io.write(string.format("COUNTS %d %d %d\n", o, l, x))
end
LUA
trap 'rm -f "$LUA"; kill $(jobs -p) 2>/dev/null || true' EXIT

taskset -c 1 "$JAVA" -Xms256m -Xmx256m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.core.RateLimitedServer \
    "$PORT" "$RATE" "$BURST" >/dev/null 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$PORT/up" && break; sleep 0.1; done
# another process on the port would answer instead: check it is this server and this route
kill -0 "$SERVER_PID" 2>/dev/null && curl -si "http://127.0.0.1:$PORT/limited" | grep -qi '^RateLimit-Policy' \
    || { echo "RateLimitedServer did not start on port $PORT (in use?)" >&2; exit 1; }
taskset -c 0 wrk -t1 -c"$CONNS" -d3s "http://127.0.0.1:$PORT/limited" >/dev/null   # warm-up
sleep 1   # lets the bucket refill to its burst

echo "rate $RATE/s, burst $BURST, $CONNS connections, ${DURATION}s per round; server on core 1, wrk on core 0"
for r in $(seq "$ROUNDS"); do
    out=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"${DURATION}s" -s "$LUA" "http://127.0.0.1:$PORT/limited")
    read -r ok limited other <<<"$(echo "$out" | awk '/^COUNTS/ {print $2, $3, $4}')"
    total=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    awk -v ok="$ok" -v l="$limited" -v x="$other" -v d="$DURATION" -v rate="$RATE" -v b="$BURST" -v t="$total" -v r="$r" 'BEGIN {
        got = ok / d; dev = (got / rate - 1) * 100
        printf "round %d: 2xx=%d 429=%d other=%d total=%.0f req/s; 2xx rate %.1f/s = %+.2f %% of %d/s (bucket bound burst + rate x time = %d) %s\n",
            r, ok, l, x, t, got, dev, rate, b + rate * d, (dev <= 5 ? "OK" : "OVER")
    }'
    sleep 1
done
