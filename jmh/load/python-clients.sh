#!/usr/bin/env bash
# The contract as a Python caller sees it: openapi-python-client (pinned below) generates a client from the arena
# app's and the feature service's own /openapi.json, and jmh/load/python_clients_test.py runs the round trip
# through each (create, read, update, a typed 404 problem, a typed validation problem, a file upload, an optional
# enum left out). Fails if the generator prints any warning (it is configured by python-client-config.yaml, whose
# comments say why) or a step fails.
#   jmh/load/python-clients.sh                    both services
#   SERVICES=feature jmh/load/python-clients.sh   one
# The generator, ruff (its formatter) and the clients live under target/ (never committed). Needs python3
# (3.10+) with venv, curl, a JDK 21+ and `mvn -Pall -B -q -pl examples,examples/feature -am package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
GENERATOR=0.29.1                    # newest openapi-python-client on PyPI (pip index versions, 2026-12-02)
RUFF=0.17.6                         # newest ruff, which the generator runs on its output
PORT="${PORT:-18195}"               # the arena's; the feature service takes PORT + 1
SERVICES="${SERVICES:-arena feature}"
VENV="$(realpath -m "${VENV:-target/python-client-venv}")"
OUT="$(realpath -m "${OUT:-target/python-clients}")"
CONFIG="$(realpath jmh/load/python-client-config.yaml)"
if [[ ! -x "$VENV/bin/openapi-python-client" ]] || ! "$VENV/bin/openapi-python-client" --version | grep -q "$GENERATOR"; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "openapi-python-client==$GENERATOR" "ruff==$RUFF"
fi
rm -rf "$OUT" && mkdir -p "$OUT"
source jmh/load/contract-services.sh

urls=(- -)
offset=0
for service in $SERVICES; do
    port=$((PORT + offset)); offset=$((offset + 1))
    url="http://127.0.0.1:$port"
    "start_$service" "$port"
    wait_for "$service" "$url"
    curl -sf -o "$OUT/$service.json" "$url/openapi.json"
    # the generator runs ruff from PATH; any warning fails the check
    (cd "$OUT" && PATH="$VENV/bin:$PATH" "$VENV/bin/openapi-python-client" generate --path "$service.json" \
        --config "$CONFIG" --meta none --output-path "${service}_client" >"$service-generate.txt" 2>&1)
    if grep -qi "warning" "$OUT/$service-generate.txt"; then
        echo "$service: openapi-python-client warned:" >&2; cat "$OUT/$service-generate.txt" >&2; exit 1
    fi
    echo "$service: client generated without warnings"
    [[ $service == arena ]] && urls[0]=$url || urls[1]=$url
done
# the arena serves HttpArena's static files (contract-services.sh's DATA_DIR); the test compares one with its bytes
STATIC_DIR="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}/static"
[[ $SERVICES != *arena* || -f "$STATIC_DIR/reset.css" ]] || { echo "no HttpArena static files in $STATIC_DIR (set DATA_DIR)" >&2; exit 1; }
PYTHONPATH="$OUT" "$VENV/bin/python" jmh/load/python_clients_test.py "${urls[0]}" "${urls[1]}" "$FEATURE_PASSWORD" "$STATIC_DIR"
