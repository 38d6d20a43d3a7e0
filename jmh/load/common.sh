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
