package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import dev.pronto.core.ErrorFormat;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.json.ProntoJson;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The {@code Shop} controller: constrained bodies and parameters, rejected as one RFC 9457 problem. */
class GeneratedValidationTest {
    private static final String VALID_ORDER = "{\"name\":\"ada\",\"accepted\":true,"
            + "\"items\":[{\"sku\":\"a-1\",\"price\":0.01,\"quantity\":1}],"
            + "\"customer\":{\"name\":\"Ada\",\"email\":\"ada@example.com\"}}";
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(ValidationFixtures.SHOP);
        assertThat(compilation.errors()).isEmpty();
        ClassLoader loader = compilation.loader();
        client = TestClient.start(Server.builder()
                .errorFormat(ErrorFormat.PROBLEM_JSON)
                .routes(GeneratedRoutesTest.Generated.routes(loader, "app.Shop"))
                .json(ProntoJson.create((Configuration) GeneratedRoutesTest.Generated.instance(loader, "app.JsonConfig"))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void validOrderReachesTheController() {
        TestResponse res = post(VALID_ORDER);

        assertThat(res.status()).isEqualTo(201);
        assertThat(res.text()).isEqualTo("created ada");
    }

    @Test
    void everyBrokenFieldIsListedInOneProblemDocument() {
        TestResponse res = post("{\"name\":\" \",\"accepted\":false,\"items\":[{\"sku\":\"a\",\"price\":1,\"quantity\":1},"
                + "{\"sku\":\"\",\"price\":0,\"quantity\":0}],\"customer\":{\"email\":\"ada@\"}}");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(res.text()).isEqualTo("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                + "\"detail\":\"Invalid request: body.name must not be blank; body.items[1].sku must not be blank; "
                + "body.items[1].price must be greater than or equal to 0.01; body.items[1].quantity must be greater than 0; "
                + "body.customer.name must not be null; body.customer.email must be a well-formed email address; "
                + "body.accepted terms must be accepted\","
                + "\"errors\":[{\"field\":\"body.name\",\"message\":\"must not be blank\"},"
                + "{\"field\":\"body.items[1].sku\",\"message\":\"must not be blank\"},"
                + "{\"field\":\"body.items[1].price\",\"message\":\"must be greater than or equal to 0.01\"},"
                + "{\"field\":\"body.items[1].quantity\",\"message\":\"must be greater than 0\"},"
                + "{\"field\":\"body.customer.name\",\"message\":\"must not be null\"},"
                + "{\"field\":\"body.customer.email\",\"message\":\"must be a well-formed email address\"},"
                + "{\"field\":\"body.accepted\",\"message\":\"terms must be accepted\"}]}");
    }

    @Test
    void aNullElementIsRefusedAsTheSchemasItemsAre() {
        TestResponse res = post("{\"name\":\"ada\",\"accepted\":true,\"items\":[null]}");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).contains("{\"field\":\"body.items\",\"message\":\"must not contain null\"}");
    }

    @Test
    void emptyListAndAbsentNestedRecord() {
        TestResponse res = post("{\"name\":\"ada\",\"accepted\":true,\"items\":[]}");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).endsWith("\"errors\":[{\"field\":\"body.items\",\"message\":\"must not be empty\"}]}");
    }

    @Test
    void jsonBodyWithANonJsonContentTypeIs415() {
        TestResponse res = client.request("POST", "/shop/orders", Map.of("Content-Type", "text/plain"), VALID_ORDER);

        assertThat(res.status()).isEqualTo(415);
        assertThat(res.text()).contains("Content-Type must be application/json, got 'text/plain'");
    }

    @Test
    void jsonBodyWithoutContentTypeIsAccepted() {
        assertThat(client.request("POST", "/shop/orders", Map.of(), VALID_ORDER).status()).isEqualTo(201);
    }

    @Test
    void queryLimitWithinMinAndMax() {
        assertThat(client.get("/shop/items?limit=1").text()).isEqualTo("1 - -");
        assertThat(client.get("/shop/items?limit=50").text()).isEqualTo("50 - -");
    }

    @Test
    void queryLimitBelowMinAndAboveMax() {
        assertThat(errors(client.get("/shop/items?limit=0")))
                .isEqualTo("[{\"field\":\"query.limit\",\"message\":\"must be greater than or equal to 1\"}]");
        assertThat(errors(client.get("/shop/items?limit=51")))
                .isEqualTo("[{\"field\":\"query.limit\",\"message\":\"must be less than or equal to 50\"}]");
    }

    @Test
    void optionalQueryIsCheckedOnlyWhenPresent() {
        assertThat(client.get("/shop/items?limit=5&q=ab").text()).isEqualTo("5 ab -");
        assertThat(errors(client.get("/shop/items?limit=5&q=a")))
                .isEqualTo("[{\"field\":\"query.q\",\"message\":\"size must be between 2 and 2147483647\"}]");
    }

    @Test
    void parametersFromEverySourceAreCollectedTogether() {
        TestResponse res = client.request("GET", "/shop/items?limit=99&q=x", Map.of("X-Id", "XYZ"), null);

        assertThat(errors(res)).isEqualTo("[{\"field\":\"query.limit\",\"message\":\"must be less than or equal to 50\"},"
                + "{\"field\":\"query.q\",\"message\":\"size must be between 2 and 2147483647\"},"
                + "{\"field\":\"header.X-Id\",\"message\":\"must match \\\"[0-9a-f]{8}\\\"\"}]");
    }

    @Test
    void headerMatchingPatternPasses() {
        TestResponse res = client.request("GET", "/shop/items?limit=2", Map.of("X-Id", "0badcafe"), null);

        assertThat(res.text()).isEqualTo("2 - 0badcafe");
    }

    @Test
    void pathAndCookieConstraints() {
        assertThat(client.request("GET", "/shop/items/7", Map.of("Cookie", "session=s1"), null).text()).isEqualTo("7 s1");
        TestResponse res = client.request("GET", "/shop/items/0", Map.of("Cookie", "session=s"), null);

        assertThat(errors(res)).isEqualTo("[{\"field\":\"path.id\",\"message\":\"must be greater than 0\"},"
                + "{\"field\":\"cookie.session\",\"message\":\"size must be between 2 and 2147483647\"}]");
    }

    @Test
    void valueThatDoesNotConvertIsStillAPlain400() {
        TestResponse res = client.get("/shop/items?limit=ten");

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                + "\"detail\":\"query parameter 'limit' must be an integer, got 'ten'\"}");
    }

    private static TestResponse post(String json) {
        return client.request("POST", "/shop/orders", Map.of("Content-Type", "application/json"), json);
    }

    /** The {@code errors} member of a 400 problem document. */
    private static String errors(TestResponse res) {
        assertThat(res.status()).isEqualTo(400);
        String text = res.text();
        return text.substring(text.indexOf("\"errors\":") + 9, text.length() - 1);
    }
}
