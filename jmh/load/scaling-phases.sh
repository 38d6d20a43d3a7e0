#!/usr/bin/env bash
# One loop and two loops in one JVM, phase after phase (ScalingPhases): every two-over-one ratio compares the same
# compiled code and the same heap, which scaling-pairs.sh's separate JMH forks cannot. Each cycle runs loop 0 alone,
# then both loops, for PHASE seconds each, and gives its own ratio; the collections column shows which phases a
# collection fell in, so a change of the two-loop level can be laid beside them.
#   jmh/load/scaling-phases.sh           METRICS (default "micrometer netty"): PlaintextScalingBenchmark's metrics
#                                        parameter; FLAG_SETS (default "default docker"): common.sh flag sets,
#                                        JVM defaults or the HttpArena entry Dockerfile's JAVA_OPTS, each with
#                                        extra flags after a colon if given (docker:-XX:-UseCondCardMark)
# CYCLES (default 8), PHASE (seconds, default 2), JAR (default jmh/target/benchmarks.jar). JVMS (default 1): how many
# JVMs per flag set and case, started in turn; a JVM's cycles mostly hold one level and the level differs from one
# JVM to the next (with no collector at all too: docs/benchmarks.md), so the figure to quote is the median over JVMs.
# Prints every phase, then per flag set and case the median one-loop and two-loop throughput and every cycle's ratio,
# and with JVMS > 1 each JVM's median ratio and their median. TRACE=1 instead runs both loops throughout and prints
# each second's rates and collections (CYCLES x 2 x PHASE seconds), no summary.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
JAR="${JAR:-jmh/target/benchmarks.jar}"
CYCLES="${CYCLES:-8}"
PHASE="${PHASE:-2}"
JVMS="${JVMS:-1}"
CASES=(${METRICS:-micrometer netty})
FLAG_SETS=(${FLAG_SETS:-default docker})
require_file "$JAR" "mvn -Pall -pl jmh -am package -DskipTests"
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT

for j in $(seq "$JVMS"); do
    for f in "${FLAG_SETS[@]}"; do
        for c in "${CASES[@]}"; do
            # leak detection off, as in the benchmark's own forks (the Dockerfile's flags turn it off as well)
            # shellcheck disable=SC2046
            "$JAVA" $(flag_set "$f") -Dio.netty.leakDetection.level=disabled -cp "$JAR" \
                dev.pronto.jmh.core.ScalingPhases "$c" "$CYCLES" "$PHASE" ${TRACE:+trace} 2>/dev/null \
                | awk -v f="$f" -v c="$c" -v j="$j" '$1 ~ /^[0-9]+$/ { print f, c, j, $0 }' | tee -a "$LOG"
        done
    done
done

[[ -n "${TRACE:-}" ]] && exit 0
echo
echo "medians of $JVMS JVM(s) x $CYCLES cycles (${PHASE} s per phase, both in one JVM); requests per microsecond"
printf '%-8s %-11s %s\n' flags case "one two two/one   per-cycle two/one"
for f in "${FLAG_SETS[@]}"; do
    for c in "${CASES[@]}"; do
        # per JVM and cycle ($3 JVM, $4 cycle, $5 loops, $8 total per µs): "key one two", the key sorting by JVM
        rows=$(awk -v f="$f" -v c="$c" -v n="$CYCLES" '$1 == f && $2 == c { k = $3 * (n + 1) + $4; t[k, $5] = $8; u[k] = 1 }
            END { for (i in u) print i, t[i, 1], t[i, 2] }' "$LOG")
        printf '%-8s %-11s %s\n' "$f" "$c" "$(two_over_one <<<"$rows")"
        (( JVMS > 1 )) || continue
        per_jvm=$(for j in $(seq "$JVMS"); do
            awk -v j="$j" -v n="$CYCLES" 'int($1 / (n + 1)) == j { print $3 / $2 }' <<<"$rows" | median; done)
        printf '%-20s per JVM %s  median over JVMs %.2f\n' "" "$(printf '%.2f ' $per_jvm)" "$(median <<<"$per_jvm")"
    done
done
