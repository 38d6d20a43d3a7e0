#!/usr/bin/env bash
# HttpArena production-stack (§5.17), server side, without Docker: starts an embedded, seeded Postgres
# (arena-dev.jar's EmbeddedDb), Redis (redis-server when installed, else the binary bundled in arena-dev.jar's
# embedded-redis) and the server (arena.jar) as httparena/pronto-stack/compose.production-stack.yml runs them, then runs validate.sh's
# production-stack checks against the server's port with X-User-Id: 42 set, as the edge sets it after authsvc
# accepted data/jwt-token.txt (the edge's own checks, h2, static files and the 401s, need nginx and authsvc).
# Extra server checks: header/body/id errors, and a Redis outage that must degrade to Postgres, not fail.
# Needs: curl, python3, a JDK 21+, and `mvn -Pall -B -q -pl examples -am package -DskipTests` (examples/target/arena*.jar).
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR=examples/target/arena.jar
DATA="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"
PORT="${PORT:-18280}"
require_tool curl "apt-get install curl"
require_tool python3 "apt-get install python3"
require_file "$JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
[[ -f "$DATA/dataset.json" ]] || DATA=$(mktemp -d)   # the app generates a dataset of the same shape

DB_PID=""; REDIS_PID=""; APP_PID=""; LOGS=$(mktemp -d)
trap 'kill $APP_PID $REDIS_PID $DB_PID 2>/dev/null || true; wait 2>/dev/null || true' EXIT

await_line() { # log prefix -> the value after prefix= once the log shows it (60 s at most)
    for _ in $(seq 120); do grep -q "^$2=" "$1" && break; sleep 0.5; done
    sed -n "s/^$2=//p" "$1"
}

"$JAVA" "${SERVER_FLAGS[@]}" -cp "${JAR%.jar}-dev.jar" dev.pronto.examples.arena.EmbeddedDb >"$LOGS/db.log" 2>&1 &
DB_PID=$!
if command -v redis-server >/dev/null; then
    REDIS_PORT="${REDIS_PORT:-16379}"
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >"$LOGS/redis.log" 2>&1 &
    REDIS_PID=$!; REDIS_URL="redis://127.0.0.1:$REDIS_PORT"; REDIS_KIND="redis-server $(redis-server --version | awk '{print $3}')"
else
    "$JAVA" "${SERVER_FLAGS[@]}" -cp "${JAR%.jar}-dev.jar" dev.pronto.examples.arena.EmbeddedCache >"$LOGS/redis.log" 2>&1 &
    REDIS_PID=$!; REDIS_URL=$(await_line "$LOGS/redis.log" REDIS_URL); REDIS_KIND="embedded-redis (bundled redis-server 6.2)"
fi
DATABASE_URL=$(await_line "$LOGS/db.log" DATABASE_URL)
[[ -n "$DATABASE_URL" ]] || { echo "embedded Postgres did not start:"; tail -20 "$LOGS/db.log"; exit 1; }
[[ -n "$REDIS_URL" ]] || { echo "Redis did not start:"; tail -20 "$LOGS/redis.log"; exit 1; }

PORT=$PORT H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA" DATABASE_URL="$DATABASE_URL" \
    DATABASE_MAX_CONN=16 REDIS_URL="$REDIS_URL" "$JAVA" "${SERVER_FLAGS[@]}" -jar "$JAR" >"$LOGS/server.log" 2>&1 &
APP_PID=$!
URL="http://127.0.0.1:$PORT"
for _ in $(seq 120); do [[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL/health/ready")" == 200 ]] && break; sleep 0.5; done
echo "server $URL, Postgres $DATABASE_URL, Redis $REDIS_URL ($REDIS_KIND)"

PASS=0; FAIL=0
check() { # name expected actual
    if [[ "$2" == "$3" ]]; then echo "  PASS [$1]"; PASS=$((PASS + 1)); else echo "  FAIL [$1]: expected '$2', got '$3'"; FAIL=$((FAIL + 1)); fi
}
api() { curl -s --max-time 30 -H 'X-User-Id: 42' "$@"; }
cache_hdr() { api -D- -o /dev/null "$URL$1" | grep -i '^x-cache:' | tr -d '\r' | awk '{print $2}'; }
json_field() { python3 -c "import sys,json; print(json.load(sys.stdin).get('$1','-1'))" 2>/dev/null || echo -1; }
post() { api -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d "$2" "$URL$1"; }

check "/public/baseline?a=13&b=42" 55 "$(curl -s "$URL/public/baseline?a=13&b=42")"
A=$((RANDOM % 900 + 100)); B=$((RANDOM % 900 + 100))
check "/public/baseline?a=$A&b=$B (random)" $((A + B)) "$(curl -s "$URL/public/baseline?a=$A&b=$B")"
check "/public/json/25 count, totals" "25 True" "$(curl -s "$URL/public/json/25" | python3 -c "
import sys, json
d = json.load(sys.stdin); items = d.get('items', [])
print(d.get('count'), bool(items) and all(i['total'] == i['price'] * i['quantity'] for i in items))")"
check "/api/items/1 id" 1 "$(api "$URL/api/items/1" | json_field id)"
check "/api/items/7 cache-aside" "MISS HIT" "$(cache_hdr /api/items/7) $(cache_hdr /api/items/7)"
check "POST /api/items/2" 204 "$(post /api/items/2 '{"name":"validate-updated","price":777,"quantity":99}')"
api -o /dev/null "$URL/api/items/3"
post /api/items/3 '{"name":"validate-invalidated","price":111,"quantity":22}' >/dev/null
check "POST invalidation (GET after POST)" MISS "$(cache_hdr /api/items/3)"
check "/api/me id" 42 "$(api "$URL/api/me" | json_field id)"
echo "extra server checks"
check "/api/me without X-User-Id" 401 "$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/me")"
check "/api/items/abc" 400 "$(api -o /dev/null -w '%{http_code}' "$URL/api/items/abc")"
check "POST /api/items/4 bad body" 400 "$(post /api/items/4 '{"name":"x","price":"many"}')"
check "/api/items/999999" 404 "$(api -o /dev/null -w '%{http_code}' "$URL/api/items/999999")"
kill "$REDIS_PID"; wait "$REDIS_PID" 2>/dev/null || true; REDIS_PID=""
check "Redis down: /api/items/8" "200 MISS" "$(api -o /dev/null -w '%{http_code}' "$URL/api/items/8") $(cache_hdr /api/items/9)"
check "Redis down: POST /api/items/5" 204 "$(post /api/items/5 '{"name":"offline","price":1,"quantity":1}')"
check "Redis down: /api/me" 42 "$(api "$URL/api/me" | json_field id)"
grep -m1 'WARN.*Redis' "$LOGS/server.log" | sed 's/^/  server log: /' || true
echo "=== Results: $PASS passed, $FAIL failed ==="
[[ $FAIL -eq 0 ]]
