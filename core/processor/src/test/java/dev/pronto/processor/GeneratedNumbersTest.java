package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import dev.pronto.core.ErrorFormat;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.json.ProntoJson;
import dev.pronto.processor.GeneratedRoutesTest.Generated;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** No string-to-number coercion: a quoted number where the document says integer or number is a 400 naming it. */
class GeneratedNumbersTest {
    private static final String SOURCE = """
            package app;

            import com.dslplatform.json.CompiledJson;
            import dev.pronto.core.annotation.*;
            import java.math.BigDecimal;
            import java.util.List;
            import java.util.Map;

            @Path("/n")
            public final class Numbers {
                @CompiledJson
                public record Line(String sku, int quantity) {
                }

                @CompiledJson
                public record Order(String name, int count, long id, double ratio, Integer boxed, BigDecimal price,
                                    List<Line> lines, Map<String, Long> stock, List<String> notes) {
                }

                @CompiledJson
                public record Text(String name) {
                }

                @Post
                String order(@Body Order order) {
                    return order.name() + ":" + order.count() + ":" + order.id();
                }

                @Post("/text")
                String text(@Body Text text) {
                    return text.name();
                }
            }
            """;
    private static final String VALID = "{\"name\":\"7\",\"count\":1,\"id\":2,\"ratio\":0.5,\"boxed\":3,"
            + "\"price\":4.5,\"lines\":[{\"sku\":\"9\",\"quantity\":1}],\"stock\":{\"a\":1},\"notes\":[\"1\"]}";
    private static TestClient client;

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(SOURCE);
        assertThat(compilation.errors()).isEmpty();
        ClassLoader loader = compilation.loader();
        client = TestClient.start(Server.builder().errorFormat(ErrorFormat.PROBLEM_JSON)
                .routes(Generated.routes(loader, "app.Numbers"))
                .json(ProntoJson.create((Configuration) Generated.instance(loader, "app.JsonConfig"))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void numbersAndNumericLookingStringsInStringPropertiesAreAccepted() {
        TestResponse res = post("/n", VALID);

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("7:1:2");
    }

    @Test
    void aQuotedIntIsRefusedNamingTheProperty() {
        assertRefused(VALID.replace("\"count\":1", "\"count\":\"3\""), "body.count");
    }

    @Test
    void aQuotedLongIsRefused() {
        assertRefused(VALID.replace("\"id\":2", "\"id\":\"2\""), "body.id");
    }

    @Test
    void aQuotedDoubleIsRefused() {
        assertRefused(VALID.replace("\"ratio\":0.5", "\"ratio\":\"0.5\""), "body.ratio");
    }

    @Test
    void aQuotedBoxedIntegerIsRefused() {
        assertRefused(VALID.replace("\"boxed\":3", "\"boxed\":\"3\""), "body.boxed");
    }

    @Test
    void aQuotedBigDecimalIsRefused() {
        assertRefused(VALID.replace("\"price\":4.5", "\"price\":\"4.5\""), "body.price");
    }

    @Test
    void aQuotedNumberInANestedRecordOfAListIsRefusedWithItsPath() {
        assertRefused(VALID.replace("\"quantity\":1", "\"quantity\":\"1\""), "body.lines[0].quantity");
    }

    @Test
    void aQuotedMapValueIsRefused() {
        assertRefused(VALID.replace("\"a\":1", "\"a\":\"1\""), "body.stock.a");
    }

    @Test
    void anIntegralDecimalStillReadsAsAnInteger() {
        TestResponse res = post("/n", VALID.replace("\"count\":1", "\"count\":10021.0"));

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("7:10021:2");
    }

    @Test
    void aTypeWithoutNumbersIsNotChecked() {
        TestResponse res = post("/n/text", "{\"name\":\"3\"}");

        assertThat(res.status()).isEqualTo(200);
        assertThat(res.text()).isEqualTo("3");
    }

    private static void assertRefused(String body, String field) {
        TestResponse res = post("/n", body);

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.header("Content-Type")).startsWith("application/problem+json");
        assertThat(res.text()).contains("\"field\":\"" + field + "\"", "must be a number");
    }

    private static TestResponse post(String path, String body) {
        return client.request("POST", path, Map.of("Content-Type", "application/json"), body);
    }
}
