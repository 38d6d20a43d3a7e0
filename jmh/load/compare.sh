#!/usr/bin/env bash
# Measures the working tree's build against an older commit's, in the same run: the engine-change check.
#   jmh/load/compare.sh REV [SUITE...]      SUITE: plaintext (default), json, h2c, teleport, or arena alone
# arena: the shipped app (examples/target/arena.jar) against REV's, raw Netty beside, with the Dockerfile's JVM flags
# and the JVM's defaults: jmh/load/arena-compare.sh REV (its WORKLOADS, FLAG_SETS and SERVERS apply).
# REV's benchmarks.jar is built once in target/compare/<sha> (a detached git worktree, never installed);
# the working tree's jmh/target/benchmarks.jar must be built already (mvn -Pall -pl jmh -am package -DskipTests).
# Each of ROUNDS rounds runs every suite's load script once per build, the order alternating between rounds
# so drift on the machine does not favour one build; the raw Netty baseline runs beside the working tree's
# build in each round (plaintext, h2c). Prints every round, then per metric the medians and head / REV.
# Suites: plaintext.sh (pipelined x16 and keep-alive /plaintext over HTTP/1.1), json.sh (keep-alive
# /json/{count}?m= over HTTP/1.1, the same source-launched server on both builds; no raw Netty), h2.sh (h2c /baseline2),
# teleport.sh (one connection, 64 in flight, /baseline11, with the working tree's clients against each
# server build). Needs what those scripts need.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
[[ $# -ge 1 ]] || { echo "usage: $0 REV [plaintext|h2c|teleport ...]" >&2; exit 1; }
REV=$(git rev-parse --short "$1"); shift
SUITES=("${@:-plaintext}")
[[ "${SUITES[*]}" == arena ]] && exec bash jmh/load/arena-compare.sh "$REV"
ROUNDS="${ROUNDS:-5}"
HEAD_JAR=jmh/target/benchmarks.jar
BASE_DIR="target/compare/$REV"
BASE_JAR="$BASE_DIR/jmh/target/benchmarks.jar"
require_file "$HEAD_JAR" "mvn -Pall -pl jmh -am package -DskipTests"

if [[ ! -f "$BASE_JAR" ]]; then
    rm -rf "$BASE_DIR"; git worktree prune
    git worktree add --detach "$BASE_DIR" "$REV" >/dev/null
    echo "building $REV in $BASE_DIR"
    (cd "$BASE_DIR" && mvn -Pall -B -q -pl jmh -am package -DskipTests >/dev/null)
fi
LOG=$(mktemp -d)
trap 'rm -rf "$LOG"' EXIT

run() { # suite build -> the suite's output for one round of that build, in $LOG/<suite>.<build>.<round>
    local jar=$HEAD_JAR servers="pronto netty"
    [[ "$2" == base ]] && { jar=$BASE_JAR; servers=pronto; }
    case "$1" in
        plaintext) JAR=$jar SERVERS=$servers ROUNDS=1 bash jmh/load/plaintext.sh ;;
        json) JAR=$jar ROUNDS=1 bash jmh/load/json.sh ;;
        h2c) JAR=$jar SERVERS=$servers ROUNDS=1 bash jmh/load/h2.sh ;;
        teleport) SERVER_JAR=$jar ROUNDS=1 INFLIGHTS=64 PATHS="/baseline11?a=1&b=2" \
            KINDS="http1 teleport-none teleport-flate" bash jmh/load/teleport.sh ;;
        *) echo "unknown suite $1" >&2; exit 1 ;;
    esac
}

# Each suite's round line -> "metric value" pairs (values of Pronto, then of netty as netty.<metric>).
metrics() { # suite < output
    case "$1" in
        plaintext) sed -nE 's/^round 1: pronto pipelined=([0-9.]+) \(([0-9.]+)us\) plain=([0-9.]+) \(([0-9.]+)us\) \| netty pipelined=([0-9.]+) \(([0-9.]+)us\) plain=([0-9.]+) \(([0-9.]+)us\).*/pipelined_rps \1\npipelined_us \2\nkeepalive_rps \3\nkeepalive_us \4\nnetty.pipelined_rps \5\nnetty.pipelined_us \6\nnetty.keepalive_rps \7\nnetty.keepalive_us \8/p' ;;
        json) sed -nE 's/^round 1: pronto json=([0-9.]+) \(([0-9.]+)us\).*/json_rps \1\njson_us \2/p' ;;
        h2c) sed -nE 's/^round 1: pronto ([0-9.]+) req\/s \(([0-9.]+)us\).*\| netty ([0-9.]+) \(([0-9.]+)us\).*/rps \1\nus \2\nnetty.rps \3\nnetty.us \4/p' ;;
        teleport) sed -nE 's/^round 1 .* kind=([a-z0-9-]+) rps=([0-9.]+) client_cpu_ns=[0-9.]+ server_cpu_ns=([0-9.]+).*/\1.rps \2\n\1.server_ns \3/p' ;;
    esac
}

for r in $(seq "$ROUNDS"); do
    order=(base head); (( r % 2 == 0 )) && order=(head base)
    for suite in "${SUITES[@]}"; do
        for build in "${order[@]}"; do
            run "$suite" "$build" > "$LOG/$suite.$build.$r" 2>&1 || { cat "$LOG/$suite.$build.$r" >&2; exit 1; }
            echo "round $r $suite $build: $(metrics "$suite" < "$LOG/$suite.$build.$r" | grep -v '^netty\.' | tr '\n' ' ')"
        done
    done
done

median_of() { # suite build metric
    cat "$LOG/$1.$2".* | metrics "$1" | awk -v m="$3" '$1 == m && $2 > 0 {print $2}' | median
}
echo
echo "medians of $ROUNDS rounds, head = $HEAD_JAR built $(date -u -r "$HEAD_JAR" '+%F %H:%M') UTC (HEAD is now" \
    "$(git rev-parse --short HEAD)$(git diff --quiet || echo ' with changes'): rebuild it after a change), base = $REV"
printf '%-10s %-26s %14s %14s %10s %14s %12s\n' suite metric base head head/base "raw netty" "head/netty"
for suite in "${SUITES[@]}"; do
    for m in $(cat "$LOG/$suite.head".* | metrics "$suite" | awk '$1 !~ /^netty\./ {print $1}' | awk '!seen[$0]++'); do
        b=$(median_of "$suite" base "$m"); h=$(median_of "$suite" head "$m"); n=$(median_of "$suite" head "netty.$m")
        printf '%-10s %-26s %14.3f %14.3f %10s %14.3f %12s\n' "$suite" "$m" "$b" "$h" "$(ratio "$h" "$b")" "$n" "$(ratio "$h" "$n")"
    done
done
