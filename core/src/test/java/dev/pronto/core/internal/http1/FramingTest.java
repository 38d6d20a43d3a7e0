package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Well-formed requests: bodies, fragmentation, connection management and request accessors. */
class FramingTest {
    private static final String HOST = "Host: x\r\n";

    private final EmbeddedChannel ch = TestChannels.server(r -> r
            .get("/hello", (req, res) -> res.send("hello"))
            .post("/echo", (req, res) -> res.send(req.bodyString()))
            .post("/length", (req, res) -> res.send(String.valueOf(req.contentLength())))
            .get("/items", (req, res) -> res.send("items"))
            .post("/items", (req, res) -> res.status(201).send())
            .get("/query", (req, res) -> res.send(req.query("a") + "|" + req.queries("b") + "|" + req.query("c")
                    + "|" + req.query("d") + "|" + req.rawQuery()))
            .get("/headers", (req, res) -> res.send(req.headers("X-MULTI") + "|" + req.header("x-single")
                    + "|" + req.header("missing")))
            .get("/cookies", (req, res) -> res.send(req.cookie("session") + "|" + req.cookies()))
            .get("/users/{name}", (req, res) -> res.send(req.param("name") + "|" + req.rawPath()))
            .get("/target", (req, res) -> res.send(req.uri() + "|" + req.rawPath() + "|" + req.rawQuery() + "|"
                    + req.header("Host"))));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private static String body(String out) {
        return out.substring(out.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void contentLengthBodyReachesTheHandler() {
        String out = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Content-Length: 11\r\n\r\nhello world");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("Content-Length: 11\r\n");
        assertThat(body(out)).isEqualTo("hello world");
    }

    @Test
    void emptyContentLengthBodyIsEmpty() {
        String out = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Content-Length: 0\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("Content-Length: 0\r\n");
        assertThat(body(out)).isEmpty();
    }

    @Test
    void chunkedBodyWithExtensionsAndTrailersReachesTheHandler() {
        String out = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 1\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n");
        assertThat(body(out)).isEqualTo("hello world");
    }

    @Test
    void chunkedBodyReportsItsDecodedLength() {
        String out = exchange(ch, "POST /length HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n0\r\n\r\n");

        assertThat(body(out)).isEqualTo("3");
    }

    @Test
    void requestFragmentedAtEveryPartIsAnsweredOnceComplete() {
        List<String> parts = List.of("PO", "ST /ec", "ho HT", "TP/1.1\r", "\n", HOST, "Content-Length: 5\r\n",
                "\r\n", "he", "llo");
        for (String part : parts.subList(0, parts.size() - 1)) {
            assertThat(exchange(ch, part)).as("answer after %s", part).isEmpty();
        }

        String out = exchange(ch, parts.getLast());

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n");
        assertThat(body(out)).isEqualTo("hello");
    }

    @Test
    void largeBodyInManySmallWritesIsDeliveredWhole() {
        String body = "0123456789abcdef".repeat(4096);
        exchange(ch, "POST /length HTTP/1.1\r\n" + HOST + "Content-Length: " + body.length() + "\r\n\r\n");
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < body.length(); i += 1000) {
            out.append(exchange(ch, body.substring(i, Math.min(body.length(), i + 1000))));
        }

        assertThat(body(out.toString())).isEqualTo(String.valueOf(body.length()));
    }

    @Test
    void largeBodyInManySmallWritesKeepsItsBytesInOrder() {
        String body = "0123456789abcdef".repeat(4096);
        exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Content-Length: " + body.length() + "\r\n\r\n");
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < body.length(); i += 1000) {
            out.append(exchange(ch, body.substring(i, Math.min(body.length(), i + 1000))));
        }

        assertThat(body(out.toString())).isEqualTo(body);
    }

    @Test
    void chunkedBodyFragmentedByteByByteIsDecoded() {
        exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Transfer-Encoding: chunked\r\n\r\n");
        String raw = "5\r\nhello\r\n0\r\n\r\n";
        StringBuilder out = new StringBuilder();
        for (char c : raw.toCharArray()) {
            out.append(exchange(ch, String.valueOf(c)));
        }

        assertThat(body(out.toString())).isEqualTo("hello");
    }

    @Test
    void expectContinueIsAnsweredBeforeTheBodyArrives() {
        String interim = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Expect: 100-continue\r\nContent-Length: 5\r\n\r\n");

        assertThat(interim).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        String out = exchange(ch, "hello");
        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n");
        assertThat(body(out)).isEqualTo("hello");
    }

    @Test
    void expectContinueIsNotSentWhenTheBodyCameWithTheHead() {
        String out = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Expect: 100-continue\r\nContent-Length: 5\r\n\r\nhello");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").doesNotContain("100 Continue");
    }

    @Test
    void expectContinueIsAnsweredForAChunkedBodyThatHasNotArrived() {
        String interim = exchange(ch, "POST /echo HTTP/1.1\r\n" + HOST + "Expect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n");

        assertThat(interim).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
        assertThat(body(exchange(ch, "2\r\nok\r\n0\r\n\r\n"))).isEqualTo("ok");
    }

    @Test
    void expectContinueIsIgnoredForHttp10() {
        String interim = exchange(ch, "POST /echo HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");

        assertThat(interim).isEmpty();
        assertThat(exchange(ch, "hello")).startsWith("HTTP/1.0 200 OK\r\n").endsWith("hello");
    }

    @Test
    void headOfAnUnknownPathHasNoBody() {
        String out = exchange(ch, "HEAD /nope HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 404 Not Found\r\n").contains("Content-Length: 9\r\n").endsWith("\r\n\r\n");
    }

    @Test
    void requestPipelinedAfterConnectionCloseIsNotAnswered() {
        String out = exchange(ch, "GET /hello HTTP/1.1\r\n" + HOST + "Connection: close\r\n\r\n"
                + "GET /items HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).endsWith("hello").doesNotContain("items");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void headAnswersWithTheLengthOfGetButNoBody() {
        String out = exchange(ch, "HEAD /hello HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("Content-Length: 5\r\n").endsWith("\r\n\r\n");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void leadingEmptyLinesAreIgnored() {
        String out = exchange(ch, "\r\n\r\nGET /hello HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").endsWith("hello");
    }

    @Test
    void http10KeepAliveStaysOpenAndSaysSo() {
        String out = exchange(ch, "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.0 200 OK\r\n").contains("Connection: keep-alive\r\n");
        assertThat(ch.isOpen()).isTrue();
        assertThat(exchange(ch, "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")).startsWith("HTTP/1.0 200 OK");
    }

    @Test
    void http11ConnectionCloseClosesAfterTheResponse() {
        String out = exchange(ch, "GET /hello HTTP/1.1\r\n" + HOST + "Connection: close\r\n\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("Connection: close\r\n").endsWith("hello");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void http11KeepsTheConnectionOpenByDefault() {
        String out = exchange(ch, "GET /hello HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).doesNotContain("Connection:");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void absoluteFormTargetIsRoutedByItsPath() {
        String out = exchange(ch, "GET http://example.com:8080/users/bob?x=1 HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n");
        assertThat(body(out)).isEqualTo("bob|/users/bob");
    }

    @Test
    void absoluteFormTakesPathAndQueryFromTheTargetAndHostFromItsAuthority() {
        String out = exchange(ch, "GET HTTP://example.com:8080/target?x=1 HTTP/1.1\r\nHost: other\r\n\r\n");

        assertThat(body(out)).isEqualTo("/target?x=1|/target|x=1|example.com:8080");
    }

    @Test
    void queryParametersAreDecoded() {
        String out = exchange(ch, "GET /query?a=1&b=x+y&b=%41%2Fz&c HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(body(out)).isEqualTo("1|[x y, A/z]||null|a=1&b=x+y&b=%41%2Fz&c");
    }

    @Test
    void malformedQueryValueIsABadRequestNamingTheParameter() {
        String out = exchange(ch, "GET /query?a=%4G HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 400 ");
        assertThat(body(out)).contains("query parameter 'a'");
    }

    @Test
    void headersAreCaseInsensitiveAndMultiValued() {
        String out = exchange(ch, "GET /headers HTTP/1.1\r\n" + HOST + "X-Multi: a\r\nX-SINGLE: s\r\nx-multi: b, c\r\n\r\n");

        assertThat(body(out)).isEqualTo("[a, b, c]|s|null");
    }

    @Test
    void cookiesAreReadFromEveryCookieHeader() {
        String out = exchange(ch, "GET /cookies HTTP/1.1\r\n" + HOST + "Cookie: a=1; session=abc\r\nCookie: b=2\r\n\r\n");

        assertThat(body(out)).isEqualTo("abc|{a=1, session=abc, b=2}");
    }

    @Test
    void pathParametersArePercentDecoded() {
        String out = exchange(ch, "GET /users/J%C3%B6rg%20X HTTP/1.1\r\n" + HOST + "\r\n");

        String text = new String(body(out).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        assertThat(text).isEqualTo("J\u00f6rg X|/users/J%C3%B6rg%20X");
    }

    @Test
    void unknownPathIsNotFoundWithABody() {
        String out = exchange(ch, "GET /nope HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 404 Not Found\r\n").contains("Content-Length: 9\r\n").endsWith("\r\n\r\nNot Found");
        assertThat(ch.isOpen()).isTrue();
    }

    @Test
    void wrongMethodIsNotAllowedWithAllow() {
        String out = exchange(ch, "DELETE /items HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 405 Method Not Allowed\r\n")
                .contains("Allow: GET, HEAD, POST, OPTIONS\r\n").endsWith("\r\n\r\nMethod Not Allowed");
    }

    @Test
    void optionsIsAnsweredAutomaticallyWithAllow() {
        String out = exchange(ch, "OPTIONS /items HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(out).startsWith("HTTP/1.1 204 No Content\r\n").contains("Allow: GET, HEAD, POST, OPTIONS\r\n")
                .doesNotContain("Content-Length").endsWith("\r\n\r\n");
    }

    @Test
    void keepAliveConnectionServesRequestsOneAfterAnother() {
        for (int i = 0; i < 3; i++) {
            assertThat(exchange(ch, "GET /hello HTTP/1.1\r\n" + HOST + "\r\n")).startsWith("HTTP/1.1 200 OK\r\n").endsWith("hello");
        }
        assertThat(ch.isOpen()).isTrue();
    }
}
