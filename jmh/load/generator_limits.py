"""Reads openapi-python-client's output for one document: fails on any warning except the generator's own limits.

Each warning the generator prints names an operation ("WARNING parsing GET /ws within web_socket.") and, on the
next line with text, why. The reasons below are what the generator cannot represent (its issue tracker lists
them as unsupported): a request or response media type other than JSON, forms and octet streams, and a
constant-valued header. The arena documents routes of exactly those kinds (gRPC, the WebSocket handshake, a
text/plain body, the YAML document, static files of any type); the document is right, the generator leaves those
operations out and says so. Any other warning is a defect in a document and fails.

    python3 jmh/load/generator_limits.py SERVICE GENERATE_OUTPUT
"""
import re
import sys

LIMITS = (
    "Unsupported content type text/plain",
    "Unsupported content type application/grpc",
    "Unsupported content_type application/yaml",
    "Unsupported content_type */*",
    "is not allowed in header",
)


def warnings(text):
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"WARNING parsing (\S+) (\S+)", line)
        if m:
            reason = next((l.strip() for l in lines[i + 1:] if l.strip()), "")
            yield m.group(1), m.group(2), reason
    if "Warning" in text and not any(re.match(r"WARNING parsing", l) for l in lines):
        yield "?", "?", "a warning the generator did not tie to an operation"


def main(service, path):
    text = open(path, encoding="utf-8").read()
    left_out, defects = [], []
    for method, route, reason in warnings(text):
        (left_out if any(limit in reason for limit in LIMITS) else defects).append(f"{method} {route}: {reason}")
    if defects:
        print(f"{service}: openapi-python-client warned:")
        print(text)
        sys.exit(1)
    if left_out:
        print(f"{service}: client generated; {len(left_out)} operation parts left out by the generator's limits:")
        for entry in sorted(set(left_out)):
            print(f"  {entry}")
    else:
        print(f"{service}: client generated without warnings")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
