package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The server's event loops exist before {@code start()}, so clients sharing them need no holder. */
class LoopsBeforeStartTest {
    private static Server.Builder builder() {
        return Server.builder().config(c -> c.port(0).ioThreads(1).shutdownHook(false));
    }

    @Test
    void startServesOnTheLoopsHandedOutBefore() throws Exception {
        AtomicReference<Thread> handlerThread = new AtomicReference<>();
        Server server = builder().routes(r -> r.get("/", (req, res) -> {
            handlerThread.set(Thread.currentThread());
            res.send("ok");
        })).build();
        EventLoopGroup early = server.eventLoopGroup();
        try (server; HttpClient http = HttpClient.newHttpClient()) {
            server.start();
            http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(server.eventLoopGroup()).isSameAs(early);
            EventExecutor loop = early.next();
            assertThat(loop.submit(() -> Thread.currentThread()).get()).isSameAs(handlerThread.get());
        }
    }

    @Test
    void stoppingAnUnstartedServerShutsItsEarlyLoopsDown() {
        Server server = builder().build();
        EventLoopGroup early = server.eventLoopGroup();

        server.close();

        assertThat(early.isShutdown()).isTrue();
        assertThat(server.eventLoopGroup()).isNull();
    }

    @Test
    void builderLoopsExistBeforeTheRoutesThatUseThem() throws Exception {
        Server.Builder builder = builder();
        EventLoopGroup early = builder.eventLoopGroup();
        EventExecutor loop = early.next();
        Thread loopThread = loop.submit(Thread::currentThread).get();
        Server server = builder.routes(r -> r.get("/", (req, res) ->
                res.send(Thread.currentThread() == loopThread ? "on the early loop" : "elsewhere"))).build();
        try (server; HttpClient http = HttpClient.newHttpClient()) {
            server.start();
            String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();

            assertThat(body).isEqualTo("on the early loop");
            assertThat(server.eventLoopGroup()).isSameAs(early);
        }
        assertThat(early.isShutdown()).isTrue();
    }
}
