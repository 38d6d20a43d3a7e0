#!/usr/bin/env bash
# Startup and memory: for hello.jar and arena.jar (each without and, when TRAIN_AOT=1, with a JDK 25
# AOT cache) against a Vert.x service and raw Netty answering the same plaintext request, same run.
# Per target and round: seconds from process start to the first 200 on /plaintext, RSS 1 s after
# that, RSS after a short wrk load, and RSS holding IDLE_CONNS keep-alive connections that each
# got one answer; also the CPU seconds the process used up to its first answer, which a busy machine
# inflates far less than wall time. Server pinned to core 1, probe and wrk to core 0. Prints medians of ROUNDS.
# Needs: wrk, python3, curl, examples/target/{hello,arena}.jar and jmh/target/benchmarks.jar.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
ROUNDS="${ROUNDS:-5}"
LOAD="${LOAD:-3s}"
IDLE_CONNS="${IDLE_CONNS:-10000}"
TRAIN_AOT="${TRAIN_AOT:-1}"
DATA="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"
# JVM_FLAGS (e.g. JIT or GC settings) are given to every target alike, baselines included.
# shellcheck disable=SC2206
FLAGS=(-Xmx512m "${SERVER_FLAGS[@]}" ${JVM_FLAGS:-})
PORT="${STARTUP_PORT:-18790}"
# The jars under test; point them elsewhere to compare builds (e.g. a copy of the previous one).
HELLO_JAR="${HELLO_JAR:-examples/target/hello.jar}"
ARENA_JAR="${ARENA_JAR:-examples/target/arena.jar}"
# Optional earlier builds measured in the same run (no AOT cache), e.g. jars built from the main branch.
BASE_HELLO_JAR="${BASE_HELLO_JAR:-}"
BASE_ARENA_JAR="${BASE_ARENA_JAR:-}"
# The Vert.x and raw Netty baselines.
BENCH_JAR="${BENCH_JAR:-jmh/target/benchmarks.jar}"
require_tool wrk "apt-get install wrk"
require_tool python3 "apt-get install python3"
require_file "$HELLO_JAR" "mvn -B -q -pl examples -am package -DskipTests"
require_file "$ARENA_JAR" "mvn -B -q -pl examples -am package -DskipTests"
require_file "$BENCH_JAR" "mvn -B -q -pl jmh -am package -DskipTests"
ulimit -n $((IDLE_CONNS + 1024)) 2>/dev/null || { echo "ulimit -n too low for IDLE_CONNS=$IDLE_CONNS" >&2; exit 1; }
PROBE=jmh/load/startup_probe.py
LOG=$(mktemp)
trap 'rm -f "$LOG"; [[ -n "${PID:-}" ]] && kill -- -"$PID" 2>/dev/null || true' EXIT

ARENA_ENV=(env PORT=$PORT H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA"
           TLS_CERT="$DATA/certs/server.crt" TLS_KEY="$DATA/certs/server.key")
command_of() { # target -> the server command line
    case "$1" in
        hello) echo "env PORT=$PORT $JAVA ${FLAGS[*]} -jar $HELLO_JAR" ;;
        hello-aot) echo "env PORT=$PORT $JAVA ${FLAGS[*]} -XX:AOTCache=${HELLO_JAR%.jar}.aot -jar $HELLO_JAR" ;;
        arena) echo "${ARENA_ENV[*]} $JAVA ${FLAGS[*]} -jar $ARENA_JAR" ;;
        arena-aot) echo "${ARENA_ENV[*]} $JAVA ${FLAGS[*]} -XX:AOTCache=${ARENA_JAR%.jar}.aot -jar $ARENA_JAR" ;;
        hello-base) echo "env PORT=$PORT $JAVA ${FLAGS[*]} -jar $BASE_HELLO_JAR" ;;
        arena-base) echo "${ARENA_ENV[*]} $JAVA ${FLAGS[*]} -jar $BASE_ARENA_JAR" ;;
        vertx) echo "$JAVA ${FLAGS[*]} -cp $BENCH_JAR dev.pronto.jmh.core.VertxPlaintextServer $PORT" ;;
        netty) echo "$JAVA ${FLAGS[*]} -cp $BENCH_JAR dev.pronto.jmh.core.NettyBaselineServer $PORT" ;;
    esac
}
path_of() { [[ "$1" == arena* ]] && echo /pipeline || echo /plaintext; }  # arena.jar has no /plaintext
rss() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

measure() { # target -> "seconds idle_kib loaded_kib conns_kib cpu_seconds"
    local out secs cpu path; path=$(path_of "$1")
    # shellcheck disable=SC2046
    out=$(taskset -c 0 python3 "$PROBE" start $PORT "$path" "$LOG" -- taskset -c 1 $(command_of "$1"))
    read -r PID secs cpu <<<"$out"
    if [[ "$secs" == FAILED ]]; then
        kill -- -"$PID" 2>/dev/null || true
        echo "$1 did not start:" >&2; tail -20 "$LOG" >&2; exit 1
    fi
    sleep 1
    local idle; idle=$(rss "$PID")
    taskset -c 0 wrk -t1 -c64 -d"$LOAD" "http://127.0.0.1:$PORT$path" >/dev/null
    local loaded; loaded=$(rss "$PID")
    local conns=0
    if (( IDLE_CONNS > 0 )); then
        conns=$(taskset -c 0 python3 "$PROBE" idle $PORT "$path" "$PID" "$IDLE_CONNS" </dev/null)
    fi
    kill -- -"$PID" 2>/dev/null || true
    while kill -0 "$PID" 2>/dev/null; do sleep 0.05; done
    PID=
    echo "$secs $idle $loaded $conns $cpu"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "load before: $(uptime)"
TARGETS=(hello arena vertx netty)
if [[ "$TRAIN_AOT" == 1 ]]; then
    PORT=$((PORT + 1)) bash jmh/load/aot-train.sh "$HELLO_JAR" "${HELLO_JAR%.jar}.aot" $((PORT + 1)) /plaintext
    env PORT=$((PORT + 1)) H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA" TLS_CERT="$DATA/certs/server.crt" \
        TLS_KEY="$DATA/certs/server.key" bash jmh/load/aot-train.sh "$ARENA_JAR" "${ARENA_JAR%.jar}.aot" \
        $((PORT + 1)) /pipeline /baseline11?a=1\&b=2 /json/25 /static/reset.css
    TARGETS=(hello hello-aot arena arena-aot vertx netty)
fi
[[ -n "$BASE_HELLO_JAR" ]] && TARGETS+=(hello-base)
[[ -n "$BASE_ARENA_JAR" ]] && TARGETS+=(arena-base)
declare -A S I L C U
for r in $(seq "$ROUNDS"); do
    line="round $r:"
    for t in "${TARGETS[@]}"; do
        read -r s i l c u <<<"$(measure "$t")"
        S[$t]+="$s "; I[$t]+="$i "; L[$t]+="$l "; C[$t]+="$c "; U[$t]+="$u "
        line+=" $t ${s}s (cpu ${u}s) $((i / 1024))/$((l / 1024))/$((c / 1024))MiB;"
    done
    echo "$line"
done
med() { tr ' ' '\n' <<<"$1" | grep -v '^$' | median; }
echo
echo "medians of $ROUNDS rounds; server on core 1 (${FLAGS[*]}), probe and wrk on core 0; RSS MiB"
printf '%-10s %12s %9s %10s %12s %14s %10s %10s\n' target first-resp cpu idle-RSS after-load "${IDLE_CONNS}-conns" vs-vertx-s vs-vertx-idle
vs=$(med "${S[vertx]}"); vi=$(med "${I[vertx]}")
for t in "${TARGETS[@]}"; do
    s=$(med "${S[$t]}"); i=$(med "${I[$t]}"); l=$(med "${L[$t]}"); c=$(med "${C[$t]}"); u=$(med "${U[$t]}")
    printf '%-10s %11.3fs %8.2fs %10.1f %12.1f %14.1f %10.2f %10.2f\n' "$t" "$s" "$u" "$(bc -l <<<"$i/1024")" "$(bc -l <<<"$l/1024")" \
        "$(bc -l <<<"$c/1024")" "$(bc -l <<<"$s/$vs")" "$(bc -l <<<"$i/$vi")"
done
echo "load after: $(uptime)"
