# Shared by schemathesis.sh and python-clients.sh: start the arena app and the feature service in the background
# for a contract check, wait for their documents, and stop them at exit. Needs common.sh sourced, OUT set.
# shellcheck shell=bash
FEATURE_PASSWORD=feature-demo
SERVICE_PIDS=()
trap 'for p in "${SERVICE_PIDS[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

start_arena() { # port: the arena app with its embedded Postgres
    require_file examples/target/arena-dev.jar "mvn -Pall -B -q -pl examples -am package -DskipTests"
    local data="${DATA_DIR:-$(cd .. && pwd)/shared/arena-data}"   # set DATA_DIR from a worktree
    [[ -d "$data" ]] || data=$(mktemp -d)
    PORT=$1 H2C_PORT=0 TLS_PORT=0 H2_PORT=0 TELEPORT_PORT=0 DATA_DIR="$data" \
        "$JAVA" "${SERVER_FLAGS[@]}" -jar examples/target/arena-dev.jar >"$OUT/arena.log" 2>&1 &
    SERVICE_PIDS+=($!)
}

start_feature() { # port: the feature service (Basic user admin, password $FEATURE_PASSWORD)
    require_file examples/feature/target/feature-dev.jar "mvn -Pall -B -q -pl examples/feature -am package -DskipTests"
    PORT=$1 FEATURE_PASSWORD=$FEATURE_PASSWORD \
        "$JAVA" "${SERVER_FLAGS[@]}" -jar examples/feature/target/feature-dev.jar >"$OUT/feature.log" 2>&1 &
    SERVICE_PIDS+=($!)
}

wait_for() { # name url: until url/openapi.json answers (2 minutes at most)
    for _ in $(seq 240); do curl -s -o /dev/null "$2/openapi.json" && return 0; sleep 0.5; done
    echo "$1 did not start:"; tail -20 "$OUT/$1.log"; exit 1
}
