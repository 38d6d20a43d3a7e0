package dev.pronto.examples.arena.redis;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of Redis outages, shared by every loop's connection: at most one warning per interval however many
 * loops and commands fail (an outage must not flood the log at the request rate), and one line when Redis is
 * reachable again.
 */
final class OutageLog {
    private static final Logger LOG = LoggerFactory.getLogger(Redis.class);
    private static final long INTERVAL = TimeUnit.SECONDS.toNanos(10);

    private final RedisUrl url;
    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicLong nextWarning = new AtomicLong(System.nanoTime());
    private final AtomicLong suppressed = new AtomicLong();

    OutageLog(RedisUrl url) {
        this.url = url;
    }

    /** Redis could not be used, for {@code why}: warns unless a warning was logged within the interval. */
    void down(String why) {
        down.set(true);
        long now = System.nanoTime();
        long next = nextWarning.get();
        if (now - next < 0 || !nextWarning.compareAndSet(next, now + INTERVAL)) {
            suppressed.incrementAndGet();
            return;
        }
        LOG.warn("Redis at {}:{} unavailable ({}): cache reads go to Postgres until it is back ({} more failures"
                + " since the last warning; next warning in 10 s at most)", url.host(), url.port(), why,
                suppressed.getAndSet(0));
    }

    /** A connection is up: logs the end of an outage once. */
    void up() {
        if (down.compareAndSet(true, false)) {
            LOG.info("Redis at {}:{} reachable again", url.host(), url.port());
        }
    }
}
