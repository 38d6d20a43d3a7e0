#!/usr/bin/env bash
# The CI-sized part of validate.sh in this folder, with no network beyond package registries: no HttpArena
# checkout (CI cannot fetch it), so HttpArena's validate.sh is not run. What runs is what validate.sh does for the
# pronto entry, through the same stand-in: `docker build --no-cache -t httparena-pronto frameworks/pronto` from the
# entry folder with the jar this build made, `docker run --network host` with the certificate volume, the wait on
# /baseline11, and a subset of validate.sh's checks (baseline, pipelined, json, baseline-h2c, baseline-h2, json-tls)
# with the same requests and expected bodies. Inside a private network namespace, so 8080-8443 are its own.
# Skips (exit 0, says why) without unshare rights, ip, sha256sum, curl with HTTP/2, python3 or openssl; fails on
# any check.
# Bounded: 60 s for the JVM to answer, 10 s per request. Needs examples/target/arena.jar (mvn verify makes it).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
JAR="$ROOT/examples/target/arena.jar"
skip() { echo "httparena ci-subset: skipped: $1"; exit 0; }
[[ -f "$JAR" ]] || { echo "httparena ci-subset: missing $JAR" >&2; exit 1; }
unshare -n true 2>/dev/null || skip "no private network namespace (unshare -n needs root or CAP_SYS_ADMIN)"
unshare -n ip link set lo up 2>/dev/null || skip "cannot bring up loopback in a network namespace (ip from iproute2)"
command -v sha256sum >/dev/null || skip "no sha256sum"
curl -V 2>/dev/null | grep -q HTTP2 || skip "curl without HTTP/2"
command -v python3 >/dev/null || skip "no python3"
command -v openssl >/dev/null || skip "no openssl"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/frameworks" "$WORK/certs" "$WORK/state"
cp -r "$HERE/pronto" "$WORK/frameworks/pronto"
cp "$JAR" "$WORK/frameworks/pronto/arena.jar"
(cd "$WORK/frameworks/pronto" && sha256sum arena.jar >arena.jar.sha256)
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost -keyout "$WORK/certs/server.key" \
    -out "$WORK/certs/server.crt" 2>/dev/null

export STANDIN_STATE="$WORK/state" PATH="$HERE/standin:$PATH"
unshare -n bash -s "$WORK" <<'EOF'
set -euo pipefail
WORK=$1
ip link set lo up
cd "$WORK"
trap 'docker rm -f httparena-ci-pronto >/dev/null 2>&1 || true' EXIT
docker build --no-cache -t httparena-pronto frameworks/pronto
docker run -d --name httparena-ci-pronto --network host -v "$WORK/certs:/certs:ro" httparena-pronto
for i in $(seq 60); do
    curl -s --max-time 2 -o /dev/null "http://localhost:8080/baseline11?a=1&b=1" && break
    [[ $i == 60 ]] && { echo "FAIL: the server did not answer within 60 s"; docker logs httparena-ci-pronto | tail -20; exit 1; }
    sleep 1
done
FAILS=0
check() { # label expected curl-args...
    local label=$1 expected=$2 body; shift 2
    body=$(curl -s --max-time 10 "$@" | tail -n 1 || true)
    if [[ "$body" == "$expected" ]]; then echo "  PASS [$label]"; else echo "  FAIL [$label]: expected '$expected', got '$body'"; FAILS=$((FAILS + 1)); fi
}
check "GET /baseline11" 55 "http://localhost:8080/baseline11?a=13&b=42"
check "POST /baseline11 body=20" 75 -X POST -d 20 "http://localhost:8080/baseline11?a=13&b=42"
check "POST /baseline11 chunked" 75 -X POST -H "Transfer-Encoding: chunked" -d 20 "http://localhost:8080/baseline11?a=13&b=42"
check "GET /pipeline" ok "http://localhost:8080/pipeline"
check "GET /baseline2 over h2c (8082)" 55 --http2-prior-knowledge "http://localhost:8082/baseline2?a=13&b=42"
check "GET /baseline2 over TLS h2 (8443)" 55 -k --http2 "https://localhost:8443/baseline2?a=13&b=42"
json=$(curl -s --max-time 10 "http://localhost:8080/json/7?m=2")
ok=$(echo "$json" | python3 -c "import sys,json; d=json.load(sys.stdin); print(d['count'] == 7 and all(i['total'] == i['price'] * i['quantity'] * 2 for i in d['items']))" 2>/dev/null || echo False)
if [[ "$ok" == True ]]; then echo "  PASS [GET /json/7?m=2]"; else echo "  FAIL [GET /json/7?m=2]: $json"; FAILS=$((FAILS + 1)); fi
check "json-tls HTTP/1.1 (8081)" 1.1 -k --http1.1 -o /dev/null -w '%{http_version}\n' "https://localhost:8081/json/1"
echo "httparena ci-subset: $FAILS failed"
exit $((FAILS > 0))
EOF
