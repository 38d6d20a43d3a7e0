#!/usr/bin/env bash
# The shipped app against older builds of it, same run: the working tree's examples/target/arena.jar (with request
# metrics, and with METRICS_REQUESTS=false) beside the arena.jar of each REV (built once in target/compare/<sha>, a
# detached git worktree, never installed), with raw Netty (jmh's NettyBaselineServer, pipelined /plaintext) beside
# them. One server core (taskset -c 1), the load on core 0; each round runs every server once per flag set, the order
# rotating between rounds so drift on the machine favours no build. Each server is warmed until its JIT compilers are
# quiet (WARMUP, then 2 s at a time up to MAX_WARMUP). Prints every measurement (jit= and gc= the compilers' and
# the garbage collector's threads' shares of the server's CPU in the measured window), then per workload and flag
# set the medians of server CPU per request and requests/s, each server's median against the first REV's and
# Netty's, and the median of its per-round ratios to them (paired/b, paired/n: each round runs both back to back,
# so drift on the machine cancels out).
#   jmh/load/arena-compare.sh REV...
# WORKLOADS (default pipeline): pipeline (/pipeline x16, wrk, CONNS connections), keepalive (the same path one
#   request at a time per connection, wrk), json (/json/25 keep-alive, wrk),
#   h2c (/baseline2 over h2c, h2load), grpc (GetSum unary, h2load, HttpArena's grpc-sum.bin), async-db
#   (/async-db?min=10&max=50&limit=..., wrk; needs DATABASE_URL with HttpArena's items table, see async-db.sh)
# FLAG_SETS (default "default docker"): default = only what Netty needs on JDK 25 (the JVM's own defaults otherwise);
#   docker = the HttpArena entry's Dockerfile's JAVA_OPTS (examples/arena/httparena/pronto), read from it; a set
#   may add flags after a colon, comma-separated (default:-Dio.netty.leakDetection.level=disabled).
# SERVERS (default "head head-off REVs netty"): head-off is the working tree's jar without request metrics; a REV
#   may be spelled as git takes it (short or long hash, tag).
# TOGETHER=1 runs a round's servers at once, all on the one server core, each under its own load generator on core 0
#   (ports BASE_PORT + 20 x slot), warmed together until every one's compilers are quiet: a slow spell of the
#   machine then falls on both builds alike, which back-to-back windows (±25-30 % apart on a busy host) cannot
#   promise. Each server gets about its share of the core, so its figures are not those of a server alone; only the
#   ratios within a round are.
# Needs: wrk, h2load (h2c, grpc), curl, examples/target/arena.jar and jmh/target/benchmarks.jar (mvn -Pall -B -pl
# examples,jmh -am package -DskipTests). Ports BASE_PORT..BASE_PORT+9 (default 12080; Redis and, without DATABASE_URL,
# Postgres are pointed at closed ports in that range).
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
[[ $# -ge 1 ]] || { echo "usage: $0 REV..." >&2; exit 1; }
REVS=(); for r in "$@"; do REVS+=("$(git rev-parse --short "$r")"); done
ROUNDS="${ROUNDS:-5}"
DURATION="${DURATION:-5s}"
WARMUP="${WARMUP:-8s}"
MAX_WARMUP="${MAX_WARMUP:-60s}"
CONNS="${CONNS:-64}"
WORKLOADS=(${WORKLOADS:-pipeline})
FLAG_SETS=(${FLAG_SETS:-default docker})
SERVERS=(${SERVERS:-head head-off ${REVS[*]} netty})
# A build in SERVERS may be named as git names its commit any way (9a3856f, a tag): it is the REV built for it.
for i in "${!SERVERS[@]}"; do
    case "${SERVERS[$i]}" in
        head | head-off | netty) ;;
        *) SERVERS[$i]=$(git rev-parse --short "${SERVERS[$i]}")
            [[ " ${REVS[*]} " == *" ${SERVERS[$i]} "* ]] \
                || { echo "server ${SERVERS[$i]} is none of the REVs given (${REVS[*]})" >&2; exit 1; } ;;
    esac
done
BASE_PORT="${BASE_PORT:-12080}"
TOGETHER="${TOGETHER:-0}"
DATA=$(arena_data)
# No database unless given: a closed port in the same range, so the pool retries quietly and touches no one else's
DB_URL="${DATABASE_URL:-postgres://bench:bench@127.0.0.1:$((BASE_PORT + 9))/benchmark}"
HEAD_JAR=examples/target/arena.jar
NETTY_JAR=jmh/target/benchmarks.jar
require_tool wrk "apt-get install wrk"
require_file "$HEAD_JAR" "mvn -Pall -B -pl examples,jmh -am package -DskipTests"
require_file "$NETTY_JAR" "mvn -Pall -B -pl examples,jmh -am package -DskipTests"

for rev in "${REVS[@]}"; do
    dir="target/compare/$rev"
    if [[ ! -f "$dir/examples/target/arena.jar" ]]; then
        rm -rf "$dir"; git worktree prune
        git worktree add --detach "$dir" "$rev" >/dev/null
        echo "building $rev's arena.jar in $dir"
        (cd "$dir" && mvn -Pall -B -q -pl examples -am package -DskipTests >/dev/null)
    fi
done


LOG=$(mktemp -d)
PIDS=() # the running servers, by slot
stop_servers() {
    local p
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
    PIDS=()
}
trap 'stop_servers; rm -rf "$LOG"' EXIT
cat > "$LOG/pipeline.lua" <<'LUA'
init = function(args)
  local r = {}
  for i = 1, 16 do r[i] = wrk.format(nil, args[1]) end
  req = table.concat(r)
end
request = function() return req end
LUA
cat > "$LOG/async-db.lua" <<'LUA'
local paths, i = {}, 0
init = function(args)
  for _, limit in ipairs({5, 10, 20, 35, 50}) do
    paths[#paths + 1] = wrk.format("GET", "/async-db?min=10&max=50&limit=" .. limit)
  end
end
request = function() i = i % #paths + 1; return paths[i] end
LUA

port_of() { # slot -> the slot's HTTP/1.1 port (h2c on port + 2); slots 20 ports apart
    echo $((BASE_PORT + 20 * $1))
}

start_server() { # server flag-set probe slot -> PIDS[slot], listening on the slot's port (HTTP/1.1) and port + 2 (h2c)
    local flags port; flags=$(flag_set "$2"); port=$(port_of "$4")
    if [[ "$1" == netty ]]; then
        # shellcheck disable=SC2086
        taskset -c 1 "$JAVA" $flags -cp "$NETTY_JAR" dev.pronto.jmh.core.NettyBaselineServer "$port" EPOLL \
            >"$LOG/server-$4.log" 2>&1 &
    else
        local jar=$HEAD_JAR metrics=true
        [[ "$1" == head-off ]] && metrics=false
        [[ "$1" != head* ]] && jar="target/compare/$1/examples/target/arena.jar"
        # shellcheck disable=SC2086
        env PORT="$port" TLS_PORT=$((port + 1)) H2C_PORT=$((port + 2)) H2_PORT=$((port + 3)) \
            H3_PORT=$((port + 3)) TELEPORT_PORT=$((port + 4)) DATA_DIR="$DATA" TLS_CERT=/nonexistent \
            TLS_KEY=/nonexistent DATABASE_URL="$DB_URL" REDIS_URL="redis://127.0.0.1:$((BASE_PORT + 8))" DATABASE_MAX_CONN="${DATABASE_MAX_CONN:-4}" \
            METRICS_REQUESTS=$metrics taskset -c 1 "$JAVA" $flags -jar "$jar" >"$LOG/server-$4.log" 2>&1 &
    fi
    PIDS[$4]=$!
    for _ in $(seq 300); do
        curl -s -o /dev/null "http://127.0.0.1:$port/$3" && return 0; sleep 0.1
    done
    echo "server $1 did not start:" >&2; tail -20 "$LOG/server-$4.log" >&2; exit 1
}

load() { # workload duration server slot -> the load generator's output
    local url="http://127.0.0.1:$(port_of "$4")" h2c="http://127.0.0.1:$(( $(port_of "$4") + 2 ))"
    [[ "$3" == netty ]] && h2c=$url
    case "$1" in
        pipeline) local p=/pipeline; [[ "$3" == netty ]] && p=/plaintext
            taskset -c 0 wrk -t1 -c"$CONNS" -d"$2" -s "$LOG/pipeline.lua" "$url" -- "$p" ;;
        keepalive) local p=/pipeline; [[ "$3" == netty ]] && p=/plaintext
            taskset -c 0 wrk -t1 -c"$CONNS" -d"$2" "$url$p" ;;
        json) taskset -c 0 wrk -t1 -c"$CONNS" -d"$2" "$url/json/25?m=1" ;;
        async-db) taskset -c 0 wrk -t1 -c"$CONNS" -d"$2" -s "$LOG/async-db.lua" "$url" ;;
        h2c) taskset -c 0 h2load -c "$CONNS" -m 100 -D "${2%s}" "$h2c/baseline2?a=1&b=2" ;;
        grpc) taskset -c 0 h2load -c "$CONNS" -m 100 -H 'content-type: application/grpc' -H 'te: trailers' \
            -d "$DATA/requests/grpc-sum.bin" -D "${2%s}" "$h2c/benchmark.BenchmarkService/GetSum" ;;
    esac
}

load_all() { # workload duration server...: the load on every running server at once, each one's output in
    # $LOG/load-<slot>
    local w=$1 d=$2 slot=0 s loads=()
    shift 2
    for s in "$@"; do load "$w" "$d" "$s" "$slot" >"$LOG/load-$slot" 2>&1 & loads+=($!); slot=$((slot + 1)); done
    wait "${loads[@]}" # not the servers, which are this shell's children too
}

requests() { # load output -> requests completed
    awk '/requests in/ {print $1} /^requests:/ {print $8}' | head -1
}

warm() { # workload server...: WARMUP of load, then 2 s more at a time while the JIT compilers still took over 2 %
    # of a server's CPU, for MAX_WARMUP at most. On one core the compilers share it with the event loop: gRPC's path
    # (grpc-java inlined into Pronto's) kept C2 busy for half the core 8-16 s after start on a slow day, and a
    # window measured then charges the compilation to the requests.
    local w=$1
    shift
    load_all "$w" "$WARMUP" "$@"
    local waited=${WARMUP%s} t0 k0 p quiet
    while (( waited < ${MAX_WARMUP%s} )); do
        t0=(); k0=(); for p in "${PIDS[@]}"; do t0+=("$(cpu_ticks "$p")"); k0+=("$(jit_ticks "$p")"); done
        load_all "$w" 2s "$@"; waited=$((waited + 2)); quiet=1
        for p in "${!PIDS[@]}"; do
            (( ($(jit_ticks "${PIDS[$p]}") - k0[p]) * 50 <= $(cpu_ticks "${PIDS[$p]}") - t0[p] )) || quiet=0
        done
        (( quiet )) && break
    done
    WARMED=$waited
}

measure() { # workload flag-set server... -> per server, in slot order: "rps us_per_request jit_share gc_share
    # warm-up_seconds". The servers run at once on the one server core, each under its own load.
    local w=$1 f=$2 slot=0 s p
    shift 2
    for s in "$@"; do
        local probe=pipeline; [[ "$s" == netty ]] && probe=plaintext
        start_server "$s" "$f" "$probe" "$slot"; slot=$((slot + 1))
    done
    warm "$w" "$@"
    for p in "${PIDS[@]}"; do settle "$p"; done
    local hz t0=() k0=() g0=() t1=() k1=() g1=()
    hz=$(getconf CLK_TCK)
    for p in "${PIDS[@]}"; do t0+=("$(cpu_ticks "$p")"); k0+=("$(jit_ticks "$p")"); g0+=("$(gc_ticks "$p")"); done
    load_all "$w" "$DURATION" "$@"
    for p in "${PIDS[@]}"; do t1+=("$(cpu_ticks "$p")"); k1+=("$(jit_ticks "$p")"); g1+=("$(gc_ticks "$p")"); done
    stop_servers
    for slot in "${!t0[@]}"; do
        awk -v n="$(requests <"$LOG/load-$slot")" -v s="${DURATION%s}" -v t=$((t1[slot] - t0[slot])) \
            -v k=$((k1[slot] - k0[slot])) -v g=$((g1[slot] - g0[slot])) -v hz="$hz" -v warmed="$WARMED" 'BEGIN {
            if (n + 0 == 0) print "0 0 0 0 " warmed; else printf "%.0f %.3f %.2f %.2f %s\n", n / s, t / hz * 1e6 / n,
                (k > 0 && t > 0) ? k / t : 0, (g > 0 && t > 0) ? g / t : 0, warmed }'
    done
}

run_group() { # round workload flag-set server...: measures the servers (at once) and records a line for each
    local r=$1 w=$2 f=$3 i=0 rps us jit gc warmed
    shift 3
    local servers=("$@")
    while read -r rps us jit gc warmed; do
        echo "round $r $w $f ${servers[$i]} rps=$rps us=$us jit=$jit gc=$gc warm=${warmed}s" | tee -a "$LOG/results"
        i=$((i + 1))
    done < <(measure "$w" "$f" "${servers[@]}")
}

for r in $(seq "$ROUNDS"); do
    n=${#SERVERS[@]}; order=()
    for i in $(seq 0 $((n - 1))); do order+=("${SERVERS[$(( (i + r - 1) % n ))]}"); done
    for w in "${WORKLOADS[@]}"; do
        for f in "${FLAG_SETS[@]}"; do
            group=()
            for s in "${order[@]}"; do
                [[ "$s" == netty && "$w" != pipeline && "$w" != keepalive ]] && continue
                if (( TOGETHER )); then group+=("$s"); else group=("$s"); run_group "$r" "$w" "$f" "${group[@]}"; fi
            done
            (( TOGETHER )) && run_group "$r" "$w" "$f" "${group[@]}"
        done
    done
done

med() { # workload flag-set server field
    awk -v w="$1" -v f="$2" -v s="$3" -v k="$4=" '$3 == w && $4 == f && $5 == s {
        for (i = 6; i <= NF; i++) if (index($i, k) == 1) print substr($i, length(k) + 1) }' "$LOG/results" | median
}
paired() { # workload flag-set server baseline -> the median over rounds of server / baseline in the same round
    awk -v w="$1" -v f="$2" -v s="$3" -v b="$4" '$3 == w && $4 == f && ($5 == s || $5 == b) {
        for (i = 6; i <= NF; i++) if (index($i, "us=") == 1) u[$2, $5] = substr($i, 4); r[$2] = 1 }
        END { for (k in r) if (u[k, b] + 0 > 0 && u[k, s] != "") print u[k, s] / u[k, b] }' "$LOG/results" | median |
        awk '{ if ($1 + 0 == 0) print "-"; else printf "%.2f\n", $1 }'
}
echo
echo "medians of $ROUNDS rounds; head = $HEAD_JAR built $(date -u -r "$HEAD_JAR" '+%F %H:%M') UTC (HEAD is now" \
    "$(git rev-parse --short HEAD)$(git diff --quiet || echo ' with changes')), base = ${REVS[0]}; CPU us per request"
printf '%-9s %-8s %-10s %12s %10s %10s %10s %10s %10s %6s %6s\n' workload flags server req/s us/req /base /netty \
    paired/b paired/n jit gc
for w in "${WORKLOADS[@]}"; do
    for f in "${FLAG_SETS[@]}"; do
        b=$(med "$w" "$f" "${REVS[0]}" us); nt=$(med "$w" "$f" netty us)
        for s in "${SERVERS[@]}"; do
            [[ "$s" == netty && "$w" != pipeline && "$w" != keepalive ]] && continue
            u=$(med "$w" "$f" "$s" us)
            printf '%-9s %-8s %-10s %12.0f %10.3f %10s %10s %10s %10s %6.2f %6.2f\n' "$w" "$f" "$s" \
                "$(med "$w" "$f" "$s" rps)" "$u" "$(ratio "$u" "$b")" "$(ratio "$u" "$nt")" \
                "$(paired "$w" "$f" "$s" "${REVS[0]}")" "$(paired "$w" "$f" "$s" netty)" "$(med "$w" "$f" "$s" jit)" \
                "$(med "$w" "$f" "$s" gc)"
        done
    done
done
