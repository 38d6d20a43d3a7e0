#!/usr/bin/env bash
# Runs HttpArena's own scripts/validate.sh, unmodified, against the two entries in this folder the way HttpArena
# does: copies pronto/ and pronto-stack/ to frameworks/ of a HttpArena checkout at the pinned commit, puts
# this checkout's arena.jar (with its sha256) into frameworks/pronto (the Dockerfile's prebuilt-jar path), and
# runs `scripts/validate.sh pronto` and `scripts/validate.sh pronto-stack` from the checkout's root.
#   With a Docker daemon (`docker info` answers): real images and compose stacks.
#   Without one (or with --standin): inside a private network namespace (unshare -n: HttpArena's fixed ports
#   8080, 8443, 5432, 9090 are the namespace's, not the host's), with standin/docker first on PATH, which starts
#   each container as local processes from the same ENTRYPOINT, env and volumes (standin/standin.py says how).
#
# Usage: examples/arena/httparena/validate.sh [--httparena DIR] [--standin] [--per-profile] [ENTRY...]
#   --httparena DIR  a HttpArena checkout (default $HTTPARENA_DIR, else a clone of the pinned commit under
#                    examples/target/httparena: needs github.com)
#   --standin        the stand-in even where a daemon answers
#   --per-profile    also one run per subscribed profile (meta.json narrowed to it), after the full runs
#   --only-per-profile  the per-profile runs without the full ones
#   ENTRY            pronto and/or pronto-stack (default both)
# Needs: examples/target/arena.jar (mvn -Pall -B -q -pl examples -am package -DskipTests), curl with HTTP/2, python3;
# for the stand-in also a JDK 25 (JAVA_HOME), Postgres binaries (PG_BIN, default /usr/lib/postgresql/15/bin),
# redis-server, nginx, wget, root or CAP_SYS_ADMIN for unshare, and pyyaml.
# Exit status: non-zero when any run failed. Output: each run's log in examples/target/httparena-validate/.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
HTTPARENA_REPO=https://github.com/MDA2AV/HttpArena
HTTPARENA_COMMIT=28606baf
HA="${HTTPARENA_DIR:-}" STANDIN=0 PER_PROFILE=0 FULL=1 ENTRIES=()
while (($#)); do
    case "$1" in
        --httparena) shift; HA="${1:?}" ;;
        --standin) STANDIN=1 ;;
        --per-profile) PER_PROFILE=1 ;;
        --only-per-profile) PER_PROFILE=1 FULL=0 ;;
        pronto|pronto-stack) ENTRIES+=("$1") ;;
        *) echo "unknown argument $1 (see the header of $0)" >&2; exit 2 ;;
    esac
    shift
done
((${#ENTRIES[@]})) || ENTRIES=(pronto pronto-stack)
JAR="$ROOT/examples/target/arena.jar"
[[ -f "$JAR" ]] || { echo "missing $JAR (mvn -Pall -B -q -pl examples -am package -DskipTests)" >&2; exit 2; }
OUT="$ROOT/examples/target/httparena-validate"
mkdir -p "$OUT"

if [[ -z "$HA" ]]; then
    HA="$ROOT/examples/target/httparena"
    if [[ ! -d "$HA/.git" ]]; then
        git clone -q "$HTTPARENA_REPO" "$HA"
    fi
    git -C "$HA" checkout -q "$HTTPARENA_COMMIT"
fi
HA="$(cd "$HA" && pwd)"
[[ -f "$HA/scripts/validate.sh" ]] || { echo "$HA is not a HttpArena checkout (no scripts/validate.sh)" >&2; exit 2; }

# the entries as HttpArena holds them: frameworks/pronto (with the prebuilt jar) and frameworks/pronto-stack
"$HERE/package.sh" "$HA/frameworks"

if ((STANDIN == 0)) && docker info >/dev/null 2>&1; then
    MODE=docker
else
    MODE=standin
    export STANDIN_STATE="$ROOT/examples/target/standin-state"
    rm -rf "$STANDIN_STATE"
    mkdir -p "$STANDIN_STATE"
    chmod 755 "$STANDIN_STATE"
fi
echo "HttpArena $(git -C "$HA" rev-parse --short HEAD 2>/dev/null || echo "(no git)") at $HA, mode $MODE"

validate() { # entry label: one validate.sh run; its log in $OUT/<label>.log; prints the summary line
    local entry=$1 label=$2 status=0
    if [[ $MODE == docker ]]; then
        (cd "$HA" && scripts/validate.sh "$entry") >"$OUT/$label.log" 2>&1 || status=$?
    else
        PATH="$HERE/standin:$PATH" unshare -n bash -c 'ip link set lo up && cd "$1" && scripts/validate.sh "$2"' \
            _ "$HA" "$entry" >"$OUT/$label.log" 2>&1 || status=$?
    fi
    local pass fail
    pass=$(grep -c '^ *PASS' "$OUT/$label.log" || true)
    fail=$(grep -c '^ *FAIL' "$OUT/$label.log" || true)
    printf '%-36s %3s passed, %3s failed, exit %s\n' "$label" "$pass" "$fail" "$status"
    ((status == 0 && fail == 0))
}

FAILED=0
if ((FULL)); then
    for entry in "${ENTRIES[@]}"; do
        validate "$entry" "$entry" || FAILED=1
    done
fi
if ((PER_PROFILE)); then
    for entry in "${ENTRIES[@]}"; do
        meta="$HA/frameworks/$entry/meta.json"
        cp "$meta" "$OUT/meta.json.full"
        for profile in $(python3 -c "import json,sys; print(' '.join(json.load(open(sys.argv[1]))['tests']))" "$meta"); do
            python3 - "$OUT/meta.json.full" "$meta" "$profile" <<'EOF'
import json, sys
meta = json.load(open(sys.argv[1]))
meta["tests"] = [sys.argv[3]]
json.dump(meta, open(sys.argv[2], "w"), indent=2)
EOF
            validate "$entry" "$entry.$profile" || FAILED=1
        done
        cp "$OUT/meta.json.full" "$meta"
    done
fi
exit "$FAILED"
