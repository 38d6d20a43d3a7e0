package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HeadFramerTest {
    private final HeadFramer framer = new HeadFramer(32, 64);
    private final ByteBuf in = Unpooled.buffer();

    @AfterEach
    void release() {
        in.release();
    }

    private int feed(String raw) {
        in.writeCharSequence(raw, StandardCharsets.ISO_8859_1);
        return framer.find(in);
    }

    @Test
    void findsTheLastLineFeedOfAHeadPastLeadingEmptyLines() {
        int lf = feed("\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\nrest");

        assertThat(lf).isEqualTo(in.readerIndex() + "\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".length() - 1);
        assertThat(framer.headStart()).isEqualTo(2);
    }

    @Test
    void goesOnWhereTheLastCallLeftOff() {
        assertThat(feed("GET / HTTP/1.1\r\nHo")).isEqualTo(HeadFramer.MORE);

        assertThat(feed("st: a\r\n\r\n")).isEqualTo("GET / HTTP/1.1\r\nHost: a\r\n\r\n".length() - 1);
    }

    @Test
    void aStartLineOverItsLimitIs414() {
        assertThat(feed("GET /" + "a".repeat(120))).isEqualTo(HeadFramer.FAILED);

        assertThat(framer.errorStatus()).isEqualTo(414);
        assertThat(framer.errorMessage()).contains("maxRequestLineLength");
    }

    @Test
    void fieldsOverTheirLimitAre431() {
        assertThat(feed("GET / HTTP/1.1\r\nX: " + "a".repeat(120))).isEqualTo(HeadFramer.FAILED);

        assertThat(framer.errorStatus()).isEqualTo(431);
        assertThat(framer.errorMessage()).contains("maxHeaderSize");
    }

    @Test
    void aBareCarriageReturnIs400() {
        assertThat(feed("GET / HTTP/1.1\rHost: a\r\n\r\n")).isEqualTo(HeadFramer.FAILED);

        assertThat(framer.errorStatus()).isEqualTo(400);
    }
}
