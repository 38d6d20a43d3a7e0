#!/usr/bin/env bash
# Puts the two entries into a HttpArena checkout's frameworks/ as HttpArena holds them: pronto/ and pronto-stack/
# copied from this folder, the copy's Dockerfile pinned to this checkout's commit (PRONTO_COMMIT, the sources
# its fallback build fetches) and, unless --source, this checkout's arena.jar beside it with arena.jar.sha256
# (the Dockerfile's prebuilt-jar path: no Maven inside validate.sh's watchdog).
#   examples/arena/httparena/package.sh FRAMEWORKS_DIR [--source]
# Needs, without --source: examples/target/arena.jar (mvn -Pall -B -q -pl examples -am package -DskipTests).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
DEST="${1:?usage: $0 FRAMEWORKS_DIR [--source]}"
SOURCE=0; [[ "${2:-}" == --source ]] && SOURCE=1
JAR="$ROOT/examples/target/arena.jar"
((SOURCE)) || [[ -f "$JAR" ]] || { echo "missing $JAR (mvn -Pall -B -q -pl examples -am package -DskipTests)" >&2; exit 2; }
COMMIT=$(git -C "$ROOT" rev-parse HEAD)
git -C "$ROOT" diff --quiet HEAD -- . || echo "note: the checkout has uncommitted changes; PRONTO_COMMIT=$COMMIT lacks them" >&2
mkdir -p "$DEST"
for entry in pronto pronto-stack; do
    rm -rf "${DEST:?}/$entry"
    cp -r "$HERE/$entry" "$DEST/$entry"
done
sed -i "s/^ARG PRONTO_COMMIT=.*/ARG PRONTO_COMMIT=$COMMIT/" "$DEST/pronto/Dockerfile"
if ((SOURCE == 0)); then
    cp "$JAR" "$DEST/pronto/arena.jar"
    (cd "$DEST/pronto" && sha256sum arena.jar >arena.jar.sha256)
fi
echo "entries in $DEST: pronto (PRONTO_COMMIT=${COMMIT:0:8}$( ((SOURCE)) && echo ', sources' || echo ', prebuilt arena.jar')), pronto-stack"
