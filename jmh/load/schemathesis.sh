#!/usr/bin/env bash
# The contract check: Schemathesis (property-based, pinned below) against the arena app's own OpenAPI
# document, every check and every phase (examples, coverage, fuzzing, stateful with the links it infers).
#   jmh/load/schemathesis.sh                 bounded: 20 examples per operation, seed 1 (CI-sized, ~2 min)
#   EXAMPLES=50 SEEDS="1 2 3" jmh/load/schemathesis.sh     the long run the issue asks for
# Starts examples/target/arena-dev.jar (embedded Postgres) on PORT, runs one Schemathesis per seed, prints
# each seed's failure count and exits non-zero if any seed failed. Schemathesis lives in a venv under
# target/ (never committed). Needs python3 (3.10+), curl, a JDK 21+ and
# `mvn -Pall -B -q -pl examples -am package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
VERSION=4.32.5                      # newest 4.x on PyPI when this script was written
JAR=examples/target/arena-dev.jar
PORT="${PORT:-18191}"
EXAMPLES="${EXAMPLES:-20}"
SEEDS="${SEEDS:-1}"
VENV="$(realpath -m "${VENV:-target/schemathesis-venv}")"
OUT="$(realpath -m "${OUT:-target/schemathesis}")"
CONFIG="$(realpath jmh/load/schemathesis.toml)"      # per-operation settings, each with its reason
require_file "$JAR" "mvn -Pall -B -q -pl examples -am package -DskipTests"
if [[ ! -x "$VENV/bin/schemathesis" ]] || ! "$VENV/bin/schemathesis" --version | grep -q "$VERSION"; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "schemathesis==$VERSION"
fi
mkdir -p "$OUT"
DATA="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"   # set DATA_DIR from a worktree
[[ -d "$DATA" ]] || DATA=$(mktemp -d)
APP_PID=""
trap 'kill $APP_PID 2>/dev/null || true' EXIT
PORT=$PORT H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$DATA" \
    "$JAVA" "${SERVER_FLAGS[@]}" -jar "$JAR" >"$OUT/arena.log" 2>&1 &
APP_PID=$!
URL="http://127.0.0.1:$PORT"
for _ in $(seq 240); do curl -s -o /dev/null "$URL/openapi.json" && break; sleep 0.5; done
curl -sf -o /dev/null "$URL/openapi.json" || { echo "arena app did not start:"; tail -20 "$OUT/arena.log"; exit 1; }

status=0
for seed in $SEEDS; do
    log="$OUT/arena-seed$seed.txt"
    # -w 1: one worker, so a run is reproducible from its seed; run in $OUT, where its .schemathesis cache goes
    (cd "$OUT" && "$VENV/bin/schemathesis" --config-file "$CONFIG" run "$URL/openapi.json" --checks all --max-examples "$EXAMPLES" \
        --seed "$seed" -w 1 --phases examples,coverage,fuzzing,stateful --no-color >"$log" 2>&1) || status=1
    printf 'seed %s: %s\n' "$seed" "$(grep -E '^=+ .* (in|passed)' "$log" | tail -1 | tr -d '=' | xargs)"
done
echo "reports in $OUT"
exit $status
