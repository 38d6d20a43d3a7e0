#!/bin/sh
# The production-stack cache: HttpArena's redis-entrypoint.sh on port 6380 instead of 6379 (the crud profile's
# Redis sidecar holds 6379 on the same host network), and a /tmp/seeded marker for the compose healthcheck, so
# the server (and through it the edge) starts only once the sessions and products are in.
set -e
redis-server --daemonize no --protected-mode no --bind 0.0.0.0 --port 6380 --io-threads 4 --io-threads-do-reads yes \
    --save "" --appendonly no &
REDIS_PID=$!
for _ in $(seq 1 100); do
    redis-cli -p 6380 PING 2>/dev/null | grep -q PONG && break
    sleep 0.1
done
if [ -f /seed.txt ]; then
    redis-cli -p 6380 < /seed.txt > /dev/null
    echo "[redis] seeded from /seed.txt"
else
    echo "[redis] WARNING: /seed.txt not found, running empty"
fi
touch /tmp/seeded
wait "$REDIS_PID"
