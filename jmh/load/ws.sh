#!/usr/bin/env bash
# WebSocket echo load test: Pronto against Vert.x 5 and raw Netty (WebSocketServerProtocolHandler),
# same run, one server core. Each server echoes /ws (HttpArena echo-ws); the Netty load driver
# (dev.pronto.jmh.ws.WsLoad) runs on core 0 with CONNS connections and DEPTH 5-byte text frames in
# flight on each: 512 and 4096 connections with one frame in flight, and a pipelined variant
# (PIPE_CONNS connections x PIPE_DEPTH frames). Reports messages/s, the server's CPU time per
# message (utime+stime from /proc) and medians of ROUNDS, with Pronto's ratios to each baseline;
# then the memory of IDLE idle connections per connection (heap used after a full GC, plus
# NMT "Other" = direct buffers), against each server's own empty baseline.
# Needs: a built jmh/target/benchmarks.jar, a JDK 21+ as JAVA_HOME or java, jcmd.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
WARMUP="${WARMUP:-15}"
PIPE_CONNS="${PIPE_CONNS:-512}"
PIPE_DEPTH="${PIPE_DEPTH:-16}"
IDLE="${IDLE:-10000}"
# which parts to run: any of c512 c4096 pipelined idle
CASES="${CASES:-c512 c4096 pipelined idle}"
FLAGS=(-Xms512m -Xmx512m "${SERVER_FLAGS[@]}")
JCMD="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
require_file "$JAR" "mvn -pl jmh -am package -DskipTests"
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT

stop_server() {
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
}

start_server() { # class port [extra jvm flags...]
    local class=$1 port=$2; shift 2
    taskset -c 1 "$JAVA" "${FLAGS[@]}" "$@" -cp "$JAR" "dev.pronto.jmh.ws.$class" "$port" >/dev/null 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/ws" && return 0
        sleep 0.1
    done
    echo "server $class did not start" >&2; exit 1
}

load() { # port conns depth warmup seconds
    taskset -c 0 "$JAVA" -Xmx512m "${SERVER_FLAGS[@]}" -cp "$JAR" dev.pronto.jmh.ws.WsLoad 127.0.0.1 "$@"
}

measure() { # class port conns depth -> "msgs_per_s cpu_us_per_msg"
    start_server "$1" "$2"
    load "$2" "$3" "$4" "$WARMUP" 1 >/dev/null
    # the driver reads the server's utime+stime from /proc at the edges of the measured window itself
    local out; out=$(load "$2" "$3" "$4" 2 "$DURATION" "$SERVER_PID")
    stop_server
    local mps; mps=$(echo "$out" | awk '/^messages\/s/ {print $2}')
    local cpu; cpu=$(echo "$out" | awk '/^server-cpu-us\/msg/ {print $2}')
    echo "${mps:-0} ${cpu:-0}"
}

memory_kb() { # pid -> "heap_kb other_kb"
    "$JCMD" "$1" GC.run >/dev/null
    local heap; heap=$("$JCMD" "$1" GC.heap_info | grep -oE 'used [0-9]+K' | awk '{gsub("K","",$2); s+=$2} END {print s}')
    local other; other=$("$JCMD" "$1" VM.native_memory summary | awk -F'committed=' '/- +Other \(/ {split($2,a,"KB"); print a[1]}')
    echo "$heap ${other:-0}"
}

idle_memory() { # class port -> "heap_bytes_per_conn direct_bytes_per_conn"
    start_server "$1" "$2" -XX:NativeMemoryTracking=summary
    read -r h0 o0 <<<"$(memory_kb "$SERVER_PID")"
    load "$2" "$IDLE" 0 0 60 > /tmp/ws-idle.$$ &
    local driver=$!
    for _ in $(seq 600); do grep -q '^open' /tmp/ws-idle.$$ 2>/dev/null && break; sleep 0.1; done
    read -r h1 o1 <<<"$(memory_kb "$SERVER_PID")"
    kill "$driver" 2>/dev/null || true; wait "$driver" 2>/dev/null || true
    stop_server
    rm -f /tmp/ws-idle.$$
    echo "$(( (h1 - h0) * 1024 / IDLE )) $(( (o1 - o0) * 1024 / IDLE ))"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > 0) ? a / b : 0}'; }

run_case() { # label conns depth
    local -a PR PC VR VC NR NC
    for r in $(seq "$ROUNDS"); do
        read -r a b <<<"$(measure ProntoWsServer 18090 "$2" "$3")"; PR+=("$a"); PC+=("$b")
        read -r a b <<<"$(measure VertxWsServer 18091 "$2" "$3")"; VR+=("$a"); VC+=("$b")
        read -r a b <<<"$(measure NettyWsServer 18092 "$2" "$3")"; NR+=("$a"); NC+=("$b")
        echo "  $1 round $r: pronto ${PR[-1]} msg/s (${PC[-1]}us) | vert.x ${VR[-1]} (${VC[-1]}us) | netty ${NR[-1]} (${NC[-1]}us)" >&2
    done
    local pr pc vr vc nr nc
    pr=$(printf '%s\n' "${PR[@]}" | median); pc=$(printf '%s\n' "${PC[@]}" | median)
    vr=$(printf '%s\n' "${VR[@]}" | median); vc=$(printf '%s\n' "${VC[@]}" | median)
    nr=$(printf '%s\n' "${NR[@]}" | median); nc=$(printf '%s\n' "${NC[@]}" | median)
    printf '%-22s %-10s %10.0f %10.0f %10.0f %8.2f %8.2f\n' "$1" "msg/s" "$pr" "$vr" "$nr" "$(ratio "$pr" "$vr")" "$(ratio "$pr" "$nr")"
    printf '%-22s %-10s %10.3f %10.3f %10.3f %8.2f %8.2f\n' "$1" "CPU us/msg" "$pc" "$vc" "$nc" "$(ratio "$pc" "$vc")" "$(ratio "$pc" "$nc")"
}

{
    echo "median of $ROUNDS rounds, ${DURATION}s each after ${WARMUP}s warm-up; server on core 1, driver on core 0"
    printf '%-22s %-10s %10s %10s %10s %8s %8s\n' case metric pronto vert.x netty "vs vx" "vs netty"
    [[ " $CASES " == *" c512 "* ]] && run_case "512 conns x 1" 512 1
    [[ " $CASES " == *" c4096 "* ]] && run_case "4096 conns x 1" 4096 1
    [[ " $CASES " == *" pipelined "* ]] && run_case "$PIPE_CONNS conns x $PIPE_DEPTH" "$PIPE_CONNS" "$PIPE_DEPTH"
    [[ " $CASES " == *" idle "* ]] || exit 0
    read -r ph pd <<<"$(idle_memory ProntoWsServer 18090)"
    read -r vh vd <<<"$(idle_memory VertxWsServer 18091)"
    read -r nh nd <<<"$(idle_memory NettyWsServer 18092)"
    echo
    echo "memory per idle connection ($IDLE idle, bytes): heap / direct"
    echo "  pronto $ph / $pd | vert.x $vh / $vd | netty $nh / $nd"
}
