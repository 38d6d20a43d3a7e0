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

cpu_ticks() { # pid -> the process's utime + stime so far, in clock ticks (10 ms on Linux x86-64)
    awk '{print $14 + $15}' "/proc/$1/stat"
}

ratio() { # value baseline -> value / baseline to two decimals, or - without a baseline (empty or 0)
    awk -v a="$1" -v b="$2" 'BEGIN { if (b == "" || b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'
}
