package dev.pronto.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The RFC 9112 grammar the server and the client share: versions, field lines, list tokens and
 * the framing rules. Both heads parse through these methods, so these cases hold for both sides;
 * their own tests only show that each side reports a violation.
 */
class Http1GrammarTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Runs a field line (with its CRLF) through the grammar: 0 when valid, else the code. */
    private static int fieldLine(String line) {
        byte[] b = bytes(line);
        long f = Http1Grammar.fieldLine(b, 0);
        return f < 0 ? (int) f : 0;
    }

    /** Folds {@code fields} ("Name: value" each) into a fresh Framing, as both head parsers do. */
    private static Framing framing(String... fields) {
        Framing f = new Framing();
        f.reset();
        for (String field : fields) {
            byte[] b = bytes(field + "\r\n");
            int colon = Http1Grammar.fieldName(b, 0);
            int vs = Http1Grammar.skipWhitespace(b, colon + 1, b.length - 2);
            int ve = Http1Grammar.trimEnd(b, vs, b.length - 2);
            if (!f.field(b, 0, colon, vs, ve)) {
                return f;
            }
        }
        f.complete();
        return f;
    }

    // --- versions (§2.3)

    @ParameterizedTest
    @CsvSource({"HTTP/1.1,11", "HTTP/1.0,10", "HTTP/1.7,-6", "HTTP/2.0,-6", "HTTP/0.9,-6", "http/1.1,-7",
        "HTTP/1.a,-7", "HTTPS/1.1,-7", "HTTP/11 ,-7", "HTTP/1,-7"})
    void versionIsHttpDigitDotDigitAndOnly10And11AreSupported(String version, int expected) {
        byte[] b = bytes(version);

        assertThat(Http1Grammar.version(b, 0, b.length)).isEqualTo(expected);
    }

    // --- field lines (§5)

    @ParameterizedTest
    @ValueSource(strings = {"Host: x\r\n", "X-A:  one two \t\r\n", "x-b:2\r\n", "X-Empty:\r\n", "X-A: a\tb\u00e9\r\n",
        "!#$%&'*+-.^_`|~09aZ: v\r\n"})
    void validFieldLinesPass(String line) {
        assertThat(fieldLine(line)).isZero();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"' b'|-1", "'\tb'|-1", ": x|-2", "Host : x|-3", "Host\t: x|-3", "X(a): 1|-4",
        "X\"a: 1|-4", "X/A: 1|-4", "X-A|-4", "X\u00e9: 1|-4"})
    void malformedFieldNamesAreRejected(String line, int code) {
        assertThat(fieldLine(line + "\r\n")).isEqualTo(code);
    }

    @ParameterizedTest
    @ValueSource(ints = {0x00, 0x01, 0x08, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x1F, 0x7F})
    void controlCharacterInValueIsRejected(int c) {
        assertThat(fieldLine("X-A: a" + (char) c + "b\r\n")).isEqualTo(Http1Grammar.BAD_VALUE);
    }

    @Test
    void aByteIsCheckedAtEveryOffsetOfALongValue() {
        // Values past eight bytes are scanned a word at a time: a control at any offset of any word is still found,
        // and every byte the grammar allows (HTAB, obs-text, the byte right after DEL) passes at any offset.
        for (int at = 0; at < 40; at++) {
            for (int c : new int[] {0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xFF}) {
                StringBuilder value = new StringBuilder("v".repeat(40));
                value.setCharAt(at, (char) c);
                boolean allowed = c == 0x09 || c >= 0x80;
                assertThat(fieldLine("X-Long: " + value + "\r\n"))
                        .as("byte 0x%02x at %d", c, at)
                        .isEqualTo(allowed ? 0 : Http1Grammar.BAD_VALUE);
            }
        }
    }

    @Test
    void aLongValueEndsAtItsCr() {
        byte[] b = bytes("X-Long: " + "0123456789".repeat(5) + "\r\nNext: x\r\n\r\n");
        long f = Http1Grammar.fieldLine(b, 0);
        assertThat(Http1Grammar.cr(f)).isEqualTo(58);
    }

    @Test
    void aValidFieldLineGivesWhereItsNameAndValueEnd() {
        long f = Http1Grammar.fieldLine(bytes("Host: a\r\n"), 0);

        assertThat(Http1Grammar.colon(f)).isEqualTo(4);
        assertThat(Http1Grammar.cr(f)).isEqualTo(7);
    }

    @Test
    void everyCodeHasADescription() {
        assertThat(Http1Grammar.describe(Http1Grammar.SPACE_BEFORE_COLON)).isEqualTo("whitespace before ':' in header name");
        assertThat(Http1Grammar.describe(Http1Grammar.OBS_FOLD)).startsWith("obsolete line folding");
    }

    // --- list tokens (RFC 9110 §5.6.1)

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"close|true", "Close|true", "keep-alive, close|true", " ,CLOSE ,|true",
        "xclose|false", "closed|false", "close-ish|false", "keep-alive|false", "\"close\"|false"})
    void tokensMatchWholeListElementsIgnoringCase(String value, boolean close) {
        byte[] b = bytes(value);

        assertThat(Http1Grammar.hasToken(b, 0, b.length, Ascii.bytes("close"))).isEqualTo(close);
    }

    @Test
    void connectionCollectsCloseAndKeepAlive() {
        Framing f = framing("Connection: keep-alive, Upgrade", "connection: CLOSE");

        assertThat(f.close()).isTrue();
        assertThat(f.keepAlive()).isTrue();
    }

    // --- Content-Length (§6.3)

    @ParameterizedTest
    @CsvSource({"0,0", "42,42", "007,7", "999999999999999999,999999999999999999"})
    void contentLengthIsDecimal(String value, long expected) {
        Framing f = framing("Content-Length: " + value);

        assertThat(f.errorStatus()).isZero();
        assertThat(f.contentLength()).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "-1", "1 2", "+1", "1,1", "0x10", "", "1.0"})
    void malformedContentLengthIsBadRequest(String value) {
        Framing f = framing("Content-Length: " + value);

        assertThat(f.errorStatus()).isEqualTo(400);
        assertThat(f.errorMessage()).startsWith("Invalid Content-Length \"").endsWith("\": expected a decimal byte count");
    }

    @Test
    void contentLengthOfMoreThan18DigitsIsTooLarge() {
        assertThat(framing("Content-Length: 9999999999999999999").errorStatus()).isEqualTo(413);
    }

    @Test
    void repeatedEqualContentLengthIsOne() {
        Framing f = framing("Content-Length: 5", "content-length: 05");

        assertThat(f.errorStatus()).isZero();
        assertThat(f.contentLength()).isEqualTo(5);
    }

    @Test
    void conflictingContentLengthsAreRejected() {
        Framing f = framing("Content-Length: 5", "Content-Length: 6");

        assertThat(f.errorStatus()).isEqualTo(400);
        assertThat(f.errorMessage()).startsWith("Conflicting Content-Length headers");
    }

    // --- Transfer-Encoding (§6.1, §7)

    @ParameterizedTest
    @ValueSource(strings = {"chunked", "Chunked", "CHUNKED", "chunked,", " , chunked"})
    void chunkedAloneIsChunked(String value) {
        Framing f = framing("Transfer-Encoding: " + value);

        assertThat(f.errorStatus()).isZero();
        assertThat(f.chunked()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"xchunked", "chunkedx", "chunked, gzip", "gzip", "identity", "chunked;x=1", "", " , ",
        "chunked, chunked", "chunked gzip"})
    void listThatDoesNotEndInOneChunkedIsBadRequest(String value) {
        Framing f = framing("Transfer-Encoding: " + value);

        assertThat(f.errorStatus()).as(f.errorMessage()).isEqualTo(400);
        assertThat(f.errorMessage()).containsAnyOf("Transfer-Encoding", "transfer coding");
    }

    @Test
    void chunkedFollowedByAnotherCodingInALaterFieldIsBadRequest() {
        assertThat(framing("Transfer-Encoding: chunked", "Transfer-Encoding: gzip").errorStatus()).isEqualTo(400);
    }

    @Test
    void chunkedInTwoFieldsIsRepeated() {
        Framing f = framing("Transfer-Encoding: chunked", "Transfer-Encoding: chunked");

        assertThat(f.errorMessage()).isEqualTo("Repeated transfer coding: 'chunked' must appear once");
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip, chunked", "deflate,chunked"})
    void otherCodingBeforeChunkedIsNotImplemented(String value) {
        Framing f = framing("Transfer-Encoding: " + value);

        assertThat(f.errorStatus()).isEqualTo(501);
        assertThat(f.errorMessage()).isEqualTo("Unsupported Transfer-Encoding: only 'chunked' is accepted");
    }

    @Test
    void transferEncodingWithContentLengthIsBadRequest() {
        Framing f = framing("Content-Length: 3", "Transfer-Encoding: chunked");

        assertThat(f.errorStatus()).isEqualTo(400);
        assertThat(f.errorMessage()).startsWith("Both Content-Length and Transfer-Encoding");
    }

    @Test
    void resetForgetsThePreviousMessage() {
        Framing f = framing("Content-Length: 5", "Connection: close");

        f.reset();

        assertThat(f.contentLength()).isEqualTo(-1);
        assertThat(f.close() || f.chunked() || f.errorStatus() != 0).isFalse();
    }
}
