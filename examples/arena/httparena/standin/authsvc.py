#!/usr/bin/env python3
"""Stand-in for HttpArena's frameworks/_shared/authsvc (Rust, axum) where no Rust toolchain can be had: the
same contract -- GET /_auth verifies `Authorization: Bearer <h>.<p>.<s>` as HS256 with JWT_SECRET and answers 200
with `x-user-id: <sub>`, else 401; GET /_health answers 200 -- on AUTHSVC_LISTEN (default 0.0.0.0:9090)."""
import base64, hashlib, hmac, os, re
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET = os.environ.get("JWT_SECRET", "httparena-bench-secret-do-not-use-in-production").encode()


def b64(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def user(auth):
    if not auth or not auth.startswith("Bearer "):
        return None
    parts = auth[7:].split(".")
    if len(parts) != 3:
        return None
    try:
        good = hmac.new(SECRET, f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest()
        if not hmac.compare_digest(good, b64(parts[2])):
            return None
        m = re.search(r'"sub":\s*"?([^",} ]+)', b64(parts[1]).decode())
        return m.group(1) if m else None
    except ValueError:
        return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        status, headers = 404, {}
        if self.path == "/_health":
            status = 200
        elif self.path == "/_auth":
            sub = user(self.headers.get("Authorization"))
            status, headers = (200, {"x-user-id": sub}) if sub else (401, {})
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


host, _, port = os.environ.get("AUTHSVC_LISTEN", "0.0.0.0:9090").rpartition(":")
ThreadingHTTPServer((host, int(port)), Handler).serve_forever()
