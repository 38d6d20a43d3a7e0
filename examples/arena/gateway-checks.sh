# The gateway-64 / gateway-h3 checks of httparena.md §5.17 (and of HttpArena's validate checks/gateway.sh),
# sourced by gateway-check.sh, which sets WORK (a scratch directory), DATA_DIR and H3 (1: fetch over HTTP/3).
# shellcheck shell=bash

PASSED=0 FAILS=0
H3_PYTHON=""

h3_client_ready() { # venv: python3 with aioquic, installed from PyPI on first use
    local venv=$1
    if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import aioquic' 2>/dev/null; then
        echo "installing aioquic into $venv"
        python3 -m venv "$venv" && "$venv/bin/pip" install -q aioquic
    fi
    H3_PYTHON="$venv/bin/python"
}

fetch() { # url [--compressed] -> CODE VERSION SIZE; headers in $WORK/h, body in $WORK/b
    local out
    if ((H3)); then
        out=$("$H3_PYTHON" "$(dirname "${BASH_SOURCE[0]}")/h3_fetch.py" --headers "$WORK/h" --body "$WORK/b" "$@" \
              2>"$WORK/h3.err") || out="000 0 0"
    else
        out=$(curl -sk --http2 --max-time 30 -D "$WORK/h" -o "$WORK/b" \
              -w '%{http_code} %{http_version} %{size_download}' "$@") || out="000 0 0"
    fi
    read -r CODE VERSION SIZE <<<"$out"
}

header() { # name -> the value of that header in $WORK/h, without CR
    grep -i "^$1:" "$WORK/h" | head -n 1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'
}

verdict() { # name ok(0/1) detail
    if (($2)); then PASSED=$((PASSED + 1)); echo "  PASS $1 ${3:+($3)}"
    else FAILS=$((FAILS + 1)); echo "  FAIL $1: $3"; fi
}

check_type() { # path expected... : Content-Type equals one of them or starts with "<it>;"
    local path=$1 ok=0 got; shift
    fetch "$BASE$path"; got=$(header content-type)
    for want in "$@"; do [[ "$got" == "$want" || "$got" == "$want;"* ]] && ok=1; done
    verdict "Content-Type of $path" "$ok" "$got"
}

json_check() { # path python-expression-over-d -> verdict on the body's JSON
    fetch "$BASE$1"
    local result
    result=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$WORK/b" 2>&1) || result="not JSON: $result"
    verdict "$1" "$([[ "$result" == True* ]] && echo 1 || echo 0)" "$result"
}

ITEM_OK='all(isinstance(i.get("tags"), list) and isinstance(i.get("active"), bool) and "score" in i.get("rating", {}) for i in d["items"])'

run_checks() { # base url, e.g. https://localhost:8443
    BASE=$1 PASSED=0 FAILS=0
    local want
    want=$( ((H3)) && echo 3 || echo 2)
    fetch "$BASE/static/reset.css"
    verdict "HTTP/$want negotiated" "$([[ "$VERSION" == "$want" ]] && echo 1 || echo 0)" "HTTP/$VERSION"
    check_type /static/reset.css text/css
    check_type /static/app.js application/javascript text/javascript
    check_type /static/manifest.json application/json
    for file in "$DATA_DIR"/static/*; do
        [[ "$file" == *.gz || "$file" == *.br ]] && continue
        local name size
        name=$(basename "$file"); size=$(wc -c <"$file")
        fetch "$BASE/static/$name"
        verdict "/static/$name identity size" "$([[ "$CODE" == 200 && "$SIZE" == "$size" && -z "$(header content-encoding)" ]] && echo 1 || echo 0)" \
            "$CODE, $SIZE of $size bytes"
        fetch "$BASE/static/$name" --compressed
        verdict "/static/$name decoded size" "$([[ "$CODE" == 200 && "$(wc -c <"$WORK/b")" == "$size" ]] && echo 1 || echo 0)" \
            "$CODE, ${size} bytes expected, content-encoding '$(header content-encoding)'"
    done
    fetch "$BASE/static/nonexistent.txt"
    verdict "/static/nonexistent.txt is 404" "$([[ "$CODE" == 404 ]] && echo 1 || echo 0)" "$CODE"
    json_check /json/50 "d['count'] == 50 and len(d['items']) == 50 and all(i['total'] == i['price'] * i['quantity'] for i in d['items']) and $ITEM_OK, d['count']"
    check_type /json/50 application/json
    json_check "/async-db?min=10&max=50&limit=50" "0 < d['count'] <= 50 and d['count'] == len(d['items']) and $ITEM_OK, d['count']"
    check_type "/async-db?min=10&max=50&limit=50" application/json
    json_check "/async-db?min=9999&max=9999&limit=50" "d['count'] == 0 and d['items'] == [], d['count']"
    baseline 13 42
    baseline $((RANDOM % 900 + 100)) $((RANDOM % 900 + 100))
    echo "  $PASSED passed, $FAILS failed"
    ((FAILS == 0))
}

baseline() { # a b -> /baseline2 answers a+b as text/plain
    fetch "$BASE/baseline2?a=$1&b=$2"
    local body
    body=$(tail -n 1 "$WORK/b")
    verdict "/baseline2?a=$1&b=$2" "$([[ "$body" == "$(($1 + $2))" && "$(header content-type)" == text/plain* ]] && echo 1 || echo 0)" \
        "$CODE $body, $(header content-type)"
}

run_load() { # uris-file edge-port: h2load as HttpArena runs gateway-64, 64 connections, 0 errors expected
    local uris=$1 port=$2 out
    if ((H3)); then echo "  load: skipped over h3 (needs an h2load built with HTTP/3)"; return 0; fi
    command -v h2load >/dev/null || { echo "  load: h2load not found" >&2; return 1; }
    sed "s#https://localhost:8443#https://localhost:$port#" "$uris" >"$WORK/uris.txt"
    local seconds=${LOAD_SECONDS:-5}
    # a warm-up second, then the measured run; a stalled run (responses that never come) fails rather than hangs
    timeout 30 h2load -i "$WORK/uris.txt" -H "Accept-Encoding: br;q=1, gzip;q=0.8" -c 64 -m 32 -t 1 -D 1 >/dev/null 2>&1 || true
    sleep 2
    out=$(timeout $((seconds + 30)) h2load -i "$WORK/uris.txt" -H "Accept-Encoding: br;q=1, gzip;q=0.8" -c 64 -m 32 -t 1 \
          -D "$seconds" 2>&1) || { echo "  load: FAIL h2load did not finish within $((seconds + 30)) s"; return 1; }
    echo "$out" | grep -E '^(finished in|requests:|status codes:|traffic:)' | sed 's/^/  load: /'
    local failed non2xx done
    failed=$(echo "$out" | awk '/^requests:/ {print $10 + $12 + $14}')
    non2xx=$(echo "$out" | awk '/^status codes:/ {print $5 + $7 + $9}')
    done=$(echo "$out" | awk '/^requests:/ {print $8}')
    # a run in which nothing completed proves nothing: it fails too
    [[ "$failed" == 0 && "$non2xx" == 0 && "${done:-0}" -gt 0 ]] || {
        echo "  load: FAIL $failed failed/errored/timed out, $non2xx non-2xx, ${done:-0} done"; return 1; }
}
