package dev.pronto.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import dev.pronto.core.testing.TestClient;
import org.junit.jupiter.api.Test;

/** {@code @WebSocketRoute}: the generated routes register the method's handler with {@code Routes.ws}. */
class GeneratedWebSocketTest {
    private static final String CHAT = """
            package app;

            import dev.pronto.core.WebSocket;
            import dev.pronto.core.WebSocketHandler;
            import dev.pronto.core.annotation.Path;
            import dev.pronto.core.annotation.WebSocketRoute;

            @Path("/chat")
            public final class Chat {
                @WebSocketRoute("/{room}")
                WebSocketHandler room() {
                    return new WebSocketHandler() {
                        @Override
                        public void onText(WebSocket ws, String text) {
                            ws.sendText(ws.param("room") + ": " + text);
                        }
                    };
                }
            }
            """;

    @Test
    void webSocketRouteIsRegisteredUnderTheClassPrefix() throws Exception {
        TestCompiler.Compilation compilation = TestCompiler.compile(CHAT);
        assertThat(compilation.errors()).isEmpty();

        try (TestClient client = TestClient.start(Server.builder()
                .routes(GeneratedRoutesTest.Generated.routes(compilation.loader(), "app.Chat")))) {
            // a plain GET on a WebSocket route is refused with 426: the route exists and is a WebSocket one
            assertThat(client.get("/chat/lobby").status()).isEqualTo(426);
            assertThat(client.get("/chat").status()).isEqualTo(404);
        }
    }

    @Test
    void webSocketRouteMethodWithParametersIsACompileError() {
        TestCompiler.Compilation compilation = TestCompiler.compile(CHAT.replace("WebSocketHandler room()",
                "WebSocketHandler room(String x)"));

        assertThat(compilation.errors()).containsExactly("@WebSocketRoute method must be an instance method without parameters");
    }

    @Test
    void webSocketRouteMethodMustReturnAHandler() {
        TestCompiler.Compilation compilation = TestCompiler.compile(CHAT.replace("WebSocketHandler room() {\n        return new WebSocketHandler() {",
                "Object room() {\n        return new WebSocketHandler() {"));

        assertThat(compilation.errors()).containsExactly("@WebSocketRoute method must return a dev.pronto.core.WebSocketHandler");
    }
}
