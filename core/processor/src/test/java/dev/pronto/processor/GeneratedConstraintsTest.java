package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.json.ProntoJson;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each supported constraint through the generated {@code Samples$Sample$Validator}: a body valid at
 * every boundary passes, and changing one component to a breaking value yields exactly its error.
 */
class GeneratedConstraintsTest {
    /** Every component at the edge of what its constraint accepts. */
    private static final Map<String, String> BOUNDARY = new LinkedHashMap<>();
    private static TestClient client;

    static {
        String[] pairs = {"notNull", "\"x\"", "notBlank", "\"x\"", "notEmpty", "[\"a\"]", "map", "{\"k\":\"v\"}",
            "size", "\"ab\"", "sizedArray", "[1,2]", "min", "1", "max", "10", "decimalMin", "0.5", "decimalMax", "9.49",
            "integralDecimalMin", "2", "positive", "1", "positiveOrZero", "0", "negative", "-1", "negativeOrZero", "0",
            "pattern", "\"AbC\"", "email", "\"a.b+c@mail.example.org\"", "assertTrue", "true", "assertFalse", "false",
            "past", "\"2000-01-01\"", "future", "\"2999-01-01T00:00:00Z\"", "custom", "\"ab\""};
        for (int i = 0; i < pairs.length; i += 2) {
            BOUNDARY.put(pairs[i], pairs[i + 1]);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(ValidationFixtures.SAMPLES);
        assertThat(compilation.errors()).isEmpty();
        ClassLoader loader = compilation.loader();
        client = TestClient.start(Server.builder()
                .routes(GeneratedRoutesTest.Generated.routes(loader, "app.Samples"))
                .json(ProntoJson.create((Configuration) GeneratedRoutesTest.Generated.instance(loader, "app.JsonConfig"))));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void everyConstraintPassesAtItsBoundary() {
        TestResponse res = post(Map.of());

        assertThat(res.text()).isEqualTo("ok");
        assertThat(res.status()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            size               | "abc"
            size               | null
            sizedArray         | []
            max                | null
            decimalMax         | -100
            integralDecimalMin | 1000
            positiveOrZero     | 0.5
            negative           | -99999999999999999999
            pattern            | null
            email              | ""
            email              | "ada@localhost"
            assertFalse        | null
            past               | null
            """)
    void otherAcceptedValuesPass(String field, String json) {
        assertThat(post(Map.of(field, json)).text()).isEqualTo("ok");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            notNull            | null                    | must not be null
            mustBeNull         | "x"                     | must be null
            notBlank           | " "                     | must not be blank
            notBlank           | null                    | must not be blank
            notEmpty           | []                      | must not be empty
            map                | {}                      | must not be empty
            size               | "a"                     | size must be between 2 and 3
            size               | "abcd"                  | size must be between 2 and 3
            sizedArray         | [1,2,3]                 | size must be between 0 and 2
            min                | 0                       | must be greater than or equal to 1
            max                | 11                      | must be less than or equal to 10
            decimalMin         | 0.49                    | must be greater than or equal to 0.5
            decimalMax         | 9.5                     | must be less than 9.5
            integralDecimalMin | 1                       | must be greater than or equal to 1.5
            positive           | 0                       | must be greater than 0
            positiveOrZero     | -0.5                    | must be greater than or equal to 0
            negative           | 0                       | must be less than 0
            negativeOrZero     | 1                       | must be less than or equal to 0
            pattern            | "ab1"                   | must match "[a-z]+"
            email              | "ada"                   | must be a well-formed email address
            email              | "ada@x@y"               | must be a well-formed email address
            email              | "ada@-x.org"            | must be a well-formed email address
            assertTrue         | false                   | must be true
            assertFalse        | true                    | must be false
            past               | "2999-01-01"            | must be a past date
            future             | "2000-01-01T00:00:00Z"  | must be a date in the present or in the future
            custom             | "a"                     | needs 2 or more
            """)
    void breakingValueFailsWithItsMessage(String field, String json, String message) {
        TestResponse res = post(Map.of(field, json));

        assertThat(res.status()).isEqualTo(400);
        assertThat(res.text()).isEqualTo("Invalid request: body." + field + " " + message);
    }

    /** Posts the boundary body with {@code changes} applied. */
    private static TestResponse post(Map<String, String> changes) {
        Map<String, String> values = new LinkedHashMap<>(BOUNDARY);
        values.putAll(changes);
        String json = values.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{", "}"));
        return client.request("POST", "/samples", Map.of("Content-Type", "application/json"), json);
    }
}
