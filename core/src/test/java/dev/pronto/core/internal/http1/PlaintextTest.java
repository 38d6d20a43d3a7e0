package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PlaintextTest {
    private final EmbeddedChannel ch = TestChannels.server(r -> r.get("/plaintext", (req, res) -> res.send("Hello, World!")));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void getReturnsTextWithLengthAndDate() {
        String out = exchange(ch, "GET /plaintext HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n")
                .contains("Content-Type: text/plain; charset=utf-8\r\n", "Content-Length: 13\r\n", "\r\nDate: ")
                .endsWith("\r\n\r\nHello, World!");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void http10WithoutKeepAliveClosesConnection() {
        String out = exchange(ch, "GET /plaintext HTTP/1.0\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.0 200 OK\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }
}
