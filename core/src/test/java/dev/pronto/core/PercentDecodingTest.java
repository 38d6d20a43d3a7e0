package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one decoder of path parameters, query parameters and url-encoded form values: percent-decoding then
 * UTF-8, in a form whether the client escaped the bytes or sent them raw (a request target must be ASCII,
 * RFC 9112 §3.2 and RFC 9113 §8.3.1, so raw bytes there are a 400 before any decoding); malformed UTF-8 is
 * a 400 in all three places.
 */
class PercentDecodingTest {
    private static final TestClient CLIENT = TestClient.start(server());
    private static final TestClient H2 = TestClient.start(server(), TestClient.Protocol.H2C);

    private static Server.Builder server() {
        return Server.builder().routes(r -> r
                .get("/p/{name}", (req, res) -> res.send(req.param("name")))
                .get("/q", (req, res) -> res.send(req.query("name")))
                .post("/f", (req, res) -> res.send(req.form().value("name"))));
    }

    @AfterAll
    static void stop() {
        CLIENT.close();
        H2.close();
    }

    /** Sends {@code place}'s request carrying {@code value} byte for byte (raw bytes or escapes). */
    private static TestResponse send(String place, String value) {
        return switch (place) {
            case "path" -> H2.get("/p/" + value);
            case "query" -> H2.get("/q?name=" + value);
            default -> CLIENT.send("POST /f HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: " + (value.length() + 5) + "\r\n\r\nname=" + value);
        };
    }

    /** The UTF-8 bytes of {@code text} as one char per byte, which is how {@link TestClient#send} writes them. */
    private static String rawUtf8(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Test
    void rawUtf8InAFormValueIsDecodedAsUtf8() {
        TestResponse res = send("form", rawUtf8("Jos\u00e9"));

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("Jos\u00e9");
    }

    @Test
    void rawAndEscapedBytesMixInAFormValue() {
        assertThat(send("form", rawUtf8("\u65e5") + "%E6%9C%AC-" + rawUtf8("\u00e9")).text()).isEqualTo("\u65e5\u672c-\u00e9");
    }

    @Test
    void aLoneIso88591ByteInAFormValueIsBadRequest() {
        assertThat(send("form", "Jos\u00e9").status()).isEqualTo(400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"path", "query", "form"})
    void escapedUtf8IsDecodedAsUtf8(String place) {
        assertThat(send(place, "Jos%C3%A9").text()).isEqualTo("Jos\u00e9");
    }

    @ParameterizedTest
    @ValueSource(strings = {"path", "query", "form"})
    void escapedFourByteUtf8IsOneCodePoint(String place) {
        assertThat(send(place, "%F0%9F%98%80x").text()).isEqualTo("\ud83d\ude00x");
    }

    @ParameterizedTest
    @ValueSource(strings = {"path", "query", "form"})
    void malformedUtf8IsBadRequest(String place) {
        assertThat(send(place, "Jos%C3").status()).isEqualTo(400);          // truncated sequence
        assertThat(send(place, "Jos%E9").status()).isEqualTo(400);          // ISO-8859-1 escaped
        assertThat(send(place, "%C0%AF").status()).isEqualTo(400);          // overlong '/'
        assertThat(send(place, "%ED%A0%80").status()).isEqualTo(400);       // an encoded surrogate
    }

    @Test
    void rawBytesInARequestTargetAreBadRequest() {
        assertThat(CLIENT.send("GET /q?name=" + rawUtf8("Jos\u00e9") + " HTTP/1.1\r\nHost: x\r\n\r\n").status()).isEqualTo(400);
        assertThat(send("query", rawUtf8("Jos\u00e9")).status()).isEqualTo(400);
        assertThat(send("path", rawUtf8("Jos\u00e9")).status()).isEqualTo(400);
    }

    @Test
    void plusIsASpaceInQueriesAndFormsOnly() {
        assertThat(send("query", "a+b").text()).isEqualTo("a b");
        assertThat(send("form", "a+b").text()).isEqualTo("a b");
        assertThat(send("path", "a+b").text()).isEqualTo("a+b");
    }
}
