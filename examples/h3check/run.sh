#!/usr/bin/env bash
# Runs h3_check.py (aioquic, an HTTP/3 client independent of Netty) against a running arena app.
# Installs aioquic from PyPI into a venv under examples/target/h3venv on first use.
# Usage: examples/h3check/run.sh [host] [port] [static-path] [content-type-prefix]
# Exit: 0 both checks passed, 1 a check failed, 77 aioquic could not be installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../target/h3venv"
if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import aioquic' 2>/dev/null; then
    # exit 77 (skip) when PyPI cannot be reached: the check needs aioquic, not this machine's network
    python3 -m venv "$venv" && "$venv/bin/pip" install -q aioquic || { echo "aioquic could not be installed" >&2; exit 77; }
fi
exec "$venv/bin/python" "$here/h3_check.py" "$@"
