#!/usr/bin/env bash
# WebSocket echo load test: Pronto against Vert.x 5 and raw Netty (WebSocketServerProtocolHandler),
# same run, one server core. Each server echoes /ws (HttpArena echo-ws); the Netty load driver
# (dev.pronto.jmh.ws.WsLoad) runs on core 0 with CONNS connections and DEPTH 5-byte text frames in
# flight on each: 512 and 4096 connections with one frame in flight, and a pipelined variant
# (PIPE_CONNS connections x PIPE_DEPTH frames). Each round runs every server back to back: Pronto on
# each transport of PRONTO_TRANSPORTS (default "EPOLL IO_URING"), then Vert.x and Netty on
# BASELINE_TRANSPORT (default EPOLL; IO_URING also works). With PRONTO_BASE_JAR set, Pronto from that
# jar (e.g. main's build) runs too, as "base", for a before/after in the same run.
# Per round and server it prints messages/s, the server's CPU time per message (utime+stime from /proc
# over exactly the measured window, so connecting and warm-up are not charged) and the kernel's part of it
# (stime: what no server code can save while making the same syscalls), the server core's
# utilisation (CPU time / wall, ~1.0 = saturated) and the driver core's (above ~0.9 the driver, not the
# server, may be the limit). Then medians of ROUNDS with Pronto's ratios to each baseline; then the
# memory per idle connection with IDLE connections open (heap used after a full GC, plus NMT "Other" =
# Netty's direct buffers), against each server's own empty baseline.
# NICE (default 0; e.g. -10, needs root) runs servers and driver at that nice level, so on a box shared with
# builds the measured processes get most of their core; the figures then say how much CPU a message costs
# when the core is really available (check srv/drv near 1.0), and the other work on the box waits meanwhile.
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
PRONTO_TRANSPORTS="${PRONTO_TRANSPORTS:-EPOLL IO_URING}"
BASELINE_TRANSPORT="${BASELINE_TRANSPORT:-EPOLL}"
PRONTO_BASE_JAR="${PRONTO_BASE_JAR:-}"
NICE="${NICE:-0}"
# which parts to run: any of c512 c4096 pipelined idle
CASES="${CASES:-c512 c4096 pipelined idle}"
FLAGS=(-Xms512m -Xmx512m "${SERVER_FLAGS[@]}")
JCMD="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
require_tool curl "apt-get install curl"
# no command substitution around anything that starts a process: every server and driver is a job
# of this shell, so an interrupted run leaves nothing behind
trap 'exit 130' INT TERM
SERVER_PID=
OUT=$(mktemp /tmp/ws-load.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "$OUT"' EXIT

# a server is name:transport; name is pronto, base (Pronto from PRONTO_BASE_JAR), vertx or netty
SERVERS=()
for t in $PRONTO_TRANSPORTS; do SERVERS+=("pronto:$t"); done
[[ -n $PRONTO_BASE_JAR ]] && SERVERS+=("base:EPOLL")
SERVERS+=("vertx:$BASELINE_TRANSPORT" "netty:$BASELINE_TRANSPORT")

start_server() { # name:transport port [extra jvm flags...]
    local name=${1%%:*} transport=${1##*:} port=$2 jar=$JAR class; shift 2
    case $name in
        pronto) class=ProntoWsServer ;;
        base) class=ProntoWsServer; jar=$PRONTO_BASE_JAR ;;
        vertx) class=VertxWsServer ;;
        netty) class=NettyWsServer ;;
    esac
    nice -n "$NICE" taskset -c 1 "$JAVA" "${FLAGS[@]}" "$@" -cp "$jar" "dev.pronto.jmh.ws.$class" "$port" "$transport" >/dev/null 2>&1 &
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
    nice -n "$NICE" taskset -c 0 "$JAVA" -Xmx512m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.ws.WsLoad 127.0.0.1 "$@" >"$OUT" 2>&1 \
        || { echo "load driver failed (port $1, $2 connections x $3):" >&2; grep -v '^WARNING' "$OUT" | tail -20 >&2; exit 1; }
}

measure() { # server port conns depth -> sets MPS, CPU, SYS, SUTIL and DUTIL
    start_server "$1" "$2"
    load "$2" "$3" "$4" "$WARMUP" 1
    load "$2" "$3" "$4" 2 "$DURATION" "$SERVER_PID"
    stop_server
    MPS=$(awk '/^messages\/s/ {print $2}' "$OUT"); MPS=${MPS:-0}
    CPU=$(awk '/^server-cpu-us\/msg/ {print $2}' "$OUT"); CPU=${CPU:-0}
    SYS=$(awk '/^server-sys-us\/msg/ {print $2}' "$OUT"); SYS=${SYS:-0}
    SUTIL=$(awk '/^server-core-util/ {print $2}' "$OUT"); SUTIL=${SUTIL:-0}
    DUTIL=$(awk '/^driver-core-util/ {print $2}' "$OUT"); DUTIL=${DUTIL:-0}
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


run_case() { # label conns depth
    local -A M C K S D
    local r i server line
    for r in $(seq "$ROUNDS"); do
        line="  $1 round $r:"
        for i in "${!SERVERS[@]}"; do
            server=${SERVERS[$i]}
            measure "$server" $((18090 + i)) "$2" "$3"
            M[$server]+="$MPS "; C[$server]+="$CPU "; K[$server]+="$SYS "; S[$server]+="$SUTIL "; D[$server]+="$DUTIL "
            line+=" $server $MPS msg/s $CPU us (kernel $SYS) srv $SUTIL drv $DUTIL |"
        done
        echo "$line load $(cut -d' ' -f1-3 /proc/loadavg)"
    done
    local vx=${SERVERS[-2]} nt=${SERVERS[-1]} pm pc vm vc nm nc
    vm=$(printf '%s\n' ${M[$vx]} | median); vc=$(printf '%s\n' ${C[$vx]} | median)
    nm=$(printf '%s\n' ${M[$nt]} | median); nc=$(printf '%s\n' ${C[$nt]} | median)
    for server in "${SERVERS[@]}"; do
        pm=$(printf '%s\n' ${M[$server]} | median); pc=$(printf '%s\n' ${C[$server]} | median)
        SUMMARY+=("$(printf '%-16s %-16s %10.0f %8.3f %8.3f %5.2f %5.2f %8s %8s %8s %8s' "$1" "$server" "$pm" "$pc" \
            "$(printf '%s\n' ${K[$server]} | median)" \
            "$(printf '%s\n' ${S[$server]} | median)" "$(printf '%s\n' ${D[$server]} | median)" \
            "$(ratio "$pm" "$vm")" "$(ratio "$pc" "$vc")" "$(ratio "$pm" "$nm")" "$(ratio "$pc" "$nc")")")
    done
}

SUMMARY=()
echo "start $(date -u '+%F %H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg); ${DURATION}s rounds after ${WARMUP}s warm-up;" \
    "server on core 1, driver on core 0, nice $NICE; servers: ${SERVERS[*]}"
[[ " $CASES " == *" c512 "* ]] && run_case "512 x 1" 512 1
[[ " $CASES " == *" c4096 "* ]] && run_case "4096 x 1" 4096 1
[[ " $CASES " == *" pipelined "* ]] && run_case "$PIPE_CONNS x $PIPE_DEPTH" "$PIPE_CONNS" "$PIPE_DEPTH"
if (( ${#SUMMARY[@]} > 0 )); then
    echo "median of $ROUNDS rounds (srv/drv: server/driver core utilisation; ratios: msg/s and CPU us/msg to each baseline)"
    echo "(kernel: the stime part of us/msg; kernel / a baseline's us/msg is the lowest CPU ratio any server making the same syscalls could reach)"
    printf '%-16s %-16s %10s %8s %8s %5s %5s %8s %8s %8s %8s\n' case server msg/s us/msg kernel srv drv "vx msg" "vx cpu" "nt msg" "nt cpu"
    printf '%s\n' "${SUMMARY[@]}"
fi
if [[ " $CASES " == *" idle "* ]]; then
    (( $(ulimit -n) > IDLE + 1000 )) || { echo "ulimit -n $(ulimit -n) is too low for IDLE=$IDLE" >&2; exit 1; }
    idle_memory "${SERVERS[0]}" 18090; ph=$IDLE_HEAP pd=$IDLE_DIRECT
    idle_memory "${SERVERS[-2]}" 18091; vh=$IDLE_HEAP vd=$IDLE_DIRECT
    idle_memory "${SERVERS[-1]}" 18092; nh=$IDLE_HEAP nd=$IDLE_DIRECT
    echo "memory per idle connection ($IDLE idle, bytes, heap / direct):" \
        "${SERVERS[0]} $ph / $pd | ${SERVERS[-2]} $vh / $vd | ${SERVERS[-1]} $nh / $nd"
fi
echo "end $(date -u '+%H:%M') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
