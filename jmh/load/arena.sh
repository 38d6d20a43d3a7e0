#!/usr/bin/env bash
# HttpArena profiles against the arena app on one server core. Starts an embedded, seeded Postgres
# (pinned to core 0 with the load generator), the arena jar pinned to core 1, then drives
# HttpArena's request templates (../shared/arena-data/requests/*.raw) with wrk and a rotation
# script, and prints requests/s per profile and the server's peak RSS.
# Needs: wrk, curl, `mvn -Pall -B -q package -DskipTests` (examples/target/arena.jar), a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=examples/target/arena.jar
DATA="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"
REQ="$DATA/requests"
source jmh/load/common.sh
DURATION="${DURATION:-5s}"
CONNS="${CONNS:-64}"
PORT="${PORT:-18190}"
FLAGS=(-Xms256m -Xmx1g "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -B -q package -DskipTests"
[[ -d "$REQ" ]] || { echo "request templates not found in $REQ (set DATA_DIR)" >&2; exit 1; }

LUA=$(mktemp --suffix=.lua)
cat > "$LUA" <<'LUA'
-- Rotates raw HttpArena templates given as arguments; fills {RAND:a:b} and {SEQ:n} per request.
local templates, n, seq = {}, 0, 0
init = function(args)
  for _, path in ipairs(args) do
    local f = assert(io.open(path, "rb")); local t = f:read("*a"); f:close()
    if #t > 0 then n = n + 1; templates[n] = t end
  end
  math.randomseed(os.time() + math.floor(os.clock() * 1e6))
end
request = function()
  seq = seq + 1
  local t = templates[(seq % n) + 1]
  -- RAND is zero-padded to the width of its maximum (it only appears in paths); SEQ keeps the
  -- width of its start value, which the templates' Content-Length assumes (JSON forbids leading zeros)
  t = t:gsub("{RAND:(%d+):(%d+)}", function(a, b)
    return string.format("%0" .. #b .. "d", math.random(tonumber(a), tonumber(b))) end)
  t = t:gsub("{SEQ:(%d+)}", function(s) return tostring(tonumber(s) + seq % (10 ^ #s - tonumber(s))) end)
  return t
end
LUA
PIPE=$(mktemp --suffix=.lua)
cat > "$PIPE" <<'LUA'
init = function(args)
  local f = assert(io.open(args[1], "rb")); local t = f:read("*a"); f:close()
  req = string.rep(t, 16)
end
request = function() return req end
LUA
DB_PID=""; APP_PID=""
trap 'rm -f "$LUA" "$PIPE"; kill $APP_PID $DB_PID 2>/dev/null || true' EXIT

DBLOG=$(mktemp)
start_embedded_db "$JAR" "$DBLOG" "${FLAGS[@]}"

PORT=$PORT H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA" DATABASE_URL="$DATABASE_URL" DATABASE_MAX_CONN=16 \
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -jar "$JAR" >/tmp/arena-load.log 2>&1 &
APP_PID=$!
URL="http://127.0.0.1:$PORT"
for _ in $(seq 120); do curl -s -o /dev/null "$URL/baseline11?a=1&b=1" && break; sleep 0.5; done
curl -s -o /dev/null "$URL/baseline11?a=1&b=1" || { echo "arena app did not start:"; tail -20 /tmp/arena-load.log; exit 1; }

run() { # name script args...
    local name=$1 script=$2; shift 2
    taskset -c 0 wrk -t1 -c"$CONNS" -d2s -s "$script" "$URL" -- "$@" >/dev/null 2>&1 || true
    local out; out=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"$DURATION" -s "$script" "$URL" -- "$@" 2>&1 || true)
    local rps; rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    local bad; bad=$(echo "$out" | awk '/Non-2xx/ {print $5}')
    printf '%-12s %12s req/s %s\n' "$name" "$rps" "${bad:+(non-2xx: $bad)}"
}
echo "profile      requests/s   ($CONNS connections, $DURATION, server on core 1, wrk + Postgres on core 0)"
run baseline "$LUA" "$REQ/get.raw" "$REQ/post_cl.raw" "$REQ/post_chunked.raw"
run pipelined "$PIPE" "$REQ/pipeline.raw"
run json "$LUA" "$REQ"/json-{1,5,10,15,25,40,50}.raw
run json-comp "$LUA" "$REQ"/json-gzip-{25,40,50}.raw
run upload "$LUA" "$REQ/upload-500k.raw" "$REQ/upload-2m.raw"
run static "$REQ/static-rotate.lua"
run async-db "$LUA" "$REQ"/async-db-{5,10,20,35,50}.raw
run crud "$LUA" "$REQ"/crud-get-{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}.raw "$REQ"/crud-update-{1,2,3}.raw \
    "$REQ/crud-list-rand-1.raw" "$REQ/crud-create-1.raw"
run api-4 "$LUA" "$REQ/get.raw" "$REQ/get.raw" "$REQ/get.raw" "$REQ/json-get.raw" "$REQ/json-get.raw" \
    "$REQ/json-get.raw" "$REQ/async-db-get.raw" "$REQ/async-db-get.raw"
echo "peak RSS of the server: $(awk '/VmHWM/ {printf "%.0f MiB", $2 / 1024}' /proc/$APP_PID/status)"
