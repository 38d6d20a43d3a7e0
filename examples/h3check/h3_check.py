#!/usr/bin/env python3
"""Independent HTTP/3 check of the arena app with aioquic (not Netty): /baseline2?a=1&b=2 must answer 3,
and a static file must come with its content type. Exit 0 when both hold, 1 otherwise.

Usage: h3_check.py [host] [port] [static-path] [expected-content-type-prefix]
       (defaults: 127.0.0.1 8443 /static/app.js application/javascript)
"""
import asyncio
import ssl
import sys

from aioquic.asyncio import connect
from aioquic.asyncio.protocol import QuicConnectionProtocol
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration


class H3Fetcher(QuicConnectionProtocol):
    """One QUIC connection; fetch() sends a GET on a new request stream and waits for its end."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._h3 = H3Connection(self._quic)
        self._pending = {}

    def quic_event_received(self, event):
        for ev in self._h3.handle_event(event):
            entry = self._pending.get(getattr(ev, "stream_id", None))
            if entry is None:
                continue
            if isinstance(ev, HeadersReceived):
                entry["headers"].extend(ev.headers)
            elif isinstance(ev, DataReceived):
                entry["body"] += ev.data
            if getattr(ev, "stream_ended", False):
                self._pending.pop(ev.stream_id)["done"].set_result(entry)

    async def fetch(self, authority, path):
        stream = self._quic.get_next_available_stream_id()
        done = asyncio.get_running_loop().create_future()
        self._pending[stream] = {"headers": [], "body": b"", "done": done}
        self._h3.send_headers(stream, [(b":method", b"GET"), (b":scheme", b"https"),
                                       (b":authority", authority.encode()), (b":path", path.encode())],
                              end_stream=True)
        self.transmit()
        entry = await asyncio.wait_for(done, 10)
        fields = {k.decode(): v.decode() for k, v in entry["headers"]}
        return fields, entry["body"]


async def check(host, port, static_path, static_type):
    config = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN)
    config.verify_mode = ssl.CERT_NONE  # the arena's certificate is self-signed
    ok = True
    async with connect(host, port, configuration=config, create_protocol=H3Fetcher) as client:
        fields, body = await client.fetch(f"{host}:{port}", "/baseline2?a=1&b=2")
        print(f"/baseline2?a=1&b=2 -> {fields.get(':status')} {body!r}")
        ok &= fields.get(":status") == "200" and body == b"3"
        fields, body = await client.fetch(f"{host}:{port}", static_path)
        print(f"{static_path} -> {fields.get(':status')} {fields.get('content-type')} {len(body)} bytes")
        ok &= fields.get(":status") == "200" and fields.get("content-type", "").startswith(static_type) and len(body) > 0
    print("OK" if ok else "FAILED")
    return ok


if __name__ == "__main__":
    a = sys.argv[1:]
    passed = asyncio.run(check(a[0] if a else "127.0.0.1", int(a[1]) if len(a) > 1 else 8443,
                               a[2] if len(a) > 2 else "/static/app.js",
                               a[3] if len(a) > 3 else "application/javascript"))
    sys.exit(0 if passed else 1)
