package dev.pronto.core.internal.http1;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.RateLimit;
import dev.pronto.core.RateLimitStore;
import dev.pronto.core.Routes;
import dev.pronto.core.internal.web.RateKeys;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** A rate limit keyed by the client address adds no allocation per request (allowed requests). */
class RateLimitAllocationTest {
    private static final byte[] REQUEST = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @Test
    void limitedRouteAllocatesNoMoreThanAPlainOne() throws Exception {
        RateLimit limit = RateLimit.builder(1_000_000_000L, Duration.ofSeconds(1)).build();
        AtomicLong plain = new AtomicLong();
        AtomicLong limited = new AtomicLong();
        onEventLoopThread(() -> {
            // alternated, least of three: escape analysis settles at different times
            long p = Long.MAX_VALUE;
            long l = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {
                p = Math.min(p, measure(r -> { }));
                l = Math.min(l, measure(r -> r.onRequest(limit)));
            }
            plain.set(p);
            limited.set(l);
        });

        assertThat(limited.get()).isLessThan(plain.get() + 8);  // any object per request is 16 B or more
    }

    @Test
    void anIpv4KeyAndItsBucketAllocateNothing() throws Exception {
        InetSocketAddress client = new InetSocketAddress("192.0.2.7", 40000);
        RateLimitStore store = RateLimitStore.inMemory(1024);
        RateLimitStore.Rate rate = new RateLimitStore.Rate(1_000_000, 1);
        AtomicLong bytes = new AtomicLong();
        onEventLoopThread(() -> bytes.set(perCall(() -> store.take(RateKeys.address(client), null, rate, System.nanoTime()))));

        assertThat(bytes.get()).isZero();
    }

    private static void onEventLoopThread(Runnable r) throws InterruptedException {
        Thread t = new FastThreadLocalThread(r);
        t.start();
        t.join();
    }

    private static long perCall(LongSupplier call) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = 0;
        for (int i = 0; i < 200_000; i++) {
            sink += call.getAsLong();
        }
        long before = mx.getThreadAllocatedBytes(Thread.currentThread().threadId());
        for (int i = 0; i < 1_000_000; i++) {
            sink += call.getAsLong();
        }
        long after = mx.getThreadAllocatedBytes(Thread.currentThread().threadId());
        return sink == 42 ? -1 : (after - before) / 1_000_000;
    }

    private static long measure(Consumer<Routes> plugins) {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
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
            ResourceLeakDetector.setLevel(level);
        }
    }

    private static void run(EmbeddedChannel ch, int n) {
        for (int i = 0; i < n; i++) {
            TestChannels.feed(ch, ch.alloc().directBuffer(REQUEST.length).writeBytes(REQUEST));
            ByteBuf out;
            while ((out = ch.readOutbound()) != null) {
                out.release();
            }
        }
    }
}
