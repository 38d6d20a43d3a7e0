#!/usr/bin/env bash
# Two event loops over one, in memory, as pairs of forks back to back: PlaintextScalingBenchmark's oneLoop and
# twoLoops (and ScalingCeilingBenchmark's oneThread and twoThreads, the machine's own two-thread limit) each run as
# one JMH fork in turn, PAIRS times, the order swapped every pair, and every pair gives its own two-over-one ratio.
# JMH's own -f N runs every fork of oneLoop before the first of twoLoops, so a slow spell of a shared host (whole
# minutes at half speed) can fall on one side of the ratio only; a pair is a minute apart at most, and the median
# of the pairs' ratios is what drift moves least.
#   jmh/load/scaling-pairs.sh            METRICS (default "none micrometer netty"): PlaintextScalingBenchmark's
#                                        metrics parameter; ceiling is ScalingCeilingBenchmark's one dependent
#                                        chain, ceiling-wide its four independent ones (a core's full issue width:
#                                        two hardware threads of one core scale it well below 2x)
# FLAG_SETS (default fork): fork = PlaintextScalingBenchmark's own @Fork flags (the JVM's defaults otherwise); any
# other is a common.sh flag set (docker: the HttpArena entry Dockerfile's JAVA_OPTS), run with the benchmark's
# event-loop executor and leak detection off as its @Fork has them (JMH's -jvmArgsAppend replaces @Fork's).
# The ceiling cases run with their own @Fork flags in every set.
# docker:-XX:ObjectAlignmentInBytes=128 takes the collector's placement out of the ratio: no two objects share a
# cache line then, which costs one loop about 4 % (docs/benchmarks.md, "Two loops and where the collector puts
# pooled objects").
# PAIRS (default 5), WI / I (warm-up and measured 1 s iterations per fork, default 8 / 5), JAR (default
# jmh/target/benchmarks.jar). Prints every fork's score, then per flag set and case the median throughputs and the
# pairs' ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="${JAR:-jmh/target/benchmarks.jar}"
PAIRS="${PAIRS:-5}"
WI="${WI:-8}"
I="${I:-5}"
CASES=(${METRICS:-none micrometer netty} ceiling ceiling-wide)
FLAG_SETS=(${FLAG_SETS:-fork})
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
LOG=$(mktemp)
trap 'rm -f "$LOG" "$LOG.csv" "$LOG.csv.log"' EXIT

score() { # flag-set case threads -> the fork's score, requests (or passes) per microsecond
    local bench params=()
    if [[ "$2" == ceiling* ]]; then
        bench="ScalingCeilingBenchmark.$([[ "$3" == 1 ]] && echo oneThread || echo twoThreads)"
        params=(-p "work=$([[ "$2" == ceiling-wide ]] && echo wide || echo chain)")
    else
        bench="PlaintextScalingBenchmark.$([[ "$3" == 1 ]] && echo oneLoop || echo twoLoops)"; params=(-p "metrics=$2")
        [[ "$1" == fork ]] || params+=(-jvmArgsAppend "$(flag_set "$1") -Dio.netty.leakDetection.level=disabled \
-Djmh.executor=CUSTOM -Djmh.executor.class=dev.pronto.jmh.core.EventLoopThreadExecutor")
    fi
    jmh_fork "$LOG.csv" "" "$bench\$" "${params[@]}" -wi "$WI" -i "$I"
}

skipped() { # flag-set case -> whether the case does not run with the set: the ceiling's flags are its own in every
    # set, so it runs with the first only
    [[ "$2" == ceiling* && "$1" != "${FLAG_SETS[0]}" ]]
}

for p in $(seq "$PAIRS"); do
    for f in "${FLAG_SETS[@]}"; do
        for c in "${CASES[@]}"; do
            skipped "$f" "$c" && continue
            order=(1 2); (( p % 2 == 0 )) && order=(2 1)
            for t in "${order[@]}"; do
                s=$(score "$f" "$c" "$t")
                echo "pair $p $f $c threads=$t score=$s" | tee -a "$LOG"
            done
        done
    done
done

echo
echo "medians of $PAIRS pairs (one fork each side, ${WI} + ${I} iterations of 1 s); ops per microsecond"
printf '%-8s %-12s %s\n' flags case "one two two/one   per-pair two/one"
for f in "${FLAG_SETS[@]}"; do
    for c in "${CASES[@]}"; do
        skipped "$f" "$c" && continue
        printf '%-8s %-12s %s\n' "$f" "$c" "$(awk -v f="$f" -v c="$c" '$3 == f && $4 == c {
            split($5, t, "="); split($6, s, "="); v[$2, t[2]] = s[2]; p[$2] = 1 }
            END { for (k in p) print k, v[k, 1], v[k, 2] }' "$LOG" | two_over_one)"
    done
done
