package dev.pronto.core.internal.http1;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Bytes allocated per plaintext keep-alive request on an EmbeddedChannel, measured on a
 * FastThreadLocalThread (as event loops are) with the thread's allocation counter.
 */
class AllocationTest {
    private static final byte[] REQUEST = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /**
     * The request's handle (24 B: what keeps a stale Request or Response from touching the next request), with room
     * for one-off allocations spread over the run but not for a second object per request (16 B or more).
     */
    private static final int BUDGET_BYTES_PER_REQUEST = 32;

    @Test
    void plaintextKeepAliveRequestStaysWithinBudget() throws Exception {
        AtomicLong perRequest = new AtomicLong();
        Thread t = new FastThreadLocalThread(() -> perRequest.set(measure()));
        t.start();
        t.join();

        assertThat(perRequest.get()).isLessThanOrEqualTo(BUDGET_BYTES_PER_REQUEST);
    }

    @Test
    void recordingRequestMetricsAddsNoAllocation() throws Exception {
        AtomicLong plain = new AtomicLong();
        AtomicLong recorded = new AtomicLong();
        dev.pronto.core.Metrics metrics = dev.pronto.core.Metrics.create();
        Thread t = new FastThreadLocalThread(() -> {
            // Alternated and the least of three kept: the JIT's escape analysis settles at different times.
            long p = Long.MAX_VALUE;
            long m = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                p = Math.min(p, measure(r -> { }));
                m = Math.min(m, measure(r -> r.register(metrics)));
            }
            plain.set(p);
            recorded.set(m);
        });
        t.start();
        t.join();

        assertThat(metrics.scrape()).contains("http_server_requests_seconds_count{method=\"GET\"");
        assertThat(recorded.get()).isLessThan(plain.get() + 8);  // any object per request is 16 B or more
    }

    private static long measure() {
        return measure(r -> { });
    }

    private static long measure(java.util.function.Consumer<dev.pronto.core.Routes> plugins) {
        // Paranoid leak detection (on for every other test) records a stack trace per buffer;
        // the budget is for the production setting, so it is off while measuring.
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try {
            return measureWithoutLeakDetection(plugins);
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    private static long measureWithoutLeakDetection(java.util.function.Consumer<dev.pronto.core.Routes> plugins) {
        EmbeddedChannel ch = TestChannels.server(r -> plugins.accept(r.get("/plaintext", (req, res) -> res.send("Hello, World!"))));
        try {
            run(ch, 50_000);
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long id = Thread.currentThread().threadId();
            int n = 100_000;
            long before = mx.getThreadAllocatedBytes(id);
            run(ch, n);
            return (mx.getThreadAllocatedBytes(id) - before) / n;
        } finally {
            ch.finishAndReleaseAll();
        }
    }

    private static void run(EmbeddedChannel ch, int n) {
        ByteBufAllocator alloc = ch.alloc();
        for (int i = 0; i < n; i++) {
            ByteBuf in = alloc.directBuffer(REQUEST.length).writeBytes(REQUEST);
            TestChannels.feed(ch, in);
            ByteBuf out;
            while ((out = ch.readOutbound()) != null) {
                out.release();
            }
        }
    }
}
