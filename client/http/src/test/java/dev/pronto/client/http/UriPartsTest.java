package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-made fast path agrees with {@link URI} wherever it answers, and leaves the rest to it. */
class UriPartsTest {
    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/baseline11?a=1&b=2", "http://backend/users/42", "https://example.com",
        "http://a.b-c.example:1/x/y;p=1/%41?q=%20&r=a:b@c/d?e", "http://h?x=1", "http://10.0.0.1/", "https://x9.io:443/a~b"})
    void agreesWithUriOnSimpleShapes(String s) {
        UriParts fast = UriParts.simple(s);
        assertThat(fast).isEqualTo(UriParts.of(URI.create(s)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP://h/", "http://user@h/", "http://[::1]:80/", "http://h/#frag", "http://h:/x", "http://h?",
        "http://999.1.1.1/", "http://1.2.3/", "http://h_1/", "http://-h/", "http://h./", "http://a.1b/", "http://h/%zz",
        "http://h/a b", "http://h/é", "ftp://h/", "http://h:70000/", "http:///x", "http://h/[x]"})
    void leavesEverythingElseToUri(String s) {
        assertThat(UriParts.simple(s)).isNull();
    }

    @Test
    void aRequestBuiltOnTheFastPathHasTheSameHeadAndUri() {
        ClientRequest r = ClientRequest.get("http://127.0.0.1:8080/baseline11?a=1&b=2");
        io.netty.buffer.ByteBuf head = io.netty.buffer.Unpooled.buffer();
        r.writeHead(head);
        assertThat(head.toString(java.nio.charset.StandardCharsets.ISO_8859_1))
                .isEqualTo("GET /baseline11?a=1&b=2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n");
        head.release();
        assertThat(r.uri()).isEqualTo(URI.create("http://127.0.0.1:8080/baseline11?a=1&b=2"));
        assertThat(r.port()).isEqualTo(8080);
        assertThat(r.host()).isEqualTo("127.0.0.1");
    }
}
