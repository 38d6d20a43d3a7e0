#!/usr/bin/env bash
# SIGTERM under load on a generated service (issue #28's "done when"): generate a project from the archetype,
# package it, java -jar it, drive CONNS keep-alive connections with SigtermDriver.java (every response checked
# to be complete), send SIGTERM after LOAD_SECONDS, and report: requests sent, complete, closed before a
# response, lost (must be 0), the exit code (must be 0) and the time to exit against the drain
# (shutdownTimeout, server.drain in the generated config/application.yaml).
#
# The clone is installed into a private local repository (M2, seeded from ~/.m2/repository), never ~/.m2.
# Environment: M2 (/tmp/demo-m2), WORK (/tmp/demo-sigterm), PORT (18180), CONNS (64), LOAD_SECONDS (3),
# RUNS (1), SIGNAL (TERM; KILL shows the check failing), REINSTALL=1 to install the clone again,
# SKIP_SETUP=1 to reuse the project generated before, SELFTEST=1 to run the driver against truncating_server.py
# instead (it must report the losses and fail).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
M2="${M2:-/tmp/demo-m2}"; WORK="${WORK:-/tmp/demo-sigterm}"; PORT="${PORT:-18180}"; CONNS="${CONNS:-64}"
LOAD_SECONDS="${LOAD_SECONDS:-3}"; RUNS="${RUNS:-1}"; SIGNAL="${SIGNAL:-TERM}"
EXPECTED='{"message":"Hello, Ada!","length":11}'
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
mvn_private() { mvn -B -q -Dmaven.repo.local="$M2" "$@"; }

if [[ "${SELFTEST:-}" == 1 ]]; then
    python3 "$here/truncating_server.py" "$PORT" "$EXPECTED" & fake=$!
    trap 'kill $fake 2>/dev/null || true' EXIT
    until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do sleep 0.1; done
    if java "$here/SigtermDriver.java" 127.0.0.1 "$PORT" /hello/Ada "$EXPECTED" "$CONNS" "$LOAD_SECONDS" | grep -v "load running"; then
        echo "SELFTEST FAILED: the driver saw no loss from a server that truncates responses"; exit 1
    fi
    echo "SELFTEST OK: the driver reported the truncated responses and failed"; exit 0
fi

setup() {
    if [[ ! -d "$M2" ]]; then
        echo "Seeding $M2 from ~/.m2/repository"; mkdir -p "$M2"; cp -a ~/.m2/repository/. "$M2"/
    fi
    if [[ "${REINSTALL:-}" == 1 || ! -f "$M2/dev/pronto/pronto-archetype/0.1.0-SNAPSHOT/pronto-archetype-0.1.0-SNAPSHOT.jar" ]]; then
        echo "Installing the clone into $M2 (not ~/.m2)"
        (cd "$root" && mvn_private install -DskipTests -Dinvoker.skip=true -Dmaven.javadoc.skip=true \
            -Dmaven.source.skip=true -pl archetype -am)
    fi
    rm -rf "$WORK" && mkdir -p "$WORK"
    echo "Generating com.example:demo from dev.pronto:pronto-archetype into $WORK"
    (cd "$WORK" && mvn_private org.apache.maven.plugins:maven-archetype-plugin:3.3.1:generate \
        -DarchetypeGroupId=dev.pronto -DarchetypeArtifactId=pronto-archetype -DarchetypeVersion=0.1.0-SNAPSHOT \
        -DgroupId=com.example -DartifactId=demo -Dversion=1.0.0-SNAPSHOT -Dpackage=com.example.demo \
        -DinteractiveMode=false)
    echo "Packaging it (mvn package, its tests included)"
    (cd "$WORK/demo" && mvn_private package)
}

# One run: start, load, signal; prints the figures and returns non-zero when a check failed.
run_once() {
    local n="$1" log="$WORK/run-$1.log" drain
    drain="$(awk '/^ *drain:/ {print $2}' "$WORK/demo/config/application.yaml")"
    (cd "$WORK/demo" && SERVER_PORT="$PORT" exec java -jar target/demo.jar) >"$log" 2>&1 & local pid=$!
    until grep -q "listening" "$log"; do
        kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "run $n: the service exited at start"; return 1; }
        sleep 0.1
    done
    java "$here/SigtermDriver.java" 127.0.0.1 "$PORT" /hello/Ada "$EXPECTED" "$CONNS" 120 >"$WORK/driver-$n.log" 2>&1 &
    local driver=$! drc=0 rc=0
    # the driver compiles itself first: the load runs LOAD_SECONDS from its first complete response
    until grep -q "load running" "$WORK/driver-$n.log"; do
        kill -0 "$driver" 2>/dev/null || { cat "$WORK/driver-$n.log"; echo "run $n: the driver exited at start"; kill -9 "$pid"; return 1; }
        sleep 0.1
    done
    sleep "$LOAD_SECONDS"
    local t0; t0=$(date +%s%N)
    kill -"$SIGNAL" "$pid"
    wait "$pid" || rc=$?
    local ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    wait "$driver" || drc=$?
    echo "run $n: $(tail -n 1 "$WORK/driver-$n.log")"
    echo "run $n: exit code $rc, exited $ms ms after SIG$SIGNAL (shutdownTimeout = server.drain = $drain)"
    grep -E "SIGTERM|stopping|draining|stopped|WARN|ERROR|Exception" "$log" | sed "s/^/run $n:   /" || true
    [[ "$drc" == 0 && "$rc" == 0 ]]
}

if [[ "${SKIP_SETUP:-}" == 1 && -f "$WORK/demo/target/demo.jar" ]]; then echo "Reusing $WORK/demo"; else setup; fi
failed=0
for n in $(seq 1 "$RUNS"); do
    run_once "$n" || failed=1
done
if [[ "$failed" == 0 ]]; then echo "PASS: nothing lost, exit code 0 in every run"; else echo "FAIL (see above)"; exit 1; fi
