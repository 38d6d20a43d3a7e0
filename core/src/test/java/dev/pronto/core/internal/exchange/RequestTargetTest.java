package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.wire.Ascii;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Absolute-form targets and the authority syntax shared by them and the Host header. */
class RequestTargetTest {
    private static RequestHead parse(String raw) {
        byte[] b = raw.getBytes(StandardCharsets.ISO_8859_1);
        RequestHead h = new RequestHead();
        h.reset(b.length);
        System.arraycopy(b, 0, h.bytes, 0, b.length);
        h.length = b.length;
        new HeadParser(128).parse(h);
        return h;
    }

    private static boolean authority(String s) {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        return RequestTarget.authority(b, 0, b.length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"example.com", "example.com:8080", "127.0.0.1:1", "[::1]:443", "[v1.x]",
        "xn--bcher-kva.example", "a_b.c~d", "ex%41mple", "localhost:"})
    void validAuthorityIsAccepted(String host) {
        assertThat(authority(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "exa mple", "user@example.com", "example.com:80:80", "example.com:http", ":80",
        "[::1", "[]", "example.com/", "ex%4", "ex%zz", "example.com:123456", "\u00e9xample"})
    void invalidAuthorityIsRejected(String host) {
        assertThat(authority(host)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com/users?id=1", "https://example.com:8443/users?id=1",
        "HTTP://example.com/users?id=1", "http://[::1]:80/users?id=1"})
    void absoluteFormIsNarrowedToItsPathAndQuery(String uri) {
        RequestHead h = parse("GET " + uri + " HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(h.errorStatus).isZero();
        assertThat(Ascii.string(h.bytes, h.targetStart, h.targetEnd - h.targetStart)).isEqualTo("/users?id=1");
        assertThat(Ascii.string(h.bytes, h.pathStart, h.pathEnd - h.pathStart)).isEqualTo("/users");
    }

    @Test
    void absoluteFormAuthorityReplacesTheHostHeader() {
        RequestHead h = parse("GET http://example.com:8080/a HTTP/1.1\r\nHost: other\r\n\r\n");

        assertThat(h.value(h.find("host", 0))).isEqualTo("example.com:8080");
    }

    @Test
    void slashInTheQueryOfAnAbsoluteFormWithoutPathIsNotAPath() {
        RequestHead h = parse("GET http://example.com?next=/a HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://user@example.com/a", "http:///a", "http://exa^mple/a", "http://x:80a/a",
        "http://[::1/a", "http://x%zz/a"})
    void absoluteFormWithAnInvalidAuthorityIsRejected(String uri) {
        RequestHead h = parse("GET " + uri + " HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).isEqualTo("Invalid authority in the request target: expected host[:port]");
    }

    @Test
    void absoluteFormStillNeedsAHostHeaderInHttp11() {
        assertThat(parse("GET http://example.com/a HTTP/1.1\r\n\r\n").errorStatus).isEqualTo(400);
    }
}
