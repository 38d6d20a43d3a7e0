#!/usr/bin/env bash
# gRPC load test: Pronto's gRPC (pronto-grpc on its HTTP/2 carrier) against grpc-java's own Netty
# server (grpc-netty-shaded, one epoll loop, direct executor), same run, same SumService, one server
# core (taskset -c 1), h2load on core 0, h2c prior knowledge.
#   unary:  GetSum with HttpArena's grpc-sum.bin, h2load -c CONNS -m STREAMS (64 x 100) -> calls/s
#   stream: StreamSum {a=1,b=2,count=5000}, h2load -c SCONNS -m SSTREAMS (16 x 4) -> messages/s
#           (completed calls x 5000 / duration; every call must finish, so this counts whole streams)
# Reports medians of ROUNDS with the server's CPU time per call/message and Pronto's ratio.
# Vert.x gRPC is not measured: vertx-grpc-server 5.0.12 does not resolve from Maven Central here.
# Needs: h2load (nghttp2-client), a built jmh/target/benchmarks.jar, ../shared/arena-data.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR="${JAR:-jmh/target/benchmarks.jar}"
source jmh/load/common.sh
ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-5}"
WARMUP="${WARMUP:-20}"
CONNS="${CONNS:-64}"; STREAMS="${STREAMS:-100}"
SCONNS="${SCONNS:-16}"; SSTREAMS="${SSTREAMS:-4}"
SUM=../shared/arena-data/requests/grpc-sum.bin
FLAGS=(-Xms256m -Xmx256m "${SERVER_FLAGS[@]}")
require_tool h2load "apt-get install nghttp2-client"
require_file "$JAR" "mvn -pl jmh -am package -DskipTests"
require_file "$SUM" "HttpArena's requests/grpc-sum.bin"
STREAM_BIN=$(mktemp); printf '\x00\x00\x00\x00\x07\x08\x01\x10\x02\x18\x88\x27' >"$STREAM_BIN"   # a=1 b=2 count=5000
trap 'kill $(jobs -p) 2>/dev/null || true; rm -f "$STREAM_BIN"' EXIT
GRPC=(-H 'content-type: application/grpc' -H 'te: trailers')

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

start_server() { # class port
    taskset -c 1 "$JAVA" "${FLAGS[@]}" -cp "$JAR" "dev.pronto.jmh.grpc.$1" "$2" >/dev/null 2>&1 &
    SERVER_PID=$!
    local probe
    for _ in $(seq 200); do
        # captured, not piped into grep -q: with pipefail an early grep exit fails the pipeline
        probe=$(h2load -n 1 "${GRPC[@]}" -d "$SUM" "http://127.0.0.1:$2/benchmark.BenchmarkService/GetSum" 2>/dev/null || true)
        [[ "$probe" == *"1 succeeded"* ]] && return 0
        sleep 0.1
    done
    echo "server $1 did not start" >&2; exit 1
}

measure() { # class port mode -> "per_second cpu_us_per_unit"
    start_server "$1" "$2"
    local url body c m per
    if [[ "$3" == unary ]]; then url=GetSum; body=$SUM; c=$CONNS; m=$STREAMS; per=1
    else url=StreamSum; body=$STREAM_BIN; c=$SCONNS; m=$SSTREAMS; per=5000; fi
    url="http://127.0.0.1:$2/benchmark.BenchmarkService/$url"
    taskset -c 0 h2load -c "$c" -m "$m" "${GRPC[@]}" -d "$body" -D "$WARMUP" "$url" >/dev/null
    local hz; hz=$(getconf CLK_TCK)
    local t0; t0=$(cpu_ticks "$SERVER_PID")
    local out; out=$(taskset -c 0 h2load -c "$c" -m "$m" "${GRPC[@]}" -d "$body" -D "$DURATION" "$url")
    local t1; t1=$(cpu_ticks "$SERVER_PID")
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
    local failed; failed=$(echo "$out" | awk '/^requests:/ {print $10}')
    [[ "$failed" == 0 ]] || { echo "$1: $failed calls failed" >&2; echo "$out" >&2; exit 1; }
    local ok; ok=$(echo "$out" | awk '/^requests:/ {print $8}')
    local secs; secs=$(echo "$out" | awk '/^finished in/ {sub("s,", "", $3); print $3}')
    awk -v ok="$ok" -v per="$per" -v s="$secs" -v d=$((t1 - t0)) -v hz="$hz" \
        'BEGIN {printf "%.0f %.3f\n", ok * per / s, d / hz * 1e6 / (ok * per)}'
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

declare -a PU PUC JU JUC PS PSC JS JSC
for r in $(seq "$ROUNDS"); do
    read -r a b <<<"$(measure ProntoGrpcServer 18090 unary)"; PU+=("$a"); PUC+=("$b")
    read -r a b <<<"$(measure GrpcJavaServer 18091 unary)"; JU+=("$a"); JUC+=("$b")
    read -r a b <<<"$(measure ProntoGrpcServer 18090 stream)"; PS+=("$a"); PSC+=("$b")
    read -r a b <<<"$(measure GrpcJavaServer 18091 stream)"; JS+=("$a"); JSC+=("$b")
    echo "round $r: unary pronto ${PU[-1]}/s (${PUC[-1]}us) grpc-java ${JU[-1]}/s (${JUC[-1]}us)" \
         "| stream pronto ${PS[-1]} msg/s (${PSC[-1]}us) grpc-java ${JS[-1]} msg/s (${JSC[-1]}us)"
done
row() { # label pronto-values... -- baseline-values...
    local label=$1; shift
    local p; p=$(printf '%s\n' "${@:1:$ROUNDS}" | median)
    local j; j=$(printf '%s\n' "${@:$((ROUNDS + 2)):$ROUNDS}" | median)
    printf '%-28s %14.3f %14.3f %8.2f\n' "$label" "$p" "$j" "$(awk -v a="$p" -v b="$j" 'BEGIN {print a / b}')"
}
echo
echo "median of $ROUNDS rounds, h2c, server on core 1, h2load on core 0;" \
     "unary $CONNS x $STREAMS, stream $SCONNS x $SSTREAMS x 5000 messages"
printf '%-28s %14s %14s %8s\n' metric pronto grpc-java ratio
row "unary calls/s" "${PU[@]}" -- "${JU[@]}"
row "unary server CPU us/call" "${PUC[@]}" -- "${JUC[@]}"
row "stream messages/s" "${PS[@]}" -- "${JS[@]}"
row "stream server CPU us/msg" "${PSC[@]}" -- "${JSC[@]}"
