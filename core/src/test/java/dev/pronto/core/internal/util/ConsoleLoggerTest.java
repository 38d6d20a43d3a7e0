package dev.pronto.core.internal.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.NOPLoggerFactory;

/** Without an SLF4J provider the server still says where it listens and what failed. */
class ConsoleLoggerTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Logger log = new ConsoleLogger("dev.pronto.core.Server", stream(out), stream(err));

    private static PrintStream stream(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    @Test
    void silentFactoryGetsTheConsoleLogger() {
        Logger nop = new NOPLoggerFactory().getLogger("dev.pronto.core.Server");

        assertThat(ConsoleLogger.unlessSilent(nop, new NOPLoggerFactory())).isInstanceOf(ConsoleLogger.class);
    }

    @Test
    void aRealProviderIsKept() {
        Logger real = LoggerFactory.getLogger("x");

        assertThat(ConsoleLogger.unlessSilent(real, LoggerFactory.getILoggerFactory())).isSameAs(real);
    }

    @Test
    void infoGoesToStdoutFormatted() {
        log.info("Pronto listening on {} ({} routes)", "0.0.0.0:8080", 3);

        assertThat(out.toString(StandardCharsets.UTF_8))
                .isEqualTo("INFO dev.pronto.core.Server - Pronto listening on 0.0.0.0:8080 (3 routes)" + System.lineSeparator());
    }

    @Test
    void errorsGoToStderrWithTheirStackTrace() {
        log.error("Unhandled exception in {}", "GET /boom", new IllegalStateException("bug"));

        assertThat(err.toString(StandardCharsets.UTF_8))
                .startsWith("ERROR dev.pronto.core.Server - Unhandled exception in GET /boom")
                .contains("java.lang.IllegalStateException: bug", "at dev.pronto.core.internal.util.ConsoleLoggerTest");
    }

    @Test
    void debugIsDropped() {
        log.debug("noise {}", 1);

        assertThat(out.size() + err.size()).isZero();
    }
}
