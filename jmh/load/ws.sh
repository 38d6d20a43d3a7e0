#!/usr/bin/env bash
# WebSocket echo load test: Pronto against Vert.x 5 and raw Netty (WebSocketServerProtocolHandler),
# same run, one server core. Each server echoes /ws (HttpArena echo-ws); the Netty load driver
# (dev.pronto.jmh.ws.WsLoad) runs on core 0 with CONNS connections and DEPTH 5-byte text frames in
# flight on each: 512 and 4096 connections with one frame in flight, and a pipelined variant
# (PIPE_CONNS connections x PIPE_DEPTH frames). Each round runs the three servers back to back; the
# driver reports messages/s and the server's CPU time per message (utime+stime read from /proc at
# the edges of the measured window, so connecting and warm-up are not charged). Prints every
# round with the load average, then medians of ROUNDS with Pronto's ratios to each baseline; then
# the memory per idle connection with IDLE connections open (heap used after a full GC, plus NMT
# "Other" = Netty's direct buffers), against each server's own empty baseline.
# PRONTO_TRANSPORT=IO_URING runs Pronto on io_uring (the baselines stay on epoll; default EPOLL).
# Needs: a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java, jcmd, curl.
# Example: ROUNDS=3 WARMUP=10 DURATION=5 CASES="c512 pipelined" flock /tmp/pronto-bench.lock bash jmh/load/ws.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
WARMUP="${WARMUP:-10}"
PIPE_CONNS="${PIPE_CONNS:-512}"
PIPE_DEPTH="${PIPE_DEPTH:-16}"
IDLE="${IDLE:-10000}"
PRONTO_TRANSPORT="${PRONTO_TRANSPORT:-EPOLL}"
# which parts to run: any of c512 c4096 pipelined idle
CASES="${CASES:-c512 c4096 pipelined idle}"
FLAGS=(-Xms512m -Xmx512m "${SERVER_FLAGS[@]}")
JCMD="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
require_file "$JAR" "mvn -pl jmh -am package -DskipTests"
require_tool curl "apt-get install curl"
# no command substitution around anything that starts a process: every server and driver is a job
# of this shell, so an interrupted run leaves nothing behind
trap 'exit 130' INT TERM
SERVER_PID=
OUT=$(mktemp /tmp/ws-load.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "$OUT"' EXIT

start_server() { # class port [extra jvm flags...]
    local class=$1 port=$2; shift 2
    local -a args=("$port")
    [[ $class == ProntoWsServer ]] && args+=("$PRONTO_TRANSPORT")
    taskset -c 1 "$JAVA" "${FLAGS[@]}" "$@" -cp "$JAR" "dev.pronto.jmh.ws.$class" "${args[@]}" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 300); do
        kill -0 "$SERVER_PID" 2>/dev/null || { echo "server $class exited at start" >&2; exit 1; }
        # any HTTP answer (426 for a plain GET) means the listener is up
        [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/ws" || true)" =~ ^[1-5] ]] && return 0
        sleep 0.1
    done
    echo "server $class did not listen on $port within 30 s" >&2; exit 1
}

stop_server() {
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=
}

load() { # port conns depth warmup seconds [server pid]; output in $OUT
    taskset -c 0 "$JAVA" -Xmx512m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.ws.WsLoad 127.0.0.1 "$@" >"$OUT"
}

measure() { # class port conns depth -> sets MPS and CPU
    start_server "$1" "$2"
    load "$2" "$3" "$4" "$WARMUP" 1
    load "$2" "$3" "$4" 2 "$DURATION" "$SERVER_PID"
    stop_server
    MPS=$(awk '/^messages\/s/ {print $2}' "$OUT"); MPS=${MPS:-0}
    CPU=$(awk '/^server-cpu-us\/msg/ {print $2}' "$OUT"); CPU=${CPU:-0}
}

memory_kb() { # pid -> sets HEAP_KB and OTHER_KB
    "$JCMD" "$1" GC.run >/dev/null
    HEAP_KB=$("$JCMD" "$1" GC.heap_info | grep -oE 'used [0-9]+K' | awk '{gsub("K","",$2); s+=$2} END {print s}')
    OTHER_KB=$("$JCMD" "$1" VM.native_memory summary | awk -F'committed=' '/- +Other \(/ {split($2,a,"KB"); print a[1]}')
    OTHER_KB=${OTHER_KB:-0}
}

idle_memory() { # class port -> sets IDLE_HEAP and IDLE_DIRECT (bytes per connection)
    start_server "$1" "$2" -XX:NativeMemoryTracking=summary
    memory_kb "$SERVER_PID"; local h0=$HEAP_KB o0=$OTHER_KB
    taskset -c 0 "$JAVA" -Xmx512m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.ws.WsLoad 127.0.0.1 "$2" "$IDLE" 0 0 120 >"$OUT" &
    local driver=$!
    for _ in $(seq 1200); do grep -q '^open' "$OUT" 2>/dev/null && break; sleep 0.1; done
    grep -q '^open' "$OUT" || { echo "$1: $(cat "$OUT")" >&2; exit 1; }
    memory_kb "$SERVER_PID"
    kill "$driver" 2>/dev/null || true; wait "$driver" 2>/dev/null || true
    stop_server
    IDLE_HEAP=$(( (HEAP_KB - h0) * 1024 / IDLE )); IDLE_DIRECT=$(( (OTHER_KB - o0) * 1024 / IDLE ))
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > 0) ? a / b : 0}'; }

run_case() { # label conns depth
    local -a PR PC VR VC NR NC
    for r in $(seq "$ROUNDS"); do
        measure ProntoWsServer 18090 "$2" "$3"; PR+=("$MPS"); PC+=("$CPU")
        measure VertxWsServer 18091 "$2" "$3"; VR+=("$MPS"); VC+=("$CPU")
        measure NettyWsServer 18092 "$2" "$3"; NR+=("$MPS"); NC+=("$CPU")
        echo "  $1 round $r: pronto ${PR[-1]} msg/s (${PC[-1]} us) | vert.x ${VR[-1]} (${VC[-1]} us)" \
            "| netty ${NR[-1]} (${NC[-1]} us) | load $(cut -d' ' -f1-3 /proc/loadavg)"
    done
    local pr pc vr vc nr nc
    pr=$(printf '%s\n' "${PR[@]}" | median); pc=$(printf '%s\n' "${PC[@]}" | median)
    vr=$(printf '%s\n' "${VR[@]}" | median); vc=$(printf '%s\n' "${VC[@]}" | median)
    nr=$(printf '%s\n' "${NR[@]}" | median); nc=$(printf '%s\n' "${NC[@]}" | median)
    SUMMARY+=("$(printf '%-22s %-10s %10.0f %10.0f %10.0f %8.2f %8.2f' "$1" "msg/s" "$pr" "$vr" "$nr" "$(ratio "$pr" "$vr")" "$(ratio "$pr" "$nr")")")
    SUMMARY+=("$(printf '%-22s %-10s %10.3f %10.3f %10.3f %8.2f %8.2f' "$1" "CPU us/msg" "$pc" "$vc" "$nc" "$(ratio "$pc" "$vc")" "$(ratio "$pc" "$nc")")")
}

SUMMARY=()
echo "start $(date -u '+%F %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg); ${DURATION}s rounds after ${WARMUP}s warm-up;" \
    "server on core 1, driver on core 0, Pronto on $PRONTO_TRANSPORT"
[[ " $CASES " == *" c512 "* ]] && run_case "512 conns x 1" 512 1
[[ " $CASES " == *" c4096 "* ]] && run_case "4096 conns x 1" 4096 1
[[ " $CASES " == *" pipelined "* ]] && run_case "$PIPE_CONNS conns x $PIPE_DEPTH" "$PIPE_CONNS" "$PIPE_DEPTH"
if (( ${#SUMMARY[@]} > 0 )); then
    echo "median of $ROUNDS rounds"
    printf '%-22s %-10s %10s %10s %10s %8s %8s\n' case metric pronto vert.x netty "vs vx" "vs netty"
    printf '%s\n' "${SUMMARY[@]}"
fi
if [[ " $CASES " == *" idle "* ]]; then
    (( $(ulimit -n) > IDLE + 1000 )) || { echo "ulimit -n $(ulimit -n) is too low for IDLE=$IDLE" >&2; exit 1; }
    idle_memory ProntoWsServer 18090; ph=$IDLE_HEAP pd=$IDLE_DIRECT
    idle_memory VertxWsServer 18091; vh=$IDLE_HEAP vd=$IDLE_DIRECT
    idle_memory NettyWsServer 18092; nh=$IDLE_HEAP nd=$IDLE_DIRECT
    echo "memory per idle connection ($IDLE idle, bytes, heap / direct):" \
        "pronto $ph / $pd | vert.x $vh / $vd | netty $nh / $nd"
fi
echo "end $(date -u '+%H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
