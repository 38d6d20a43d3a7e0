package dev.pronto.jmh.core;

import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JMH's benchmark threads as Netty's {@link FastThreadLocalThread}s, the kind every event loop runs on,
 * so an in-memory server benchmark measures the path production runs: Netty recycles some objects
 * (an outbound buffer's {@code Entry}, for one) only on such threads. Used through
 * {@code -Djmh.executor=CUSTOM -Djmh.executor.class=dev.pronto.jmh.core.EventLoopThreadExecutor}
 * (see {@link PlaintextBenchmark}); JMH creates it with the thread count and a name prefix.
 */
public final class EventLoopThreadExecutor extends ThreadPoolExecutor {
    /** Called by JMH: a fixed pool of {@code threads} threads named {@code prefix-N}. */
    public EventLoopThreadExecutor(int threads, String prefix) {
        super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory(prefix));
    }

    private static ThreadFactory factory(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return task -> {
            Thread t = new FastThreadLocalThread(task, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
