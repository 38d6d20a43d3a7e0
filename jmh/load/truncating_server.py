#!/usr/bin/env python3
"""The failure sigterm.sh's driver must catch: an HTTP/1.1 server that answers every 50th request with a
response cut short (its Content-Length promises more than it sends, then it closes), the rest in full.
Usage: truncating_server.py PORT BODY"""
import socket, sys, threading

port, body = int(sys.argv[1]), sys.argv[2].encode()
count = 0
lock = threading.Lock()

def serve(conn):
    global count
    with conn:
        buf = b""
        while True:
            data = conn.recv(65536)
            if not data:
                return
            buf += data
            while b"\r\n\r\n" in buf:
                _, buf = buf.split(b"\r\n\r\n", 1)
                with lock:
                    count += 1
                    cut = count % 50 == 0
                head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
                if cut:
                    conn.sendall(head + body[: len(body) // 2])
                    return
                conn.sendall(head + body)

srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", port))
srv.listen(128)
while True:
    c, _ = srv.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
