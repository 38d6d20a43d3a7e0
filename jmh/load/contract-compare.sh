#!/usr/bin/env bash
# The cost of the contract checks (406 on Accept, bounds, NUL patterns, mandatory fields, RETURNING on
# PUT): HttpArena's json and crud profiles on the working tree's arena jar and on an older build's, in
# the same run, requests/s and server CPU per request.   jmh/load/contract-compare.sh BASE_ARENA_JAR     (e.g. a /tmp worktree of the older commit)
# One embedded Postgres (core 0, with wrk); each round starts each build's arena.jar on core 1 in turn,
# the order alternating between rounds; prints every round, then per profile the medians and head / base.
# Needs wrk, curl, a JDK 21+, both builds' examples/target/arena.jar and arena-dev.jar (mvn -Pall -pl examples -am package).
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
BASE_JAR=${1:?usage: $0 BASE_ARENA_JAR}
HEAD_JAR=${HEAD_JAR:-examples/target/arena.jar}
REQ="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}/requests"  # set DATA_DIR from a worktree
ROUNDS="${ROUNDS:-3}"; DURATION="${DURATION:-5s}"; CONNS="${CONNS:-64}"; PORT="${PORT:-18192}"
require_tool wrk "apt-get install wrk"
require_file "$HEAD_JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
require_file "$BASE_JAR" "build the older commit's examples"
[[ -d "$REQ" ]] || { echo "request templates not found in $REQ (set DATA_DIR)" >&2; exit 1; }
LUA=$(mktemp --suffix=.lua)
# the rotation of arena.sh: raw templates given as arguments, {RAND:a:b} and {SEQ:n} filled per request
sed -n "/^cat > \"\$LUA\" <<'LUA'$/,/^LUA$/p" jmh/load/arena.sh | sed '1d;$d' >"$LUA"
DB_PID=""; APP_PID=""; LOG=$(mktemp -d)
trap 'rm -rf "$LUA" "$LOG"; kill $APP_PID $DB_PID 2>/dev/null || true' EXIT
start_embedded_db "$HEAD_JAR" "$LOG/db" "${SERVER_FLAGS[@]}"

wrk_rps() { # args... -> "requests/s server-CPU-us-per-request" of one measured wrk run after a 2 s warm-up
    taskset -c 0 wrk -t1 -c"$CONNS" -d2s -s "$LUA" "http://127.0.0.1:$PORT" -- "$@" >/dev/null 2>&1 || true
    local t0 t1 rps
    t0=$(cpu_ticks "$APP_PID")
    rps=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"$DURATION" -s "$LUA" "http://127.0.0.1:$PORT" -- "$@" 2>&1 \
        | awk '/Requests\/sec/ {print $2}' || true)
    t1=$(cpu_ticks "$APP_PID")
    awk -v r="${rps:-0}" -v t=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v s="${DURATION%s}" \
        'BEGIN { if (r + 0 == 0) print "0 0"; else printf "%s %.3f\n", r, t / hz * 1e6 / (r * s) }'
}
round() { # build jar round
    PORT=$PORT H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATABASE_URL="$DATABASE_URL" DATABASE_MAX_CONN=16 \
        taskset -c 1 "$JAVA" -Xms256m -Xmx1g "${SERVER_FLAGS[@]}" -jar "$2" >"$LOG/app" 2>&1 &
    APP_PID=$!
    for _ in $(seq 120); do curl -s -o /dev/null "http://127.0.0.1:$PORT/baseline11?a=1&b=1" && break; sleep 0.5; done
    wrk_rps "$REQ"/json-{1,5,10,15,25,40,50}.raw >"$LOG/json.$1.$3"
    wrk_rps "$REQ"/crud-get-{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}.raw "$REQ"/crud-update-{1,2,3}.raw \
        "$REQ/crud-list-rand-1.raw" "$REQ/crud-create-1.raw" >"$LOG/crud.$1.$3"
    kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true; APP_PID=""
    printf 'round %s %-4s json %22s  crud %22s (req/s, server CPU us per request)\n' "$3" "$1" "$(cat "$LOG/json.$1.$3")" \
        "$(cat "$LOG/crud.$1.$3")"
}
echo "($CONNS connections, $DURATION, server on core 1, wrk + Postgres on core 0)"
for r in $(seq "$ROUNDS"); do
    if (( r % 2 )); then round head "$HEAD_JAR" "$r"; round base "$BASE_JAR" "$r"
    else round base "$BASE_JAR" "$r"; round head "$HEAD_JAR" "$r"; fi
done
for p in json crud; do
    h=$(cut -d' ' -f1 "$LOG/$p".head.* | median); b=$(cut -d' ' -f1 "$LOG/$p".base.* | median)
    hc=$(cut -d' ' -f2 "$LOG/$p".head.* | median); bc=$(cut -d' ' -f2 "$LOG/$p".base.* | median)
    printf '%-5s median req/s head %10s  base %10s  head/base %s;  CPU us/request head %s  base %s  head/base %s\n' \
        "$p" "$h" "$b" "$(ratio "$h" "$b")" "$hc" "$bc" "$(ratio "$hc" "$bc")"
done
