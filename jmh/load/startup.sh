#!/usr/bin/env bash
# Startup and memory: for hello.jar and arena.jar (each without and, when TRAIN_AOT=1, with a JDK 25
# AOT cache) against Vert.x and raw Netty doing the same, same run:
#   hello.jar  vs  vertx (VertxPlaintextServer: a Vert.x HttpServer answering /plaintext) and
#                  netty (NettyBaselineServer: raw Netty HTTP/1.1 answering /plaintext);
#   arena.jar  vs  vertx-arena (VertxArenaServer in jmh/vertx-grpc: an idiomatic Vert.x 5 service started
#                  with arena.jar's environment, ARENA_ENV, doing what arena.jar does at start: the HTTP/1.1+h2c,
#                  h2c, HTTPS and TLS-h2 listeners, a Vert.x Web router with the arena routes, the gRPC
#                  BenchmarkService, a vertx-pg-client pool, Micrometer+Prometheus, WebSocket echo, compression and
#                  a static memory cache; without arena.jar's teleport listener, which Vert.x has no counterpart of).
# Per target and round: seconds from process start to the first 200 on /plaintext (/pipeline for the arena
# services), RSS 1 s after that, RSS after a short wrk load, and RSS holding IDLE_CONNS keep-alive connections
# that each got one answer; also the CPU seconds the process used up to its first answer, which a busy machine
# inflates far less than wall time. Server pinned to core 1, probe and wrk to core 0. Prints medians of ROUNDS
# with every target's ratios to vertx and, for the arena rows, to vertx-arena.
# TARGETS="arena vertx-arena vertx" measures a subset (an AOT cache is trained only for hello-aot or arena-aot).
# Needs: wrk, python3, curl, examples/target/{hello,arena}.jar, jmh/target/benchmarks.jar and
# jmh/vertx-grpc/target/vertx-grpc.jar (mvn -Pall -B -q -pl examples,jmh,jmh/vertx-grpc -am package -DskipTests).
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
# The Vert.x arena service (its own jar for its Vert.x gRPC version).
VERTX_JAR="${VERTX_JAR:-jmh/vertx-grpc/target/vertx-grpc.jar}"
require_tool wrk "apt-get install wrk"
require_tool python3 "apt-get install python3"
require_file "$HELLO_JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
require_file "$ARENA_JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
require_file "$BENCH_JAR" "mvn -Pall -B -q -pl jmh -am package -DskipTests"
require_file "$VERTX_JAR" "mvn -Pall -B -q -pl jmh/vertx-grpc -am package -DskipTests"
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
        vertx-arena) echo "${ARENA_ENV[*]} $JAVA ${FLAGS[*]} -cp $VERTX_JAR dev.pronto.jmh.vertxarena.VertxArenaServer" ;;
        *) echo "unknown target $1" >&2; exit 1 ;;
    esac
}
path_of() { [[ "$1" == arena* || "$1" == vertx-arena ]] && echo /pipeline || echo /plaintext; }  # the arena services have no /plaintext
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

echo "load before: $(uptime)"
if [[ -z "${TARGETS:-}" ]]; then
    TARGETS="hello arena vertx vertx-arena netty"
    [[ "$TRAIN_AOT" == 1 ]] && TARGETS="hello hello-aot arena arena-aot vertx vertx-arena netty"
fi
# shellcheck disable=SC2206
TARGETS=($TARGETS)
if [[ " ${TARGETS[*]} " == *" hello-aot "* ]]; then
    PORT=$((PORT + 1)) bash jmh/load/aot-train.sh "$HELLO_JAR" "${HELLO_JAR%.jar}.aot" $((PORT + 1)) /plaintext
fi
if [[ " ${TARGETS[*]} " == *" arena-aot "* ]]; then
    env PORT=$((PORT + 1)) H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA" TLS_CERT="$DATA/certs/server.crt" \
        TLS_KEY="$DATA/certs/server.key" bash jmh/load/aot-train.sh "$ARENA_JAR" "${ARENA_JAR%.jar}.aot" \
        $((PORT + 1)) /pipeline /baseline11?a=1\&b=2 /json/25 /static/reset.css
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
printf '%-12s %11s %8s %9s %11s %13s %10s %13s %10s %13s\n' target first-resp cpu idle-RSS after-load \
    "${IDLE_CONNS}-conns" vs-vertx-s vs-vertx-idle vs-vxarena-s vs-vxarena-idle
vs=; vi=; as=; ai=
[[ -n "${S[vertx]:-}" ]] && { vs=$(med "${S[vertx]}"); vi=$(med "${I[vertx]}"); }
[[ -n "${S[vertx-arena]:-}" ]] && { as=$(med "${S[vertx-arena]}"); ai=$(med "${I[vertx-arena]}"); }
for t in "${TARGETS[@]}"; do
    s=$(med "${S[$t]}"); i=$(med "${I[$t]}"); l=$(med "${L[$t]}"); c=$(med "${C[$t]}"); u=$(med "${U[$t]}")
    xs=-; xi=-
    [[ "$t" == arena* || "$t" == vertx-arena ]] && { xs=$(ratio "$s" "$as"); xi=$(ratio "$i" "$ai"); }
    printf '%-12s %10.3fs %7.2fs %9.1f %11.1f %13.1f %10s %13s %10s %13s\n' "$t" "$s" "$u" "$(bc -l <<<"$i/1024")" \
        "$(bc -l <<<"$l/1024")" "$(bc -l <<<"$c/1024")" "$(ratio "$s" "$vs")" "$(ratio "$i" "$vi")" "$xs" "$xi"
done
echo "load after: $(uptime)"
