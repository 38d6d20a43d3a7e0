# Shared by the load scripts: the JDK, JVM flags for Netty, and the tools they need.
# shellcheck shell=bash
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
SERVER_FLAGS=(-XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled)
if "$JAVA" --sun-misc-unsafe-memory-access=allow -version >/dev/null 2>&1; then
    SERVER_FLAGS+=(--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED)
fi

require_tool() { # name install-hint
    command -v "$1" >/dev/null || { echo "$1 not found: $2" >&2; exit 1; }
}

require_file() { # path build-hint
    [[ -f "$1" ]] || { echo "$1 missing: $2" >&2; exit 1; }
}

median() { # numbers on stdin, one per line -> their median (0 for none)
    sort -g | awk '{a[NR]=$1} END {print NR == 0 ? 0 : (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

dockerfile_flags() { # -> the HttpArena entry Dockerfile's JAVA_OPTS (examples/arena/httparena/pronto), lines joined
    sed -n '/^ENV JAVA_OPTS=/,/[^\\]$/p' examples/arena/httparena/pronto/Dockerfile \
        | sed 's/^ENV JAVA_OPTS="//; s/\\$//; s/"$//' | tr '\n' ' '
}

flag_set() { # name[:flag,flag...] -> JVM flags: default = only what Netty needs on JDK 25 (the JVM's own defaults
    # otherwise); docker = the HttpArena entry Dockerfile's JAVA_OPTS. Flags after a colon are appended, so a set can
    # be one flag away from another (docker:-XX:-UseCondCardMark: of two contrary flags the JVM takes the last)
    local extra=""
    [[ "$1" == *:* ]] && extra=" ${1#*:}"
    case "${1%%:*}" in
        default) echo "--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED${extra//,/ }" ;;
        docker) echo "$(dockerfile_flags)${extra//,/ }" ;;
        *) echo "unknown flag set $1" >&2; exit 1 ;;
    esac
}

two_over_one() { # "key one two" lines on stdin -> "one two ratio per-key-ratios": the medians of one and of two,
    # the median of the keys' two/one ratios, and every key's ratio in key order
    local rows; rows=$(sort -n | awk '{ print $2, $3, $3 / $2 }')
    printf '%.3f %.3f %.2f   %s\n' "$(awk '{print $1}' <<<"$rows" | median)" "$(awk '{print $2}' <<<"$rows" | median)" \
        "$(awk '{print $3}' <<<"$rows" | median)" "$(awk '{ printf "%.2f ", $3 }' <<<"$rows")"
}

jmh_fork() { # csv cpus bench jmh-args... -> the primary score of one JMH fork of bench from $JAR (its output in
    # csv.log); cpus ("" for none) pins it with taskset; JMH's lock is off, so two can run at once
    local csv=$1 pin=(); [[ -n "$2" ]] && pin=(taskset -c "$2")
    local bench=$3; shift 3
    "${pin[@]}" "$JAVA" -Djmh.ignoreLock=true --sun-misc-unsafe-memory-access=allow -jar "$JAR" "$bench" "$@" \
        -f 1 -rf csv -rff "$csv" >"$csv.log" 2>&1
    awk -F, 'NR == 2 { gsub(/"/, "", $5); print $5 }' "$csv"
}

cpu_ticks() { # pid -> the process's utime + stime so far, in clock ticks (10 ms on Linux x86-64)
    awk '{print $14 + $15}' "/proc/$1/stat"
}

threads_ticks() { # pid glob... -> CPU ticks so far of the process's threads whose name matches one of the globs
    local t g name sum=0
    local pid=$1; shift
    for t in /proc/"$pid"/task/*; do
        name=$(cat "$t/comm" 2>/dev/null) || continue
        for g in "$@"; do
            # shellcheck disable=SC2053
            if [[ "$name" == $g ]]; then
                # a thread that ended meanwhile (the JVM retires idle compiler threads) counts 0
                sum=$((sum + $(cpu_ticks "${t#/proc/}" 2>/dev/null || echo 0))); break
            fi
        done
    done
    echo "$sum"
}

jit_ticks() { # pid -> CPU ticks so far of the JIT compiler threads (C1, C2): work that is not serving
    threads_ticks "$1" 'C[12] Compiler*'
}

gc_ticks() { # pid -> CPU ticks so far of the garbage collector's threads: HotSpot's GC workers and G1's, and the
    # VM thread, where Serial GC (the JVM's choice on one CPU, so under taskset -c 1 with default flags) collects
    threads_ticks "$1" 'GC Thread*' 'G1 *' 'VM Thread'
}

ratio() { # value baseline -> value / baseline to two decimals, or - without a baseline (empty or 0)
    awk -v a="$1" -v b="$2" 'BEGIN { if (b == "" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'
}

settle() { # pid: waits until the process is quiet (at most 1 tick of CPU in half a second), for 30 s at most.
    # A load generator stopping mid-flight leaves work behind (grpc-java logs a stack trace for each stream
    # h2load abandons); measuring before it ends would charge that to the measurement.
    local before now
    for _ in $(seq 60); do
        before=$(cpu_ticks "$1"); sleep 0.5; now=$(cpu_ticks "$1")
        (( now - before <= 1 )) && return 0
    done
    echo "process $1 still busy 30 s after the warm-up" >&2
}

arena_data() { # -> HttpArena's data folder: DATA_DIR if set, else shared/arena-data beside the repository (..)
    # or beside a worktree of it (../..); fails naming the folder when there is none (use as DIR=$(arena_data))
    local dir
    dir="${DATA_DIR:-$(for d in .. ../..; do [[ -d "$d/shared/arena-data" ]] && { cd "$d" && pwd; break; }; done)/shared/arena-data}"
    [[ -d "$dir" ]] || { echo "arena data not found in $dir (set DATA_DIR)" >&2; return 1; }
    echo "$dir"
}

build_h3go() { # path: builds quic-go's http3 load client (jmh/load/h3go) there unless it is already built
    [[ -x "$1" && "$1" -nt jmh/load/h3go/main.go ]] || (cd jmh/load/h3go && go build -o "../../../$1" .)
}

start_embedded_db() { # app-jar log [jvm-flags...]: starts the arena's embedded Postgres (EmbeddedDb, from the jar's
    # -dev.jar) on core 0 and waits for it, 120 s at most; sets DB_PID (for the caller's EXIT trap) and DATABASE_URL,
    # or exits showing the end of its log
    local jar="$1" log="$2"
    shift 2
    taskset -c 0 "$JAVA" "$@" -cp "${jar%.jar}-dev.jar" dev.pronto.examples.arena.EmbeddedDb >"$log" 2>&1 &
    DB_PID=$!
    for _ in $(seq 240); do grep -q '^DATABASE_URL=' "$log" && break; sleep 0.5; done
    DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' "$log")
    [[ -n "$DATABASE_URL" ]] || { echo "embedded Postgres did not start:"; tail -20 "$log"; exit 1; }
}
