#!/usr/bin/env bash
# One loop and two loops in one JVM, phase after phase (ScalingPhases): every two-over-one ratio compares the same
# compiled code and the same heap, which scaling-pairs.sh's separate JMH forks cannot. Each cycle runs loop 0 alone,
# then both loops, for PHASE seconds each, and gives its own ratio; the collections column shows which phases a
# collection fell in, so a change of the two-loop level can be laid beside them.
#   jmh/load/scaling-phases.sh           METRICS (default "micrometer netty"): PlaintextScalingBenchmark's metrics
#                                        parameter; FLAG_SETS (default "default docker"): JVM defaults, or the
#                                        HttpArena entry Dockerfile's JAVA_OPTS (ParallelGC, ByteBuf checks off)
# CYCLES (default 8), PHASE (seconds, default 2), JAR (default jmh/target/benchmarks.jar). Prints every phase, then
# per flag set and case the median one-loop and two-loop throughput and the cycles' ratios. TRACE=1 instead runs both
# loops throughout and prints each second's rates and collections (CYCLES x 2 x PHASE seconds), no summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="${JAR:-jmh/target/benchmarks.jar}"
CYCLES="${CYCLES:-8}"
PHASE="${PHASE:-2}"
CASES=(${METRICS:-micrometer netty})
FLAG_SETS=(${FLAG_SETS:-default docker})
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT

for f in "${FLAG_SETS[@]}"; do
    for c in "${CASES[@]}"; do
        # leak detection off, as in the benchmark's own forks (the Dockerfile's flags turn it off as well)
        # shellcheck disable=SC2046
        "$JAVA" $(flag_set "$f") -Dio.netty.leakDetection.level=disabled -cp "$JAR" dev.pronto.jmh.core.ScalingPhases \
            "$c" "$CYCLES" "$PHASE" ${TRACE:+trace} 2>/dev/null \
            | awk -v f="$f" -v c="$c" '$1 ~ /^[0-9]+$/ { print f, c, $0 }' | tee -a "$LOG"
    done
done

[[ -n "${TRACE:-}" ]] && exit 0
echo
echo "medians of $CYCLES cycles (${PHASE} s per phase, both in one JVM); requests per microsecond"
printf '%-8s %-11s %s\n' flags case "one two two/one   per-cycle two/one"
for f in "${FLAG_SETS[@]}"; do
    for c in "${CASES[@]}"; do
        # per cycle: the one-loop total and the two-loop total ($3 cycle, $4 loops, $7 total per µs)
        printf '%-8s %-11s %s\n' "$f" "$c" "$(awk -v f="$f" -v c="$c" '$1 == f && $2 == c { t[$3, $4] = $7; k[$3] = 1 }
            END { for (i in k) print i, t[i, 1], t[i, 2] }' "$LOG" | two_over_one)"
    done
done
