package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Server#routes()}: the route table as text, for index pages and the start-up DEBUG listing. */
class ServerRoutesTest {
    @Test
    void listsEveryRouteAsMethodAndPatternInRegistrationOrder() {
        Server server = Server.builder()
                .routes(r -> r.get("/items/{id}", (req, res) -> res.send("x"))
                        .post("/items", (req, res) -> res.send("y"))
                        .get("/static/{*path}", (req, res) -> res.send("z")))
                .build();

        assertThat(server.routes()).containsExactly("GET /items/{id}", "POST /items", "GET /static/{*path}");
    }

    @Test
    void isReadOnly() {
        Server server = Server.builder().routes(r -> r.get("/", (req, res) -> res.send("x"))).build();

        assertThat(server.routes()).isUnmodifiable();
    }
}
