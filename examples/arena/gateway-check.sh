#!/usr/bin/env bash
# HttpArena's gateway-64 / gateway-h3 validation (httparena.md §5.17) without Docker: starts the two processes
# compose.gateway.yml describes -- the server (arena.jar on a seeded embedded Postgres, cleartext only, as the
# compose file gives it no certificates) and the proxy (Gateway64: TLS h2 on EDGE_PORT, /static/* from disk, the
# rest forwarded) -- then runs every gateway check with curl over h2 (or, with --h3, with an aioquic client over
# h3). Exits non-zero when a check fails.
#
# Usage: examples/arena/gateway-check.sh [--h3] [--upstream teleport|h2c|http|all] [--load]
#   --upstream  how the proxy reaches the server (default teleport, as the compose files; all = each in turn)
#   --load      also a short gateway-64 load: h2load with gateway-64-uris.txt, 64 connections, -m 32, 5 s
#   --load-uris FILE  the load with FILE's URIs instead (implies --load), e.g. only /async-db ones:
#               grep /async-db "$DATA_DIR/requests/gateway-64-uris.txt" >/tmp/async-db-uris.txt
#   --running   start nothing: check the edge already on EDGE_PORT (e.g. a docker compose stack)
#   --h3        gateway-h3: the proxy with H3=1, the checks over h2 (as HttpArena validates it) and then over
#               HTTP/3 (python3 aioquic, installed into a venv under examples/target/ on first use)
# Environment: DATA_DIR (dataset.json, static/, certs/, requests/; default ../shared/arena-data beside the
# checkout), CERTS_DIR (default $DATA_DIR/certs), EDGE_PORT 8443, SERVER_PORT 8080, H2C_PORT 8082,
# TELEPORT_PORT 8090, DATABASE_MAX_CONN 32 (the embedded Postgres allows 100 connections), LOAD_SECONDS 5,
# DATABASE_URL (a Postgres seeded with HttpArena's pgdb-seed.sql; unset: an embedded one with generated items).
# Needs: examples/target/arena.jar and arena-dev.jar (mvn -Pall -B -q -pl examples -am package -DskipTests), curl with
# HTTP/2, python3, h2load for --load.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
DATA_DIR="${DATA_DIR:-$(cd "$root/.." && pwd)/shared/arena-data}"
CERTS_DIR="${CERTS_DIR:-$DATA_DIR/certs}"
EDGE_PORT="${EDGE_PORT:-8443}" SERVER_PORT="${SERVER_PORT:-8080}" H2C_PORT="${H2C_PORT:-8082}"
TELEPORT_PORT="${TELEPORT_PORT:-8090}"
JAR="$root/examples/target/arena.jar"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JVM=(-Xmx1g -XX:+UseParallelGC --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED
     -Dio.netty.leakDetection.level=disabled)
EDGE_H3=0 LOAD=0 RUNNING=0 KINDS=(teleport)
while (($#)); do
    case "$1" in
        --h3) EDGE_H3=1 ;;
        --load) LOAD=1 ;;
        --load-uris) shift; LOAD=1 LOAD_URIS="${1:?}" ;;
        --running) RUNNING=1 ;;
        --upstream) shift; if [[ "${1:-}" == all ]]; then KINDS=(teleport h2c http); else KINDS=("${1:?}"); fi ;;
        *) echo "unknown argument $1 (see the header of $0)" >&2; exit 2 ;;
    esac
    shift
done
WORK=$(mktemp -d)
PIDS=()
cleanup() {
    local status=$?
    if ((status != 0)) && [[ -d "$WORK" ]]; then
        mkdir -p "$root/examples/target/gateway-check-logs" && { cp "$WORK"/*.log "$root/examples/target/gateway-check-logs/" 2>/dev/null || true; }
        echo "logs of the processes in examples/target/gateway-check-logs/" >&2
    fi
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
source "$root/examples/arena/gateway-checks.sh"
if ((EDGE_H3)); then h3_client_ready "$root/examples/target/h3-venv"; fi

check_edge() { # upstream-label: the checks (gateway-h3: over h2 as HttpArena validates, then over h3), the load
    local failed=0
    for H3 in 0 $( ((EDGE_H3)) && echo 1); do
        echo "== gateway-$( ((EDGE_H3)) && echo h3 || echo 64 ) checks over HTTP/$( ((H3)) && echo 3 || echo 2 ), upstream $1 =="
        run_checks "https://localhost:$EDGE_PORT" || failed=1
        if ((LOAD)); then run_load "${LOAD_URIS:-$DATA_DIR/requests/gateway-64-uris.txt}" "$EDGE_PORT" || failed=1; fi
    done
    return "$failed"
}

if ((RUNNING)); then
    check_edge "as started"
    exit
fi
for f in "$JAR" "${JAR%.jar}-dev.jar" "$DATA_DIR/dataset.json" "$CERTS_DIR/server.crt"; do
    [[ -e "$f" ]] || { echo "missing $f (build: mvn -Pall -B -q -pl examples -am package -DskipTests; or set DATA_DIR)" >&2; exit 2; }
done
for port in "$EDGE_PORT" "$SERVER_PORT" "$H2C_PORT" "$TELEPORT_PORT"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is in use (set the *_PORT variables)" >&2; exit 2; fi
done


await() { # description seconds pid command... : runs the command every 0.5 s until it succeeds or pid exits
    local what=$1 tries=$(($2 * 2)) pid=$3; shift 3
    for _ in $(seq "$tries"); do
        "$@" >/dev/null 2>&1 && return 0
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    echo "FAIL: $what did not come up" >&2
    tail -n 20 "$WORK"/*.log >&2
    exit 1
}

# the Postgres sidecar: DATABASE_URL's, or embedded, seeded with generated items (async-db only checks the structure)
if [[ -z "${DATABASE_URL:-}" ]]; then
    "$JAVA" "${JVM[@]}" -cp "${JAR%.jar}-dev.jar" dev.pronto.examples.arena.EmbeddedDb >"$WORK/db.log" 2>&1 &
    PIDS+=($!)
    await "embedded Postgres" 120 $! grep -q '^DATABASE_URL=' "$WORK/db.log"
    DATABASE_URL=$(sed -n 's/^DATABASE_URL=//p' "$WORK/db.log")
fi

# the server service: DATA_DIR with dataset.json and static/, no certificates (TLS listeners off)
PORT=$SERVER_PORT H2C_PORT=$H2C_PORT TELEPORT_PORT=$TELEPORT_PORT DATA_DIR="$DATA_DIR" \
    TLS_CERT="$WORK/none.crt" TLS_KEY="$WORK/none.key" DATABASE_URL="$DATABASE_URL" \
    DATABASE_MAX_CONN="${DATABASE_MAX_CONN:-32}" "$JAVA" "${JVM[@]}" -jar "$JAR" >"$WORK/server.log" 2>&1 &
PIDS+=($!)
await "the server" 60 $! curl -sf "http://127.0.0.1:$SERVER_PORT/baseline11?a=1&b=1"

FAILED=0
for kind in "${KINDS[@]}"; do
    case "$kind" in
        teleport) upstream_port=$TELEPORT_PORT ;; h2c) upstream_port=$H2C_PORT ;; http) upstream_port=$SERVER_PORT ;;
        *) echo "unknown upstream $kind" >&2; exit 2 ;;
    esac
    PORT=$EDGE_PORT H3=$EDGE_H3 CERTS_DIR="$CERTS_DIR" DATA_DIR="$DATA_DIR" UPSTREAM=$kind UPSTREAM_HOST=127.0.0.1 \
        UPSTREAM_PORT=$upstream_port "$JAVA" "${JVM[@]}" -cp "$JAR" dev.pronto.examples.gateway.Gateway64 \
        >"$WORK/proxy-$kind.log" 2>&1 &
    proxy=$!
    PIDS+=("$proxy")
    await "the proxy ($kind)" 60 "$proxy" curl -sk --http2 "https://localhost:$EDGE_PORT/static/reset.css"
    check_edge "$kind" || FAILED=1
    kill "$proxy"; wait "$proxy" 2>/dev/null || true
done
exit "$FAILED"
