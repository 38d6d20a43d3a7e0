#!/usr/bin/env bash
# The contract check: Schemathesis (property-based, pinned below) against each service's own OpenAPI document,
# every check (schemathesis.toml enables all, as --checks all would) and every phase (examples, coverage,
# fuzzing, stateful with the links it infers):
#   - arena:   the arena app (examples/target/arena-dev.jar, embedded Postgres);
#   - feature: the feature service (examples/feature/target/feature-dev.jar), which uses every processor feature;
#     its Basic credentials are given, so the admin route is tried with and (ignored_auth) without them.
#   jmh/load/schemathesis.sh                            bounded: 20 examples per operation, seed 1, both services
#   EXAMPLES=50 SEEDS="1 2 3" jmh/load/schemathesis.sh  the long run of issue 38
#   SERVICES=feature jmh/load/schemathesis.sh           one service
#   ST_ARGS_feature="--exclude-path /x" ...   more options for one service's `schemathesis run`
# Prints each service's and seed's summary and exits non-zero if any run failed. Schemathesis lives in a venv
# under target/ (never committed). Needs python3 (3.10+) with venv, curl, a JDK 21+ and
# `mvn -Pall -B -q -pl examples,examples/feature -am package -DskipTests`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source jmh/load/common.sh
VERSION=4.32.5                      # newest 4.x on PyPI (pip index versions schemathesis, 2026-12-02)
PORT="${PORT:-18191}"               # the arena's; the feature service takes PORT + 1
EXAMPLES="${EXAMPLES:-20}"
SEEDS="${SEEDS:-1}"
SERVICES="${SERVICES:-arena feature}"
VENV="$(realpath -m "${VENV:-target/schemathesis-venv}")"
OUT="$(realpath -m "${OUT:-target/schemathesis}")"
if [[ ! -x "$VENV/bin/schemathesis" ]] || ! "$VENV/bin/schemathesis" --version | grep -q "$VERSION"; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "schemathesis==$VERSION"
fi
mkdir -p "$OUT"
source jmh/load/contract-services.sh

status=0
offset=0
for service in $SERVICES; do
    port=$((PORT + offset)); offset=$((offset + 1))
    url="http://127.0.0.1:$port"
    "start_$service" "$port"
    wait_for "$service" "$url"
    # settings: schemathesis.toml, plus the service's own part
    config="$OUT/$service.toml"
    cat jmh/load/schemathesis.toml > "$config"
    [[ -f jmh/load/schemathesis-$service.toml ]] && cat "jmh/load/schemathesis-$service.toml" >> "$config"
    extra_var="ST_ARGS_$service"
    read -r -a extra <<<"${!extra_var:-}"
    auth=()
    [[ $service == feature ]] && auth=(--auth "admin:$FEATURE_PASSWORD")
    for seed in $SEEDS; do
        log="$OUT/$service-seed$seed.txt"
        # -w 1: one worker, so a run is reproducible from its seed; run in $OUT, where its .schemathesis cache goes
        (cd "$OUT" && "$VENV/bin/schemathesis" --config-file "$config" run "$url/openapi.json" "${auth[@]}" "${extra[@]}" \
            --max-examples "$EXAMPLES" --seed "$seed" -w 1 --phases examples,coverage,fuzzing,stateful \
            --no-color >"$log" 2>&1) || status=1
        printf '%s seed %s: %s\n' "$service" "$seed" "$(grep -E '^=+ .* (in|passed)' "$log" | tail -1 | tr -d '=' | xargs)"
    done
done
echo "reports in $OUT"
exit $status
