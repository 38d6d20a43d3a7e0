package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** A loop that stops running tasks is reported once, with the stack of the code blocking it. */
class BlockedLoopWatchTest {
    /** Records WARN lines; the first completes {@link #first}. */
    private static final class Recording extends LegacyAbstractLogger {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final CompletableFuture<Throwable> first = new CompletableFuture<>();

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] args, Throwable t) {
            lines.add(level + " " + MessageFormatter.basicArrayFormat(pattern, args));
            first.complete(t);
        }

        @Override public boolean isTraceEnabled() { return true; }
        @Override public boolean isDebugEnabled() { return true; }
        @Override public boolean isInfoEnabled() { return true; }
        @Override public boolean isWarnEnabled() { return true; }
        @Override public boolean isErrorEnabled() { return true; }
    }

    /** Blocks the calling loop until the warning about it was logged (bounded, so a missing warning fails). */
    private static void blockUntilReported(Recording log) {
        log.first.completeOnTimeout(null, 10, TimeUnit.SECONDS).join();
    }

    @Test
    void blockedLoopIsReportedWithTheStackThatBlocksIt() throws Exception {
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, (java.util.concurrent.ThreadFactory) r -> new Thread(r, "test-loop"),
                LocalIoHandler.newFactory());
        Recording log = new Recording();
        BlockedLoopWatch watch = BlockedLoopWatch.start(loops, Duration.ofMillis(50), log);
        try {
            loops.submit(() -> blockUntilReported(log)).get(20, TimeUnit.SECONDS);

            Throwable stack = log.first.getNow(null);
            assertThat(log.lines).singleElement().asString()
                    .startsWith("WARN Event loop test-loop has been blocked for ").contains("(threshold 50 ms)");
            assertThat(stack).isNotNull();
            assertThat(stack.getStackTrace()).anySatisfy(frame ->
                    assertThat(frame.getMethodName()).isEqualTo("blockUntilReported"));
        } finally {
            watch.stop();
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void zeroThresholdIsOff() {
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
        try {
            assertThat(BlockedLoopWatch.start(loops, Duration.ZERO, new Recording())).isNull();
        } finally {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
