package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pronto.core.internal.http1.TestChannels;
import dev.pronto.wire.HeadBytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseHeadersTest {
    private final ResponseHeaders headers = new ResponseHeaders();

    private String encoded() {
        ByteBuf out = Unpooled.buffer();
        try {
            HeadBytes head = HeadBytes.local();
            headers.encode(head, null);
            head.writeTo(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        } finally {
            out.release();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-A: injected, Y", "X A", "X\r\nY", "X:", "(X)", "X\"", "Ä", "X\t", "X/Y", "X@Y"})
    void namesThatAreNotTokensAreRejectedByName(String name) {
        assertThatThrownBy(() -> headers.add(name, "v"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("header name '")
                .hasMessageNotContaining("\r");
    }

    @Test
    void everyTokenCharacterIsAcceptedInNames() {
        headers.add("Az09!#$%&'*+-.^_`|~", "v");

        assertThat(encoded()).isEqualTo("Az09!#$%&'*+-.^_`|~: v\r\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\r\nSet-Cookie: x", "a\rb", "a\nb", "a\0b", "a\u0001b", "a\u001fb", "a\u007fb", "a\u0100b"})
    void valuesWithControlCharactersAreRejectedNamingTheHeader(String value) {
        assertThatThrownBy(() -> headers.add("X-Note", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("value of header 'X-Note' has ");
    }

    @Test
    void tabAndLatin1TextAreAllowedInValues() {
        headers.add("X-Note", "a\tb é");

        assertThat(encoded()).isEqualTo("X-Note: a\tb é\r\n");
    }

    @Test
    void asciiStringNamesAndValuesAreWrittenAsTheirBytes() {
        headers.add(new io.netty.util.AsciiString("X-Ascii"), new io.netty.util.AsciiString("abc; q=1"));

        assertThat(encoded()).isEqualTo("X-Ascii: abc; q=1\r\n");
    }

    @Test
    void fieldsLongerThanTheScratchAreWrittenWhole() {
        String big = "v".repeat(20_000);
        headers.add("X-Big", big);
        headers.add("X-After", "tail");

        assertThat(encoded()).isEqualTo("X-Big: " + big + "\r\nX-After: tail\r\n");
        headers.clear();
        headers.add("X-Small", "s");
        assertThat(encoded()).isEqualTo("X-Small: s\r\n");
    }

    @Test
    void contentTypeValueIsCheckedToo() {
        assertThatThrownBy(() -> headers.contentType("text/html\r\nX: y"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("value of header 'Content-Type' has U+000D at index 9");
    }

    @Test
    void framingHeadersStayRejected() {
        assertThatThrownBy(() -> headers.add("content-length", "1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> headers.add("Transfer-Encoding", "chunked")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mutableValuesAreCopiedAtTheCall() {
        StringBuilder name = new StringBuilder("X-Id");
        StringBuilder value = new StringBuilder("first");
        headers.add(name, value);
        headers.contentType(value);
        name.append("-changed");
        value.replace(0, value.length(), "second\r\nX: injected");

        assertThat(encoded()).isEqualTo("Content-Type: first\r\nX-Id: first\r\n");
    }

    @Test
    void stringValuesAreKeptWithoutACopy() {
        String value = new String("shared".toCharArray());
        headers.contentType(value);

        assertThat(headers.contentType()).isSameAs(value);
    }

    @Test
    void aHandlerGetsTheExceptionAtItsHeaderCall() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        EmbeddedChannel ch = TestChannels.server(r -> r.get("/", (req, res) -> {
            try {
                res.header("X", "a\r\nSet-Cookie: x");
            } catch (IllegalArgumentException e) {
                thrown.set(e);
            }
            res.send("ok");
        }));

        String out = TestChannels.exchange(ch, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(thrown.get()).hasMessageStartingWith("value of header 'X'");
        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").doesNotContain("Set-Cookie");
        ch.finishAndReleaseAll();
    }
}
