package dev.pronto.core.internal.exchange;

import static dev.pronto.core.internal.http1.TestChannels.exchange;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Routes;
import dev.pronto.core.internal.http1.TestChannels;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Nothing of request N (route, path parameters, attributes) is visible while serving request N+1. */
class PerRequestStateTest {
    private final List<String> seenByRootHook = new ArrayList<>();
    private final List<String> seenByResponseHook = new ArrayList<>();
    private EmbeddedChannel ch;

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    private void serve(Consumer<Routes> extra) {
        ch = TestChannels.server(r -> {
            r.onRequest((req, res) -> seenByRootHook.add(req.routePattern() + " " + req.param("id") + " " + req.attribute("who")));
            r.onResponse((req, status, bytes, nanos) -> seenByResponseHook.add(status + " " + req.routePattern()));
            r.get("/users/{id}", (req, res) -> {
                req.attribute("who", "user");
                res.send("u" + req.param("id"));
            });
            extra.accept(r);
        });
    }

    private static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n";
    }

    @Test
    void rootHookSeesNoRouteOfThePreviousRequest() {
        serve(r -> { });

        exchange(ch, get("/users/42"));
        exchange(ch, get("/users/7"));

        assertThat(seenByRootHook).containsExactly("null null null", "null null null");
    }

    @Test
    void earlyAnswerIsCountedWithoutTheRouteOfThePreviousRequest() {
        serve(r -> r.onRequest((req, res) -> {
            if (req.header("authorization") == null && req.uri().startsWith("/private")) {
                res.status(401).send("who are you?");
            }
        }));

        exchange(ch, get("/users/1"));
        exchange(ch, get("/private"));

        assertThat(seenByResponseHook).containsExactly("200 /users/{id}", "401 null");
    }

    @Test
    void framingErrorIsCountedWithoutTheRouteOfThePreviousRequest() {
        serve(r -> { });

        exchange(ch, get("/users/1"));
        exchange(ch, "GET /users/2 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n");

        assertThat(seenByResponseHook).containsExactly("200 /users/{id}", "400 null");
    }

    @Test
    void attributesStartEmptyForEveryRequest() {
        serve(r -> r.get("/who", (req, res) -> res.send(String.valueOf(req.attribute("who")))));

        exchange(ch, get("/users/1"));

        assertThat(exchange(ch, get("/who"))).endsWith("\r\n\r\nnull");
    }
}
