package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every parameter source, conversion and result kind, through the generated {@code Kitchen$Routes}. */
class GeneratedConversionsTest {
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(Fixtures.KITCHEN);
        assertThat(compilation.errors()).isEmpty();
        client = TestClient.start(Server.builder()
                .routes(GeneratedRoutesTest.Generated.routes(compilation.loader(), "app.Kitchen")));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void emptyMethodPathWithoutPrefixIsRoot() {
        assertThat(client.get("/").text()).isEqualTo("root");
    }

    @Test
    void uuidPathParameter() {
        assertThat(client.get("/uuid/123e4567-e89b-12d3-a456-426614174000").text())
                .isEqualTo("123e4567-e89b-12d3-a456-426614174000");
        assertThat(client.get("/uuid/nope").text()).isEqualTo("path parameter 'id' must be a UUID, got 'nope'");
    }

    @Test
    void enumsByConstantName() {
        assertThat(client.get("/color/RED?other=GREEN").text()).isEqualTo("RED/GREEN");
        assertThat(client.get("/color/GREEN").text()).isEqualTo("GREEN/-");
        assertThat(client.get("/color/RED?other=blue").text())
                .isEqualTo("query parameter 'other' must be one of RED, GREEN, got 'blue'");
    }

    @Test
    void primitivesAndBoxes() {
        assertThat(client.get("/numbers?i=1&l=2&d=3.5&b=TRUE&c=x&s=-4&y=5&f=6.25").text())
                .isEqualTo("1 2 3.5 true x -4 5 6.25");
    }

    @Test
    void eachConversionFailureNamesItsParameter() {
        String base = "/numbers?i=1&l=2&d=3.5&b=true&c=x&s=4&y=5&f=6";
        assertThat(client.get(base.replace("b=true", "b=yes")).text())
                .isEqualTo("query parameter 'b' must be true or false, got 'yes'");
        assertThat(client.get(base.replace("c=x", "c=xy")).text())
                .isEqualTo("query parameter 'c' must be a single character, got 'xy'");
        assertThat(client.get(base.replace("y=5", "y=300")).text())
                .isEqualTo("query parameter 'y' must be an integer in -128..127, got '300'");
        assertThat(client.get(base.replace("d=3.5", "d=pi")).text())
                .isEqualTo("query parameter 'd' must be a number, got 'pi'");
    }

    @Test
    void repeatedQueryParametersAsLists() {
        assertThat(client.get("/tags?tag=a&n=1&tag=b&n=2").text()).isEqualTo("[a, b] [1, 2]");
        assertThat(client.get("/tags").text()).isEqualTo("[] []");
        assertThat(client.get("/tags?n=1&n=x").status()).isEqualTo(400);
    }

    @Test
    void headersAndCookies() {
        TestResponse res = client.request("GET", "/headers", Map.of("X-Id", "123e4567-e89b-12d3-a456-426614174000",
                "X-Tag", "t1", "Cookie", "session=s1; other=o"), null);

        assertThat(res.text()).isEqualTo("123e4567-e89b-12d3-a456-426614174000 [t1] - s1");
    }

    @Test
    void missingHeaderIs400() {
        TestResponse res = client.request("GET", "/headers", Map.of("Cookie", "session=s1"), null);

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("header 'X-Id' is required");
    }

    @Test
    void catchAllPathParameter() {
        assertThat(client.get("/files/a/b.txt").text()).isEqualTo("a/b.txt");
    }

    @Test
    void textBytesAndBufferBodies() {
        assertThat(client.request("POST", "/echo/text", Map.of(), "hi").text()).isEqualTo("HI");
        assertThat(client.request("PUT", "/echo/bytes", Map.of(), "abc").text()).isEqualTo("cba");
        TestResponse buffer = client.request("PATCH", "/echo/buffer", Map.of(), "raw");
        assertThat(buffer.text()).isEqualTo("raw");
        assertThat(buffer.header("Content-Type")).isEqualTo("application/octet-stream");
    }

    @Test
    void voidWithResponseSendsItself() {
        TestResponse res = client.get("/self");

        assertThat(res.text()).isEqualTo("self");
        assertThat(res.header("X-Path")).isEqualTo("/self");
    }

    @Test
    void voidWithoutResponseIs204OrItsStatus() {
        assertThat(client.request("POST", "/fire", Map.of(), null).status()).isEqualTo(204);
        assertThat(client.request("POST", "/accept", Map.of(), null).status()).isEqualTo(202);
    }

    @Test
    void headAndOptionsRoutes() {
        assertThat(client.request("HEAD", "/probe", Map.of(), null).header("X-Probe")).isEqualTo("yes");
        assertThat(client.request("OPTIONS", "/probe", Map.of(), null).header("Allow")).isEqualTo("HEAD, OPTIONS");
    }

    @Test
    void completionStageOfText() {
        TestResponse res = client.get("/later");

        assertThat(res.text()).isEqualTo("later");
        assertThat(res.header("Content-Type")).startsWith("text/plain");
    }

    @Test
    void staticMethodAndTwoMethodsOnOneJavaMethod() {
        assertThat(client.get("/static").text()).isEqualTo("static");
        assertThat(client.get("/twice").text()).isEqualTo("GET");
        assertThat(client.request("POST", "/twice", Map.of(), null).text()).isEqualTo("POST");
    }
}
