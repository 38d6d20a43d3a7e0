package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.ascii;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A shared HTTP/1.1 + h2c port tells the two apart by the first bytes, however they are split. */
class H2cSniffTest {
    private final EmbeddedChannel ch = TestChannels.server(r -> r.post("/", (req, res) -> res.send("h1 " + req.bodyString())));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void prefaceSplitAcrossReadsStillStartsHttp2() {
        ch.writeInbound(ascii("PRI * HTTP/2"));
        ch.writeInbound(ascii(".0\r\n\r\nSM\r\n\r\nnot a SETTINGS frame"));

        assertThat(readAll(ch)).doesNotStartWith("HTTP/1.1").contains("First received frame was not SETTINGS");
    }

    @Test
    void http1RequestSharingThePrefacesFirstByteIsServedAsHttp1() {
        ch.writeInbound(ascii("P"));
        assertThat(readAll(ch)).isEmpty();

        ch.writeInbound(ascii("OST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok"));

        assertThat(readAll(ch)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("h1 ok");
    }
}
