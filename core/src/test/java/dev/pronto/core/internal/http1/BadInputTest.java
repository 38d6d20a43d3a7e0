package dev.pronto.core.internal.http1;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static dev.pronto.core.internal.http1.TestChannels.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Routes;
import dev.pronto.core.Server;
import dev.pronto.core.ServerConfig;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests that cannot be framed or are not allowed: each gets one error answer with
 * {@code Connection: close}, the connection closes, and nothing pipelined behind it is answered.
 */
class BadInputTest {
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] \\d{3} ");
    private static final String NEXT = "GET /ok HTTP/1.1\r\nHost: x\r\n\r\n";
    private static final String POST = "POST /echo HTTP/1.1\r\nHost: x\r\n";
    private static final Consumer<Routes> ROUTES = r -> r
            .get("/ok", (req, res) -> res.send("ok"))
            .post("/echo", (req, res) -> res.send(req.bodyString()));

    private EmbeddedChannel ch = TestChannels.server(ROUTES);

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void configure(Consumer<ServerConfig.Builder> config) {
        ch.finishAndReleaseAll();
        ch = TestChannels.server(config, ROUTES);
    }

    /** Sends {@code bad} with a valid request pipelined behind it; asserts one answer and a close. */
    private String rejects(String bad, String status) {
        String out = exchange(ch, bad + NEXT);

        assertThat(out).startsWith("HTTP/1.1 " + status + "\r\n").contains("\r\nConnection: close\r\n");
        assertThat(STATUS_LINE.matcher(out).results().count()).as("responses in %s", out).isEqualTo(1);
        assertThat(ch.isOpen()).isFalse();
        return out;
    }

    // --- framing: Content-Length and Transfer-Encoding

    @Test
    void contentLengthWithTransferEncodingIsBadRequest() {
        rejects(POST + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400 Bad Request");
    }

    @Test
    void conflictingContentLengthsAreBadRequest() {
        rejects(POST + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello", "400 Bad Request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "1 2"})
    void malformedContentLengthIsBadRequest(String value) {
        String out = rejects(POST + "Content-Length: " + value + "\r\n\r\n", "400 Bad Request");

        assertThat(out).endsWith("\r\n\r\nInvalid Content-Length \"" + value + "\": expected a decimal byte count");
    }

    @Test
    void contentLengthOverMaxBodySizeIsTooLargeBeforeTheBody() {
        String out = rejects(POST + "Content-Length: 10485761\r\n\r\n", "413 Content Too Large");

        assertThat(out).endsWith("Request body exceeds the limit of 10485760 bytes (maxBodySize)");
    }

    @Test
    void unknownTransferCodingBeforeChunkedIsNotImplemented() {
        rejects(POST + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", "501 Not Implemented");
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "xchunked", "chunked, gzip"})
    void transferEncodingThatDoesNotEndInChunkedIsBadRequest(String value) {
        rejects(POST + "Transfer-Encoding: " + value + "\r\n\r\n0\r\n\r\n", "400 Bad Request");
    }

    @Test
    void chunkedTwiceInOneHeaderIsBadRequest() {
        rejects(POST + "Transfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", "400 Bad Request");
    }

    @Test
    void twoTransferEncodingHeadersAreBadRequest() {
        rejects(POST + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400 Bad Request");
    }

    @Test
    void nonHexChunkSizeIsBadRequest() {
        rejects(POST + "Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", "400 Bad Request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2zz", "0x10", " 5", "5 ", "5;", "10000000000000000"})
    void malformedChunkSizeLineIsBadRequest(String size) {
        String out = rejects(POST + "Transfer-Encoding: chunked\r\n\r\n" + size + "\r\nhello\r\n0\r\n\r\n",
                "400 Bad Request");

        assertThat(out).containsAnyOf("Malformed chunk size line", "Chunk size too large");
    }

    @Test
    void chunkDataNotFollowedByCrlfIsBadRequest() {
        rejects(POST + "Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n", "400 Bad Request");
    }

    @Test
    void bodyOverMaxBodySizeWithContentLengthIsTooLarge() {
        configure(c -> c.maxBodySize(16));

        rejects(POST + "Content-Length: 17\r\n\r\n" + "a".repeat(17), "413 Content Too Large");
    }

    @Test
    void bodyOverMaxBodySizeWhenChunkedIsTooLarge() {
        configure(c -> c.maxBodySize(16));
        String chunk = "a\r\n" + "a".repeat(10) + "\r\n";

        rejects(POST + "Transfer-Encoding: chunked\r\n\r\n" + chunk + chunk + "0\r\n\r\n", "413 Content Too Large");
    }

    @Test
    void expectContinueOverTheLimitIsTooLargeWithoutContinue() {
        configure(c -> c.maxBodySize(16));

        String out = rejects(POST + "Expect: 100-continue\r\nContent-Length: 17\r\n\r\n", "413 Content Too Large");

        assertThat(out).doesNotContain("100 Continue");
    }

    @Test
    void unknownExpectationIsExpectationFailed() {
        rejects("GET /ok HTTP/1.1\r\nHost: x\r\nExpect: something\r\n\r\n", "417 Expectation Failed");
    }

    // --- line endings and header syntax

    @Test
    void bareCrInAHeaderIsBadRequest() {
        String out = rejects("GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n", "400 Bad Request");

        assertThat(out).endsWith("Malformed request: CR not followed by LF");
    }

    @Test
    void bareLfLineEndingIsBadRequest() {
        String out = rejects("GET /ok HTTP/1.1\nHost: x\n\n", "400 Bad Request");

        assertThat(out).endsWith("Malformed request: lines must end with CRLF");
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00, 0x01, 0x0B, 0x0C, 0x1B, 0x7F})
    void controlCharacterInAHeaderValueIsBadRequest(int c) {
        rejects("GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a" + (char) c + "b\r\n\r\n", "400 Bad Request");
    }

    @Test
    void whitespaceBeforeColonIsBadRequest() {
        rejects("GET /ok HTTP/1.1\r\nHost : x\r\n\r\n", "400 Bad Request");
    }

    @Test
    void obsFoldIsBadRequest() {
        rejects("GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\r\n  b\r\n\r\n", "400 Bad Request");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "exa mple", "user@example.com", "example.com:port", "[::1"})
    void emptyOrInvalidHostIsBadRequest(String host) {
        rejects("GET /ok HTTP/1.1\r\nHost: " + host + "\r\n\r\n", "400 Bad Request");
    }

    @Test
    void absoluteFormWithAnInvalidAuthorityIsBadRequest() {
        rejects("GET http://user@example.com/ok HTTP/1.1\r\nHost: x\r\n\r\n", "400 Bad Request");
    }

    @Test
    void http11WithoutHostIsBadRequest() {
        rejects("GET /ok HTTP/1.1\r\n\r\n", "400 Bad Request");
    }

    @Test
    void twoHostHeadersAreBadRequest() {
        rejects("GET /ok HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", "400 Bad Request");
    }

    // --- limits

    @Test
    void requestLineOverTheLimitIsUriTooLong() {
        configure(c -> c.maxRequestLineLength(64));

        rejects("GET /" + "a".repeat(64) + " HTTP/1.1\r\nHost: x\r\n\r\n", "414 URI Too Long");
    }

    @Test
    void unterminatedRequestLineOverTheLimitIsUriTooLong() {
        configure(c -> c.maxRequestLineLength(64));

        rejects("GET /" + "a".repeat(200), "414 URI Too Long");
    }

    @Test
    void headerBlockOverTheLimitIsTooLarge() {
        configure(c -> c.maxRequestLineLength(64).maxHeaderSize(1024));

        rejects("GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(1100) + "\r\n\r\n",
                "431 Request Header Fields Too Large");
    }

    @Test
    void moreThan128HeaderFieldsAreTooLarge() {
        rejects("GET /ok HTTP/1.1\r\nHost: x\r\n" + "X-A: 1\r\n".repeat(128) + "\r\n",
                "431 Request Header Fields Too Large");
    }

    // --- request line

    @Test
    void unknownMethodIsNotImplemented() {
        String out = rejects("FOO /ok HTTP/1.1\r\nHost: x\r\n\r\n", "501 Not Implemented");

        assertThat(out).endsWith("Method not implemented: FOO");
    }

    @ParameterizedTest
    @ValueSource(strings = {"G@T", "GE(T", "GET\u0000"})
    void invalidMethodCharactersAreBadRequest(String method) {
        rejects(method + " /ok HTTP/1.1\r\nHost: x\r\n\r\n", "400 Bad Request");
    }

    @Test
    void http2VersionIsNotSupported() {
        rejects("GET /ok HTTP/2.0\r\nHost: x\r\n\r\n", "505 HTTP Version Not Supported");
    }

    @Test
    void http2ConnectionPrefaceIsVersionNotSupportedOnAnHttp1OnlyListener() {
        ch.finishAndReleaseAll();
        ch = TestChannels.http1Only(ROUTES);

        String out = rejects("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "505 HTTP Version Not Supported");

        assertThat(out).endsWith("HTTP/2 connection preface received: this port speaks HTTP/1.1 only");
    }

    @Test
    void http2ConnectionPrefaceStartsHttp2WhereH2cIsAllowed() {
        String out = exchange(ch, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + NEXT);

        assertThat(out).doesNotStartWith("HTTP/1.1").contains("First received frame was not SETTINGS");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void unknownMethodIsQuotedOnlyAsAShortExcerpt() {
        String out = rejects("X".repeat(5000) + " /ok HTTP/1.1\r\nHost: x\r\n\r\n", "501 Not Implemented");

        String body = out.substring(out.indexOf("\r\n\r\n") + 4);
        assertThat(new String(body.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8))
                .isEqualTo("Method not implemented: " + "X".repeat(64) + "\u2026");
    }

    @Test
    void tlsClientHelloIsBadRequestWithoutWaitingForALineBreak() {
        byte[] hello = {0x16, 0x03, 0x01, 0x00, (byte) 0xa5, 0x01, 0x00, 0x00, (byte) 0xa1, 0x03, 0x03,
            (byte) 0xc2, 0x4f, 0x11, (byte) 0x9e, 0x5b, 0x22, 0x73, 0x01, (byte) 0xfe, 0x00, 0x20, 0x13, 0x01};
        ch.writeInbound(Unpooled.wrappedBuffer(hello));

        assertThat(readAll(ch)).startsWith("HTTP/1.1 400 Bad Request\r\n").contains("Connection: close\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void binaryBeforeAValidRequestIsBadRequest() {
        rejects("\u0080\u0001\u0002\u00ff", "400 Bad Request");
    }

    @Test
    void randomBinaryWithLineBreaksIsBadRequest() {
        byte[] junk = {(byte) 0xff, (byte) 0xfe, 0x00, 0x0a, 0x7f, 0x0d, 0x0a, 0x0d, 0x0a};
        ch.writeInbound(Unpooled.wrappedBuffer(junk));

        assertThat(readAll(ch)).startsWith("HTTP/1.1 400 Bad Request\r\n");
        assertThat(ch.isOpen()).isFalse();
    }

    // --- aftermath

    @Test
    void truncatedHeadThenCloseSendsNothing() {
        ch.writeInbound(TestChannels.ascii("GET /ok HTTP/1.1\r\nHo"));
        ch.close();

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void truncatedChunkedBodyThenCloseSendsNothing() {
        ch.writeInbound(TestChannels.ascii(POST + "Transfer-Encoding: chunked\r\n\r\n5\r\nhel"));
        ch.close();

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void truncatedFixedBodyThenCloseSendsNothing() {
        ch.writeInbound(TestChannels.ascii(POST + "Content-Length: 10\r\n\r\nhel"));
        ch.close();

        assertThat(readAll(ch)).isEmpty();
    }

    @Test
    void goodRequestBeforeABadOneIsAnsweredFirst() {
        String out = exchange(ch, NEXT + "GET /ok HTTP/2.0\r\n\r\n" + NEXT);

        assertThat(out).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\n\r\nokHTTP/1.1 505 ");
        assertThat(STATUS_LINE.matcher(out).results().count()).isEqualTo(2);
        assertThat(ch.isOpen()).isFalse();
    }

    @Test
    void serverKeepsServingNewConnectionsAfterARejection() {
        Server server = Server.builder().routes(ROUTES).build();
        EmbeddedChannel bad = new EmbeddedChannel(server.channelInitializer());
        EmbeddedChannel good = new EmbeddedChannel(server.channelInitializer());
        try {
            assertThat(exchange(bad, "GET / HTTP/2.0\r\n\r\n")).startsWith("HTTP/1.1 505 ");
            assertThat(exchange(good, NEXT)).startsWith("HTTP/1.1 200 OK\r\n").endsWith("\r\n\r\nok");
            assertThat(good.isOpen()).isTrue();
        } finally {
            bad.finishAndReleaseAll();
            good.finishAndReleaseAll();
        }
    }
}
