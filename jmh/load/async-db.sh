#!/usr/bin/env bash
# HttpArena async-db load test: Pronto (pronto-pg on Vert.x's loops) against the Vert.x baseline
# (vertx-core HttpServer + the same vertx-pg-client), same run, one server core each.
#
# Postgres: DATABASE_URL when set (it must hold the items table, or psql must reach it to seed);
# otherwise a throwaway cluster under /tmp from the PostgreSQL binaries on this machine
# (/usr/lib/postgresql/*/bin, e.g. apt-get install postgresql), seeded with HttpArena's items table
# (100,000 deterministic rows, no index on price), pinned to core 0 with wrk. Server on core 1.
#
# For each round and server: wrk -t1 -c$CONNS rotating /async-db?min=10&max=50&limit={5,10,20,35,50}
# (HttpArena's request templates), requests/s and the server's CPU time per request
# (utime+stime from /proc/<pid>/stat). Before measuring, response bodies of both servers are
# compared for a few queries. Prints medians of ROUNDS and the ratios.
# Needs: wrk, curl, a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
# BASE_JAR: another build of Pronto (e.g. jmh/load/compare.sh's target/compare/<sha>/jmh/target/benchmarks.jar)
# measured in every round beside this one, as "base", for a before/after in the same run.
BASE_JAR="${BASE_JAR:-}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10s}"
CONNS="${CONNS:-64}"
ROWS="${ROWS:-100000}"
PGPORT="${PGPORT:-55432}"
# Connections to Postgres per server; with one event loop all of them belong to that loop.
export DATABASE_MAX_CONN="${DATABASE_MAX_CONN:-4}"
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool wrk "apt-get install wrk"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"

WORK=$(mktemp -d /tmp/pronto-async-db.XXXXXX)
chmod 755 "$WORK"
PGBIN=""
cleanup() {
    # servers are started in subshells too, so their pids are kept in a file rather than in jobs
    [[ -f "$WORK/pids" ]] && xargs -r kill <"$WORK/pids" 2>/dev/null || true
    if [[ -n "$PGBIN" && -d "$WORK/pg" ]]; then as_pg "$PGBIN/pg_ctl" -D "$WORK/pg" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

PGRUN=()
[[ $(id -u) == 0 ]] && PGRUN=(runuser -u postgres --)   # initdb and postgres refuse to run as root
as_pg() { "${PGRUN[@]}" "$@"; }

SEED_SQL="
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
    price INTEGER NOT NULL, quantity INTEGER NOT NULL, active BOOLEAN NOT NULL,
    tags JSONB NOT NULL, rating_score INTEGER NOT NULL, rating_count INTEGER NOT NULL);
INSERT INTO items SELECT g,
    (ARRAY['Alpha','Pro','Core','Ultra','Smart','Eco'])[1 + g % 6] || ' '
        || (ARRAY['Widget','Valve','Relay','Sensor','Gadget','Module','Panel'])[1 + g % 7] || ' ' || g,
    (ARRAY['electronics','tools','books','clothing','home','sports','toys','garden','automotive','health'])[1 + g % 10],
    1 + (g::bigint * 7919) % 500, 1 + (g::bigint * 104729) % 1000, g % 3 <> 0,
    (ARRAY['[\"sale\"]','[\"new\",\"popular\"]','[\"eco\",\"sale\",\"premium\"]',
           '[\"fast\",\"heavy-duty\",\"new\",\"wireless\"]'])[1 + g % 4]::jsonb,
    1 + g % 50, 1 + (g * 31) % 500
FROM generate_series(1, $ROWS) g ON CONFLICT (id) DO NOTHING;
ANALYZE items;"

start_postgres() {
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [[ -x "$PGBIN/initdb" ]] || { echo "no PostgreSQL binaries: set DATABASE_URL or apt-get install postgresql" >&2; exit 1; }
    mkdir -p "$WORK/pg" && chown postgres "$WORK/pg" 2>/dev/null || true
    as_pg "$PGBIN/initdb" -D "$WORK/pg" -U postgres --auth=trust -E UTF8 >/dev/null
    taskset -c 0 "${PGRUN[@]}" "$PGBIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg/log" -w \
        -o "-p $PGPORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c max_connections=256 -c shared_buffers=128MB" start >/dev/null
    psql -h 127.0.0.1 -p "$PGPORT" -U postgres -q -c "CREATE USER bench PASSWORD 'bench'" \
        -c "CREATE DATABASE benchmark OWNER bench" >/dev/null
    export DATABASE_URL="postgres://bench:bench@127.0.0.1:$PGPORT/benchmark"
    psql "postgresql://bench:bench@127.0.0.1:$PGPORT/benchmark" -q -c "$SEED_SQL" >/dev/null
    echo "Postgres $("$PGBIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PGPORT (core 0), $ROWS items"
}

if [[ -z "${DATABASE_URL:-}" ]]; then
    start_postgres
elif command -v psql >/dev/null; then
    psql "${DATABASE_URL/postgres:\/\//postgresql://}" -q -c "$SEED_SQL" >/dev/null
fi

LUA="$WORK/async-db.lua"
cat > "$LUA" <<'LUA'
local paths, i = {}, 0
init = function(args)   -- wrk.format adds the Host header only once wrk is set up
  for _, limit in ipairs({5, 10, 20, 35, 50}) do
    paths[#paths + 1] = wrk.format("GET", "/async-db?min=10&max=50&limit=" .. limit)
  end
end
request = function()
  i = i % #paths + 1
  return paths[i]
end
LUA

rps() { awk '/Requests\/sec/ {print $2}'; }
reqs() { awk '/requests in/ {print $1}'; }

start_server() { # name port
    local cls=ProntoAsyncDbServer jar=$JAR
    [[ "$1" == vertx ]] && cls=VertxAsyncDbServer
    [[ "$1" == base ]] && jar=$BASE_JAR
    if curl -s -o /dev/null "http://127.0.0.1:$2/"; then echo "port $2 is already in use" >&2; exit 1; fi
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$jar" "dev.pronto.jmh.pg.$cls" "$2" 1 >"$WORK/$1.log" 2>&1 &
    SERVER_PID=$!
    echo "$SERVER_PID" >>"$WORK/pids"
    for _ in $(seq 200); do curl -sf -o /dev/null "http://127.0.0.1:$2/async-db" && return 0; sleep 0.1; done
    echo "server $1 did not start:" >&2; cat "$WORK/$1.log" >&2; exit 1
}

stop_server() { kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; }

compare_responses() {
    start_server pronto 18090; local pronto_pid=$SERVER_PID
    start_server vertx 18091
    local q ok=0
    for q in "min=10&max=50&limit=50" "min=5&max=80&limit=7" "min=20&max=150&limit=18" \
             "min=100&max=400&limit=33" "min=9999&max=9999&limit=50" "" "limit=500" "min=x"; do
        curl -sf "http://127.0.0.1:18090/async-db?$q" >"$WORK/p.json"
        curl -sf "http://127.0.0.1:18091/async-db?$q" >"$WORK/v.json"
        if cmp -s "$WORK/p.json" "$WORK/v.json"; then ok=$((ok + 1)); else
            echo "responses differ for ?$q:" >&2; head -c 300 "$WORK/p.json" >&2; echo >&2; head -c 300 "$WORK/v.json" >&2; echo >&2
            exit 1
        fi
    done
    curl -si "http://127.0.0.1:18090/async-db?limit=1" | grep -i '^content-type: application/json' >/dev/null \
        || { echo "Pronto's Content-Type is not application/json" >&2; exit 1; }
    stop_server; SERVER_PID=$pronto_pid; stop_server
    echo "responses identical for $ok queries; e.g. $(head -c 160 "$WORK/p.json")..."
}

measure() { # name port -> "rps cpu_us_per_req"
    start_server "$1" "$2"
    local url="http://127.0.0.1:$2/"
    taskset -c 0 wrk -t1 -c"$CONNS" -d5s -s "$LUA" "$url" >/dev/null                    # warm-up
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 wrk -t1 -c"$CONNS" -d"$DURATION" -s "$LUA" "$url")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    local n; n=$(echo "$out" | reqs)
    local hz; hz=$(getconf CLK_TCK)
    if echo "$out" | grep -q 'Non-2xx'; then echo "$1: non-2xx responses under load" >&2; echo "$out" >&2; exit 1; fi
    stop_server
    echo "$(echo "$out" | rps) $(awk -v d=$((t1 - t0)) -v n="$n" -v hz="$hz" 'BEGIN {printf "%.2f", d / hz * 1e6 / n}')"
}


compare_responses
declare -a PR PC VR VC BR BC
for r in $(seq "$ROUNDS"); do
    read -r a b <<<"$(measure pronto 18090)"; PR+=("$a"); PC+=("$b")
    read -r a b <<<"$(measure vertx 18091)"; VR+=("$a"); VC+=("$b")
    base=""
    if [[ -n "$BASE_JAR" ]]; then
        read -r a b <<<"$(measure base 18092)"; BR+=("$a"); BC+=("$b"); base=" | base ${BR[-1]} req/s ${BC[-1]} us/req"
    fi
    echo "round $r: pronto ${PR[-1]} req/s ${PC[-1]} us/req | vertx ${VR[-1]} req/s ${VC[-1]} us/req$base"
done
pr=$(printf '%s\n' "${PR[@]}" | median); pc=$(printf '%s\n' "${PC[@]}" | median)
vr=$(printf '%s\n' "${VR[@]}" | median); vc=$(printf '%s\n' "${VC[@]}" | median)
echo
echo "median of $ROUNDS rounds, $CONNS connections, $DATABASE_MAX_CONN Postgres connections per server,"
echo "server on core 1, wrk and Postgres on core 0"
printf '%-28s %14s %14s %8s\n' metric pronto vertx ratio
printf '%-28s %14.0f %14.0f %8.2f\n' "async-db req/s" "$pr" "$vr" "$(awk -v a="$pr" -v b="$vr" 'BEGIN {print a / b}')"
printf '%-28s %14.2f %14.2f %8.2f\n' "server CPU us/request" "$pc" "$vc" "$(awk -v a="$pc" -v b="$vc" 'BEGIN {print a / b}')"
if [[ -n "$BASE_JAR" ]]; then
    br=$(printf '%s\n' "${BR[@]}" | median); bc=$(printf '%s\n' "${BC[@]}" | median)
    printf '%-28s %14s %14s %8s\n' "against base ($BASE_JAR)" pronto base ratio
    printf '%-28s %14.0f %14.0f %8.2f\n' "async-db req/s" "$pr" "$br" "$(awk -v a="$pr" -v b="$br" 'BEGIN {print a / b}')"
    printf '%-28s %14.2f %14.2f %8.2f\n' "server CPU us/request" "$pc" "$bc" "$(awk -v a="$pc" -v b="$bc" 'BEGIN {print a / b}')"
fi
