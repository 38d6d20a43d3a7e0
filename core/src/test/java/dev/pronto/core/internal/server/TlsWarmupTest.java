package dev.pronto.core.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The warm-up thread opens a TLS listener once its context is built, or closes it when it cannot be. */
class TlsWarmupTest {
    private static EmbeddedChannel listener() {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.config().setAutoRead(false);
        return ch;
    }

    @Test
    void aBuiltContextTurnsAutoReadOn() throws Exception {
        EmbeddedChannel ch = listener();
        TlsWarmup warmup = new TlsWarmup(LoggerFactory.getLogger(TlsWarmupTest.class));
        warmup.add(() -> { }, List.of(ch), "test");
        warmup.start().join();
        assertThat(ch.config().isAutoRead()).isTrue();
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void aContextThatCannotBeBuiltClosesTheListener() throws Exception {
        EmbeddedChannel ch = listener();
        TlsWarmup warmup = new TlsWarmup(LoggerFactory.getLogger(TlsWarmupTest.class));
        warmup.add(() -> { throw new IllegalArgumentException("keys: refused"); }, List.of(ch), "test");
        warmup.start().join();
        ch.runPendingTasks();
        assertThat(ch.isOpen()).isFalse();
        assertThat(ch.config().isAutoRead()).isFalse();
    }

    @Test
    void nothingPendingStartsNoThread() {
        assertThat(new TlsWarmup(LoggerFactory.getLogger(TlsWarmupTest.class)).start()).isNull();
    }
}
