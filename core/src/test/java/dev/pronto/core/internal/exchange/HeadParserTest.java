package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.wire.Ascii;
import dev.pronto.router.Method;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HeadParserTest {
    private static final String HOST = "Host: x\r\n";

    private static RequestHead parse(String raw) {
        byte[] b = raw.getBytes(StandardCharsets.ISO_8859_1);
        RequestHead h = new RequestHead();
        h.reset(b.length);
        System.arraycopy(b, 0, h.bytes, 0, b.length);
        h.length = b.length;
        boolean ok = new HeadParser(128).parse(h);
        assertThat(ok).as("parse result agrees with errorStatus").isEqualTo(h.errorStatus == 0);
        return h;
    }

    private static RequestHead get(String headers) {
        return parse("GET / HTTP/1.1\r\n" + headers + "\r\n");
    }

    private static String target(RequestHead h) {
        return Ascii.string(h.bytes, h.targetStart, h.targetEnd - h.targetStart);
    }

    private static String path(RequestHead h) {
        return Ascii.string(h.bytes, h.pathStart, h.pathEnd - h.pathStart);
    }

    private static String query(RequestHead h) {
        return Ascii.string(h.bytes, h.queryStart(), h.targetEnd - h.queryStart());
    }

    // --- Upgrade: noted while parsing, so requests without one never look it up

    @ParameterizedTest
    @ValueSource(strings = {"Upgrade: h2c\r\n", "upgrade: websocket\r\n", "UPGRADE: x\r\n"})
    void anUpgradeFieldIsNoted(String field) {
        assertThat(get(HOST + field).upgrade).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Upgrades: h2c\r\n", "X-Upgrade: h2c\r\n", "Connection: upgrade\r\n"})
    void noUpgradeFieldIsNoted(String field) {
        assertThat(get(HOST + field).upgrade).isFalse();
    }

    @Test
    void aReusedHeadForgetsTheUpgradeOfTheRequestBefore() {
        RequestHead h = get(HOST + "Upgrade: h2c\r\n");
        h.reset(16);

        assertThat(h.upgrade).isFalse();
    }

    // --- request line

    @ParameterizedTest
    @ValueSource(strings = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})
    void everyStandardMethodIsRecognized(String method) {
        RequestHead h = parse(method + " / HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isZero();
        assertThat(h.method).isEqualTo(Method.valueOf(method));
    }

    @ParameterizedTest
    @ValueSource(strings = {"FOO", "get", "Get", "PROPFIND"})
    void unknownMethodTokenIsNotImplemented(String method) {
        RequestHead h = parse(method + " / HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(501);
        assertThat(h.errorMessage).isEqualTo("Method not implemented: " + method);
    }

    @Test
    void unknownMethodIsQuotedAsAShortExcerpt() {
        RequestHead h = parse("X".repeat(5000) + " / HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(501);
        assertThat(h.errorMessage).isEqualTo("Method not implemented: " + "X".repeat(64) + "\u2026");
    }

    @Test
    void http2ConnectionPrefaceIsVersionNotSupported() {
        RequestHead h = parse("PRI * HTTP/2.0\r\n\r\n");

        assertThat(h.errorStatus).isEqualTo(505);
        assertThat(h.errorMessage).startsWith("HTTP/2 connection preface received");
    }

    @ParameterizedTest
    @ValueSource(strings = {"G(T / HTTP/1.1", "GE\"T / HTTP/1.1", " / HTTP/1.1", "GET\t/ HTTP/1.1"})
    void methodWithInvalidCharactersIsMalformedRequestLine(String line) {
        RequestHead h = parse(line + "\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Malformed request line");
    }

    @Test
    void originFormSplitsPathAndQuery() {
        RequestHead h = parse("GET /users/42?full=true&x=1 HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(target(h)).isEqualTo("/users/42?full=true&x=1");
        assertThat(path(h)).isEqualTo("/users/42");
        assertThat(query(h)).isEqualTo("full=true&x=1");
    }

    @Test
    void originFormWithoutQueryHasEmptyQuery() {
        RequestHead h = parse("GET /a/b HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(path(h)).isEqualTo("/a/b");
        assertThat(query(h)).isEmpty();
    }

    @Test
    void absoluteFormIsNarrowedToItsPathAndQuery() {
        RequestHead h = parse("GET http://example.com/users?id=1 HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(target(h)).isEqualTo("/users?id=1");
        assertThat(path(h)).isEqualTo("/users");
        assertThat(query(h)).isEqualTo("id=1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com", "ftp://example.com/a", "example.com/a", "http:/x/a", "users"})
    void targetThatIsNeitherOriginNorAbsoluteFormIsRejected(String uri) {
        RequestHead h = parse("GET " + uri + " HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Request target must start with '/'");
    }

    @Test
    void asteriskFormIsAcceptedForOptions() {
        RequestHead h = parse("OPTIONS * HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isZero();
        assertThat(path(h)).isEqualTo("*");
    }

    @Test
    void asteriskFormIsRejectedForGet() {
        RequestHead h = parse("GET * HTTP/1.1\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET /a#frag HTTP/1.1", "GET  / HTTP/1.1", "GET /\u00e9 HTTP/1.1", "GET /a\u0001 HTTP/1.1"})
    void targetWithInvalidCharactersIsRejected(String line) {
        RequestHead h = parse(line + "\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Malformed request target");
    }

    @Test
    void http11AndHttp10AreRecognized() {
        assertThat(parse("GET / HTTP/1.1\r\n" + HOST + "\r\n").http11).isTrue();
        assertThat(parse("GET / HTTP/1.0\r\n\r\n").http11).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3.0"})
    void otherWellFormedVersionsAreNotSupported(String version) {
        RequestHead h = parse("GET / " + version + "\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(505);
        assertThat(h.errorMessage).isEqualTo("HTTP version not supported: use HTTP/1.1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http/1.1", "HTTP/1.1 ", "HTTP/1.10", "HTTP/11", "HTTP/a.b", "HTTPS/1.1", "HTTP/1"})
    void malformedVersionIsBadRequest(String version) {
        RequestHead h = parse("GET / " + version + "\r\n" + HOST + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Malformed HTTP version");
    }

    // --- header fields

    @Test
    void headerOffsetsPointAtNameAndTrimmedValue() {
        RequestHead h = get(HOST + "X-A:  one two \t\r\nx-b:2\r\nX-Empty:\r\n");

        assertThat(h.headerCount).isEqualTo(4);
        assertThat(h.name(1)).isEqualTo("X-A");
        assertThat(h.value(1)).isEqualTo("one two");
        assertThat(h.name(2)).isEqualTo("x-b");
        assertThat(h.value(2)).isEqualTo("2");
        assertThat(h.value(3)).isEmpty();
    }

    @Test
    void findMatchesNamesCaseInsensitivelyInOrder() {
        RequestHead h = get(HOST + "Accept: a\r\nACCEPT: b\r\n");

        int first = h.find("accept", 0);
        assertThat(h.value(first)).isEqualTo("a");
        assertThat(h.value(h.find("accept", first + 1))).isEqualTo("b");
        assertThat(h.find("missing", 0)).isEqualTo(-1);
    }

    @Test
    void valueMayHoldTabsAndObsText() {
        RequestHead h = get(HOST + "X-A: a\tb\u00e9\r\n");

        assertThat(h.errorStatus).isZero();
        assertThat(h.value(1)).isEqualTo("a\tb\u00e9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"X-A: a\r\n b", "Host : x", ": x", "X(a): 1", "X-A: a\u0000b", "X-A"})
    void fieldLineGrammarViolationIsBadRequestQuotingTheLine(String field) {
        RequestHead h = get(HOST + field + "\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Malformed header line \"");
    }

    @Test
    void malformedHeaderMessageSaysWhatIsWrong() {
        RequestHead h = get("Host : x\r\n");

        assertThat(h.errorMessage).isEqualTo("Malformed header line \"Host : x\": whitespace before ':' in header name");
    }

    @Test
    void malformedHeaderMessageQuotesAShortExcerptOnly() {
        RequestHead h = get(HOST + "X-A: " + "a".repeat(10_000) + "\u0001\r\n");

        assertThat(h.errorMessage).hasSizeLessThan(140).contains("\u2026");
    }

    @Test
    void exactly128FieldsAreAccepted() {
        RequestHead h = get(HOST + "X: 1\r\n".repeat(127));

        assertThat(h.errorStatus).isZero();
        assertThat(h.headerCount).isEqualTo(128);
    }

    @Test
    void moreThan128FieldsAreTooMany() {
        RequestHead h = get(HOST + "X: 1\r\n".repeat(128));

        assertThat(h.errorStatus).isEqualTo(431);
        assertThat(h.errorMessage).isEqualTo("Too many header fields (limit 128)");
    }

    @Test
    void firstViolationIsTheOneReported() {
        RequestHead h = get(HOST + "Expect: x\r\nContent-Length: abc\r\n");

        assertThat(h.errorStatus).isEqualTo(417);
    }

    // --- framing (the rules themselves are in Http1GrammarTest)

    @Test
    void contentLengthIsParsed() {
        assertThat(get(HOST + "Content-Length: 42\r\n").contentLength).isEqualTo(42);
    }

    @Test
    void missingContentLengthIsMinusOne() {
        assertThat(get(HOST).contentLength).isEqualTo(-1);
    }

    @Test
    void chunkedIsRecognized() {
        assertThat(get(HOST + "Transfer-Encoding: chunked\r\n").chunked).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"Content-Length: 5\\r\\nContent-Length: 6|400", "Content-Length: x|400",
        "Content-Length: 99999999999999999999|413", "Transfer-Encoding: xchunked|400",
        "Transfer-Encoding: chunked, gzip|400", "Transfer-Encoding: gzip, chunked|501",
        "Content-Length: 3\\r\\nTransfer-Encoding: chunked|400"})
    void framingViolationIsAnsweredWithItsStatus(String fields, int status) {
        RequestHead h = get(HOST + fields.replace("\\r\\n", "\r\n") + "\r\n");

        assertThat(h.errorStatus).as(h.errorMessage).isEqualTo(status);
    }

    @Test
    void transferEncodingInHttp10IsRejected() {
        RequestHead h = parse("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).isEqualTo("Transfer-Encoding is not allowed in HTTP/1.0 requests");
    }

    // --- Connection, Host, Expect

    @Test
    void http11IsKeepAliveByDefault() {
        assertThat(get(HOST).keepAlive()).isTrue();
    }

    @Test
    void connectionCloseIsFoundAmongTokens() {
        RequestHead h = get(HOST + "Connection: Upgrade, CLOSE\r\n");

        assertThat(h.connectionClose).isTrue();
        assertThat(h.keepAlive()).isFalse();
    }

    @Test
    void connectionTokenThatOnlyContainsCloseIsNotClose() {
        RequestHead h = get(HOST + "Connection: xclose\r\n");

        assertThat(h.connectionClose).isFalse();
        assertThat(h.keepAlive()).isTrue();
    }

    @Test
    void http10IsCloseByDefault() {
        assertThat(parse("GET / HTTP/1.0\r\n\r\n").keepAlive()).isFalse();
    }

    @Test
    void http10WithKeepAliveStaysOpen() {
        RequestHead h = parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n");

        assertThat(h.connectionKeepAlive).isTrue();
        assertThat(h.keepAlive()).isTrue();
    }

    @Test
    void missingHostInHttp11IsRejected() {
        RequestHead h = get("Accept: */*\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).isEqualTo("Missing Host header: HTTP/1.1 requests must send one");
    }

    @Test
    void missingHostInHttp10IsAccepted() {
        assertThat(parse("GET / HTTP/1.0\r\n\r\n").errorStatus).isZero();
    }

    @Test
    void twoHostHeadersAreRejected() {
        RequestHead h = get(HOST + "host: y\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).isEqualTo("Multiple Host headers: send exactly one");
    }

    @Test
    void invalidHostIsRejected() {
        RequestHead h = get("Host: user@example.com\r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).isEqualTo("Invalid Host header \"user@example.com\": expected host[:port]");
    }

    @Test
    void emptyHostIsRejected() {
        RequestHead h = get("Host: \r\n");

        assertThat(h.errorStatus).isEqualTo(400);
        assertThat(h.errorMessage).startsWith("Empty Host header");
    }

    @Test
    void expect100ContinueIsRecognized() {
        assertThat(get(HOST + "Expect: 100-Continue\r\n").expectContinue).isTrue();
        assertThat(get(HOST).expectContinue).isFalse();
    }

    @Test
    void expect100ContinueIsIgnoredInHttp10() {
        RequestHead h = parse("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n");

        assertThat(h.errorStatus).isZero();
        assertThat(h.expectContinue).isFalse();
    }

    @Test
    void otherExpectationIsRejected() {
        RequestHead h = get(HOST + "Expect: something\r\n");

        assertThat(h.errorStatus).isEqualTo(417);
        assertThat(h.errorMessage).isEqualTo("Expectation not supported: only 100-continue is");
    }

    @Test
    void resetClearsEveryFlagForReuse() {
        RequestHead h = get(HOST + "Content-Length: 1\r\nExpect: 100-continue\r\nConnection: close\r\n");

        h.reset(10);

        assertThat(h.contentLength).isEqualTo(-1);
        assertThat(h.expectContinue || h.connectionClose || h.chunked).isFalse();
        assertThat(h.headerCount).isZero();
    }
}
