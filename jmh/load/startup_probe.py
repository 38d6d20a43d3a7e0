"""Startup and memory probe for jmh/load/startup.sh (stdlib only).

start:  launches the command given after '--', polls GET until a 200 arrives, prints
        'pid seconds_to_first_response cpu_seconds_used_by_then'; the server keeps running (the caller
        kills it). CPU seconds are robust to a busy machine, where wall time mostly measures waiting.
idle:   opens N keep-alive connections, sends one GET on each, reads each answer, holds them
        open and prints the server's RSS in KiB; closes them when stdin reaches EOF.
"""
import os, socket, subprocess, sys, time


def get_ok(port, path):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            return s.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def start(port, path, cmd, log):
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    while not get_ok(port, path):
        if proc.poll() is not None or time.monotonic() - t0 > 60:
            print(f"{proc.pid} FAILED", flush=True)
            return
        time.sleep(0.002)
    print(f"{proc.pid} {time.monotonic() - t0:.3f} {cpu_seconds(proc.pid):.2f}", flush=True)


def idle(port, path, pid, n):
    held = []
    req = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(req)
        if not s.recv(4096).startswith(b"HTTP/1.1 200"):
            raise SystemExit("no 200 on a held connection")
        held.append(s)
    time.sleep(1)  # let the server settle: RSS after the connections were accepted and answered
    print(rss_kib(pid), flush=True)
    for s in held:
        s.close()


if __name__ == "__main__":
    mode, port, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if mode == "start":
        with open(sys.argv[4], "w") as log:
            start(port, path, sys.argv[sys.argv.index("--") + 1:], log)
    else:
        idle(port, path, int(sys.argv[4]), int(sys.argv[5]))
