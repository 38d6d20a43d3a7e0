package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.OpenApi;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document the processor wrote for the arena's controllers: equal to the checked-in
 * {@code openapi/arena.json}, and valid OpenAPI 3.1 for swagger-parser. After an intended change,
 * copy {@code target/classes/META-INF/pronto/openapi.json} over the expected file and review the diff.
 */
class ArenaOpenApiTest {
    /** The generated document, as the arena's class path holds it. */
    static String generated() {
        return resource(OpenApi.RESOURCE);
    }

    private static String resource(String name) {
        try (InputStream in = ArenaOpenApiTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void generatedDocumentIsTheCheckedInOne() {
        assertThat(generated()).isEqualTo(resource("openapi/arena.json"));
    }

    @Test
    void generatedDocumentIsValidOpenApi31() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(generated(), null, options);
        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
        assertThat(result.getOpenAPI().getPaths()).containsKeys("/crud/items", "/crud/items/{id}", "/json", "/json/{count}");
    }
}
