"""One GET over HTTP/3 with aioquic, for gateway-check.sh --h3: an independent client in place of curl.

Usage: h3_fetch.py --headers FILE --body FILE [--compressed] URL
Writes the response headers ("name: value" lines) and body to the files and prints "STATUS 3 BYTES" as
curl -w '%{http_code} %{http_version} %{size_download}' would (BYTES as received; --compressed asks for gzip
and writes the decoded body). The certificate is not verified (HttpArena's is self-signed). Exits 1 when no
response arrives within 20 s.
"""
import argparse
import asyncio
import gzip
import ssl
import sys
from urllib.parse import urlsplit

from aioquic.asyncio.client import connect
from aioquic.asyncio.protocol import QuicConnectionProtocol
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration


class H3Client(QuicConnectionProtocol):
    """Collects the headers and body of each request stream until the server ends it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.http = H3Connection(self._quic)
        self.responses = {}

    def quic_event_received(self, event):
        for h3 in self.http.handle_event(event):
            response = self.responses.get(getattr(h3, "stream_id", None))
            if response is None:
                continue
            if isinstance(h3, HeadersReceived):
                response["headers"] += h3.headers
            elif isinstance(h3, DataReceived):
                response["body"] += h3.data
            if getattr(h3, "stream_ended", False) and not response["done"].done():
                response["done"].set_result(None)

    async def get(self, url, extra):
        parts = urlsplit(url)
        path = parts.path + ("?" + parts.query if parts.query else "")
        stream = self._quic.get_next_available_stream_id()
        response = {"headers": [], "body": b"", "done": asyncio.get_running_loop().create_future()}
        self.responses[stream] = response
        self.http.send_headers(stream, [(b":method", b"GET"), (b":scheme", b"https"),
                                        (b":authority", parts.netloc.encode()), (b":path", path.encode())] + extra,
                               end_stream=True)
        self.transmit()
        await asyncio.wait_for(response["done"], 20)
        return response


async def main():
    args = argparse.ArgumentParser()
    args.add_argument("--headers", required=True)
    args.add_argument("--body", required=True)
    args.add_argument("--compressed", action="store_true")
    args.add_argument("url")
    a = args.parse_args()
    parts = urlsplit(a.url)
    config = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN, verify_mode=ssl.CERT_NONE,
                               server_name=parts.hostname)
    extra = [(b"accept-encoding", b"gzip")] if a.compressed else []
    async with connect(parts.hostname, parts.port or 443, configuration=config, create_protocol=H3Client) as client:
        response = await client.get(a.url, extra)
        alpn = client._quic.tls.alpn_negotiated
    headers = {k.decode(): v.decode() for k, v in response["headers"]}
    body = response["body"]
    received = len(body)
    if a.compressed and headers.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    with open(a.headers, "w") as h:
        h.writelines(f"{k}: {v}\n" for k, v in headers.items() if not k.startswith(":"))
    with open(a.body, "wb") as b:
        b.write(body)
    print(headers.get(":status", "000"), "3" if alpn == "h3" else "0", received)


if __name__ == "__main__":
    try:
        asyncio.run(asyncio.wait_for(main(), 20))
    except (asyncio.TimeoutError, ConnectionError, OSError) as e:
        print(f"h3_fetch: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
