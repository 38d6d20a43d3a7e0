#!/usr/bin/env bash
# Pronto and the raw Netty baseline on each native transport, in the same run: epoll and io_uring for both.
# Each of ROUNDS rounds runs plaintext.sh once per server and transport (pipelined x16 and keep-alive on
# PLAIN_PATH, server on core 1, wrk on core 0), the order reversed every other round so drift favours no one.
# Prints every round, then the medians of server CPU per request and each one's ratio to Netty on epoll
# (the way hand-written Netty servers usually run) and to Netty on the same transport.
# Needs what plaintext.sh needs, and a kernel with io_uring (5.19+ for Netty's).
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
ROUNDS="${ROUNDS:-5}"
export PLAIN_PATH="${PLAIN_PATH:-/baseline11?a=13&b=42}"
LOG=$(mktemp -d)
trap 'rm -rf "$LOG"' EXIT
RUNS=("pronto EPOLL" "pronto IO_URING" "netty EPOLL" "netty IO_URING")

one() { # server transport round -> its plaintext.sh round line in $LOG/<server>.<transport>.<round>
    PRONTO_TRANSPORT=$2 NETTY_TRANSPORT=$2 SERVERS=$1 ROUNDS=1 bash jmh/load/plaintext.sh > "$LOG/$1.$2.$3" 2>&1 \
        || { cat "$LOG/$1.$2.$3" >&2; exit 1; }
}

metric() { # server file -> "pipelined_us keepalive_us" of that server's round line
    sed -nE "s/^round 1: .*$1 pipelined=[0-9.]+ \(([0-9.]+)us\) plain=[0-9.]+ \(([0-9.]+)us\).*/\1 \2/p" "$2"
}

for r in $(seq "$ROUNDS"); do
    order=("${RUNS[@]}")
    (( r % 2 == 0 )) && order=("${RUNS[3]}" "${RUNS[2]}" "${RUNS[1]}" "${RUNS[0]}")
    for run in "${order[@]}"; do
        read -r server transport <<<"$run"
        one "$server" "$transport" "$r"
        echo "round $r $server $transport: pipelined_us keepalive_us $(metric "$server" "$LOG/$server.$transport.$r")"
    done
done

med() { # server transport field(1 pipelined, 2 keep-alive)
    for f in "$LOG/$1.$2".*; do metric "$1" "$f"; done | awk -v k="$3" '{print $k}' | median
}
echo
echo "medians of $ROUNDS rounds, server CPU us/request, keep-alive on $PLAIN_PATH, server on core 1, wrk on core 0"
printf '%-18s %12s %12s %16s %18s\n' server pipelined keep-alive "keep-alive/netty" "keep-alive/netty"
printf '%-18s %12s %12s %16s %18s\n' "" "" "" "epoll" "same transport"
for run in "${RUNS[@]}"; do
    read -r server transport <<<"$run"
    p=$(med "$server" "$transport" 1); k=$(med "$server" "$transport" 2)
    printf '%-18s %12.3f %12.3f %16s %18s\n' "$server $transport" "$p" "$k" \
        "$(ratio "$k" "$(med netty EPOLL 2)")" "$(ratio "$k" "$(med netty "$transport" 2)")"
done
