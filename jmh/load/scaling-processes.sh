#!/usr/bin/env bash
# Two event loops in two JVMs, against one: PlaintextScalingBenchmark's oneLoop alone on core 1, then in two JVMs
# at once, one pinned to each core, ROUNDS times. Two processes share no heap, no collector, no JIT and no object,
# so their sum over one is what this machine gives two copies of the whole pipeline; scaling-pairs.sh's twoLoops
# (two threads in one JVM) falling short of it is the cost of what one JVM shares between its threads, and a
# server-side shared write would show as twoLoops falling short for Pronto and not for raw Netty. A JVM pinned to
# one core picks the serial collector, while scaling-pairs.sh's JVMs see both cores (G1), so
# the two scripts' one-loop figures are not the same measurement.
#   jmh/load/scaling-processes.sh        METRICS (default "micrometer netty"): PlaintextScalingBenchmark's metrics
#                                        parameter, one line per round and case
# ROUNDS (default 3), WI / I (warm-up and measured 1 s iterations per fork, default 8 / 5), JAR (default
# jmh/target/benchmarks.jar). Prints every round's scores and their ratio, then the median ratio per case.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="${JAR:-jmh/target/benchmarks.jar}"
ROUNDS="${ROUNDS:-3}"
WI="${WI:-8}"
I="${I:-5}"
CASES=(${METRICS:-micrometer netty})
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
LOG=$(mktemp -d)
trap 'rm -rf "$LOG"' EXIT

score() { # case core -> oneLoop's score in a JVM pinned to that core
    jmh_fork "$LOG/$2.csv" "$2" 'PlaintextScalingBenchmark.oneLoop$' -p "metrics=$1" -wi "$WI" -i "$I"
}

for r in $(seq "$ROUNDS"); do
    for c in "${CASES[@]}"; do
        alone=$(score "$c" 1)
        score "$c" 0 >"$LOG/other" &
        b=$(score "$c" 1)
        wait $!
        a=$(cat "$LOG/other")
        echo "round $r $c alone=$alone two=$a+$b ratio=$(awk -v x="$alone" -v y="$a" -v z="$b" 'BEGIN { printf "%.2f", (y + z) / x }')" \
            | tee -a "$LOG/rounds"
    done
done

echo
echo "medians of $ROUNDS rounds (one fork each JVM, ${WI} + ${I} iterations of 1 s): two JVMs over one"
for c in "${CASES[@]}"; do
    printf '%-11s %s\n' "$c" "$(awk -v c="$c" '$3 == c { split($6, v, "="); print v[2] }' "$LOG/rounds" | median)"
done
