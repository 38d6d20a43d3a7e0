#!/usr/bin/env bash
# The README's Run command: serves the HttpArena demo app (examples/target/arena-dev.jar) on PORT (8080).
# Builds the jar first only when it is missing or a source or pom of a module it is made of is newer than it,
# then execs the JVM: Ctrl-C or SIGTERM reach the server directly, which drains and exits 0.
# Environment: the app's own (PORT, DATA_DIR, DATABASE_URL, ...; see ArenaConfig), JAVA_OPTS (extra JVM flags),
# REBUILD=1 to build even when the jar looks current.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="$root/examples/target/arena-dev.jar"
# the modules arena-dev.jar is shaded from (pronto-examples' compile and runtime reactor dependencies)
modules=(pom.xml router core core/processor json client client/http client/pg micrometer proxy grpc examples)

java_major() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}' | cut -d. -f1; }

pick_jdk() {
    if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" && "$(java_major "$JAVA_HOME")" -ge 21 ]]; then
        return 0
    fi
    if command -v java >/dev/null; then
        local home
        home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
        if [[ "$(java_major "$home")" -ge 21 ]]; then export JAVA_HOME="$home"; return 0; fi
    fi
    for cand in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/*; do
        if [[ -x "$cand/bin/javac" && "$(java_major "$cand")" -ge 21 ]]; then export JAVA_HOME="$cand"; return 0; fi
    done
    echo "ERROR: Pronto needs a JDK 21 or newer; none found (default java is older)." >&2
    echo "       Install one (e.g. Temurin 25) or set JAVA_HOME to it." >&2
    exit 1
}

# The first source or pom of the jar's modules newer than the jar (empty when the jar is current).
changed_source() {
    local paths=()
    for m in "${modules[@]}"; do
        if [[ "$m" == *.xml ]]; then paths+=("$root/$m"); else paths+=("$root/$m/pom.xml" "$root/$m/src/main"); fi
    done
    find "${paths[@]}" -type f -newer "$jar" -print -quit 2>/dev/null || true
}

build() {
    local reason="$1" log="$root/examples/target/run-build.log" start=$SECONDS
    mkdir -p "$root/examples/target"
    echo "Building arena-dev.jar ($reason; about a minute, log in examples/target/run-build.log)..."
    # Maven's own Guava calls sun.misc.Unsafe: allow it on JDK 23+ so the build prints no JDK warning.
    local maven_opts="${MAVEN_OPTS:-}"
    [[ "$major" -ge 23 ]] && maven_opts="$maven_opts --sun-misc-unsafe-memory-access=allow"
    if ! (cd "$root" && MAVEN_OPTS="$maven_opts" mvn -Pall -B -q -pl examples -am package -DskipTests >"$log" 2>&1); then
        tail -n 40 "$log" >&2
        echo "ERROR: the build failed; the whole output is in $log" >&2
        exit 1
    fi
    echo "Built in $((SECONDS - start)) s."
}

pick_jdk
major="$(java_major "$JAVA_HOME")"
if [[ ! -f "$jar" ]]; then
    build "first run"
elif [[ "${REBUILD:-}" == 1 ]]; then
    build "REBUILD=1"
else
    newer="$(changed_source)"
    if [[ -n "$newer" ]]; then build "${newer#"$root"/} changed"; fi
fi

flags=()
if [[ "$major" -ge 23 ]]; then flags+=(--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED); fi
# shellcheck disable=SC2206 # JAVA_OPTS is a list of flags
flags+=(${JAVA_OPTS:-})
echo "Starting $jar with JDK $major (Ctrl-C stops it)"
exec "$JAVA_HOME/bin/java" "${flags[@]}" -jar "$jar" "$@"
