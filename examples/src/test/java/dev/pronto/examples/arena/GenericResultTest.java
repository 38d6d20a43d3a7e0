package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.client.http.ClientConfig;
import dev.pronto.client.http.HttpClient;
import dev.pronto.core.Server;
import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.Path;
import dev.pronto.json.ProntoJson;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** A generic result ({@code List<Item>}) decoded by the generated client through DSL-JSON. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GenericResultTest {
    /** A contract whose results are lists. */
    @Path("/items")
    interface ItemList {
        @Get
        CompletionStage<List<Model.Item>> all();

        @Get
        List<Model.Item> allNow();
    }

    private static final String ITEMS = "[{\"id\":1,\"name\":\"a\",\"category\":\"c\",\"price\":2,\"quantity\":3,\"active\":true,"
            + "\"tags\":[\"x\"],\"rating\":{\"score\":4,\"count\":5}},{\"id\":2,\"name\":\"b\",\"category\":\"c\",\"price\":1,"
            + "\"quantity\":1,\"active\":false,\"tags\":[],\"rating\":{\"score\":1,\"count\":1}}]";
    private Server server;
    private HttpClient http;
    private ItemList items;

    @BeforeAll
    void start() {
        server = Server.builder().port(0)
                .routes(r -> r.get("/items", (req, res) -> res.header("Content-Type", "application/json").send(ITEMS)))
                .build().start();
        http = HttpClient.create(ClientConfig.builder().ioThreads(1).build());
        items = new GenericResultTest$ItemList$Client(http, "http://127.0.0.1:" + server.ports().getFirst(),
                ProntoJson.create(new ArenaJson()));
    }

    @AfterAll
    void stop() {
        http.close();
        server.close();
    }

    @Test
    void listOfRecordsIsDecoded() throws Exception {
        List<Model.Item> all = items.all().toCompletableFuture().get(5, TimeUnit.SECONDS);

        assertThat(all).extracting(Model.Item::id).containsExactly(1L, 2L);
        assertThat(all.getFirst().rating()).isEqualTo(new Model.Rating(4, 5));
    }

    @Test
    void repeatedCallsShareTheDecoder() {
        assertThat(items.allNow()).hasSize(2);
        assertThat(items.allNow()).hasSize(2);
    }
}
