#!/usr/bin/env bash
# Save-to-served time of the dev loop (dev.pronto.core.dev.DevLoop) on the archetype's service: generates the
# archetype's sources into a scratch project, runs the loop in one JVM, then EDITS times changes the greeting in
# GreetingService.java and measures from the write to the first /hello answer carrying the new text.
#   jmh/load/devloop.sh [EDITS]          (default 10; PORT defaults to 13080)
# DEV_JVM_FLAGS: the loop JVM's flags, by default those of the starter parent's dev profile (C1, serial GC);
# DEV_JVM_FLAGS= (empty) runs with the JVM's defaults.
# Needs: the reactor built (mvn -Pall -B -q -pl core/processor -am verify -Dtest=GeneratedJsonGraphTest
# -Dsurefire.failIfNoSpecifiedTests=false: its surefire report holds the class path used here), curl, a JDK 21+.
set -euo pipefail
cd "$(dirname "$0")/../.."
EDITS="${1:-10}"
PORT="${PORT:-13080}"
REPORT=core/processor/target/surefire-reports/TEST-dev.pronto.processor.GeneratedJsonGraphTest.xml
[[ -n "${DEV_CLASSPATH:-}" || -f "$REPORT" ]] || { echo "build first: see the header of $0" >&2; exit 1; }
CP=${DEV_CLASSPATH:-$(grep -o 'name="surefire.test.class.path" value="[^"]*"' "$REPORT" | sed 's/.*value="//; s/"$//' \
    | tr ':' '\n' | grep -v 'test-classes' | paste -sd: -)}
WORK=$(mktemp -d /tmp/pronto-devloop.XXXXXX)
trap 'kill "$LOOP" 2>/dev/null || true; wait 2>/dev/null || true; [[ -n "${KEEP:-}" ]] || rm -rf "$WORK"' EXIT
SRC=archetype/src/main/resources/archetype-resources
mkdir -p "$WORK/src/main/java/com/acme/hello" "$WORK/src/main/resources" "$WORK/config"
for f in "$SRC"/src/main/java/*.java; do
    sed 's/\${package}/com.acme.hello/g' "$f" > "$WORK/src/main/java/com/acme/hello/$(basename "$f")"
done
cp "$SRC"/src/main/resources/* "$WORK/src/main/resources/"
cp "$SRC"/config/application.yaml "$WORK/config/"
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
# shellcheck disable=SC2086
(cd "$WORK" && SERVER_PORT=$PORT exec "$JAVA" --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED ${DEV_JVM_FLAGS--XX:TieredStopAtLevel=1 -XX:+UseSerialGC} \
    -cp "$CP" dev.pronto.core.dev.DevLoop com.acme.hello.App -Adsljson.configuration=com.acme.hello.AppJson \
    > "$WORK/loop.log" 2>&1) &
LOOP=$!
until grep -q 'Pronto dev: watching' "$WORK/loop.log" 2>/dev/null && curl -sf "localhost:$PORT/hello/Ada" >/dev/null; do
    kill -0 "$LOOP" 2>/dev/null || { cat "$WORK/loop.log"; exit 1; }
    sleep 0.05
done
FILE="$WORK/src/main/java/com/acme/hello/GreetingService.java"
grep -q '"Hello, "' "$FILE" || { echo "GreetingService no longer says \"Hello, \"" >&2; exit 1; }
TIMES=()
for i in $(seq 1 "$EDITS"); do
    sleep 0.3   # let the previous restart settle; not part of the measurement
    sed -i "s/\"Hello[^\"]*, \"/\"Hello$i, \"/" "$FILE"
    start=$(date +%s%N)
    until curl -s "localhost:$PORT/hello/Ada" 2>/dev/null | grep -q "Hello$i, "; do :; done
    end=$(date +%s%N)
    TIMES+=($(( (end - start) / 1000000 )))
    echo "edit $i: $(( (end - start) / 1000000 )) ms"
done
sorted=($(printf '%s\n' "${TIMES[@]}" | sort -n))
if (( EDITS % 2 )); then median=${sorted[$(( EDITS / 2 ))]}; else median=$(( (sorted[EDITS / 2 - 1] + sorted[EDITS / 2]) / 2 )); fi
echo "save-to-served over $EDITS edits: median $median ms, worst ${sorted[$(( EDITS - 1 ))]} ms (best ${sorted[0]} ms)"
echo "--- the loop's own lines:"; grep 'Pronto dev' "$WORK/loop.log" || true
