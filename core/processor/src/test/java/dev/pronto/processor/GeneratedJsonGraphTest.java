package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import com.dslplatform.json.Configuration;
import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.JsonCodec;
import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import dev.pronto.core.testing.TestResponse;
import dev.pronto.json.ProntoJson;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Public records holding records (the issue's {@code Page(List<Item>)}, and a record, an optional, a
 * map, a set and a list of records, a list of enums, three levels deep) answer 200 through the server,
 * {@link TestClient} and the generated typed client, whichever order their converters were registered
 * in. DSL-JSON's converters of public records look up the converters they hold when they are built.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GeneratedJsonGraphTest {
    private static final String ITEM = "{\"id\":1,\"name\":\"pen\",\"kind\":\"PEN\"}";
    private static final String PAGE = "{\"items\":[" + ITEM + "],\"count\":1}";
    private static final String SHELF = "{\"first\":" + ITEM + ",\"featured\":" + ITEM + ",\"byName\":{\"pen\":" + ITEM
            + "},\"unique\":[" + ITEM + "],\"pages\":[" + PAGE + "],\"kinds\":[\"BOOK\"]}";
    private static final String CATALOG = """
            package app;

            import com.dslplatform.json.CompiledJson;
            import dev.pronto.core.annotation.*;
            import java.util.*;

            @Path("/catalog")
            public final class Catalog {
                @CompiledJson
                public record Shelf(Item first, Optional<Item> featured, Map<String, Item> byName, Set<Item> unique,
                        List<Page> pages, List<Kind> kinds) {
                }

                @CompiledJson
                public record Page(List<Item> items, int count) {
                }

                @CompiledJson
                public record Item(long id, String name, Kind kind) {
                }

                public enum Kind { BOOK, PEN }

                static final Item PEN = new Item(1, "pen", Kind.PEN);

                @Get("/page")
                Page page() {
                    return new Page(List.of(PEN), 1);
                }

                @Post("/page")
                Page echo(@Body Page page) {
                    return page;
                }

                @Get("/shelf")
                Shelf shelf() {
                    return new Shelf(PEN, Optional.of(PEN), Map.of("pen", PEN), Set.of(PEN),
                            List.of(page()), List.of(Kind.BOOK));
                }
            }
            """;
    private static final String API = """
            package app;

            import dev.pronto.core.annotation.*;

            @Path("/catalog")
            public interface CatalogApi {
                @Get("/page")
                Catalog.Page page();

                @Get("/shelf")
                Catalog.Shelf shelf();
            }
            """;
    private ClassLoader loader;
    private HttpClient http;

    @BeforeAll
    void compile() {
        TestCompiler.Compilation compilation = TestCompiler.compile(CATALOG, API);
        assertThat(compilation.errors()).isEmpty();
        loader = compilation.loader();
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
    }

    @AfterAll
    void stop() {
        http.close();
    }

    /** Holders before what they hold (the order that answered 500), the reverse, and the processor's own. */
    Stream<String> orders() {
        return Stream.of("Shelf Page Item Kind", "Kind Item Page Shelf", "");
    }

    @ParameterizedTest
    @MethodSource("orders")
    void serverAnswersThroughTestClient(String order) throws Exception {
        TestClient client = TestClient.start(server(order));
        try {
            TestResponse page = client.get("/catalog/page");
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.text()).isEqualTo(PAGE);
            assertThat(client.get("/catalog/shelf").text()).isEqualTo(SHELF);
            assertThat(client.request("POST", "/catalog/page", Map.of(), PAGE).text()).isEqualTo(PAGE);
        } finally {
            client.close();
        }
    }

    @ParameterizedTest
    @MethodSource("orders")
    void typedClientReadsWhatTheServerWrites(String order) throws Exception {
        Server server = server(order).port(0).build().start();
        try {
            Object api = loader.loadClass("app.CatalogApi$Client")
                    .getConstructor(dev.pronto.client.http.Client.class, String.class, JsonCodec.class)
                    .newInstance(http, "http://127.0.0.1:" + server.port(), codec(order));
            Object page = api.getClass().getMethod("page").invoke(api);
            Object shelf = api.getClass().getMethod("shelf").invoke(api);

            assertThat(page).hasToString("Page[items=[Item[id=1, name=pen, kind=PEN]], count=1]");
            assertThat(shelf.toString()).startsWith("Shelf[first=Item[id=1, name=pen, kind=PEN], featured=Optional[Item")
                    .endsWith("pages=[" + page + "], kinds=[BOOK]]");
        } finally {
            server.close();
        }
    }

    private Server.Builder server(String order) throws Exception {
        return Server.builder().routes(GeneratedRoutesTest.Generated.routes(loader, "app.Catalog")).json(codec(order));
    }

    /** The converters registered in {@code order} (simple names), or the processor's configuration for "". */
    private ProntoJson codec(String order) throws Exception {
        if (order.isEmpty()) {
            return ProntoJson.create((Configuration) GeneratedRoutesTest.Generated.instance(loader, "app.JsonConfig"));
        }
        List<Configuration> converters = new java.util.ArrayList<>();
        for (String type : order.split(" ")) {
            converters.add((Configuration) GeneratedRoutesTest.Generated.instance(loader, "app._Catalog$" + type + "_DslJsonConverter"));
        }
        return ProntoJson.create(converters.toArray(Configuration[]::new));
    }
}
