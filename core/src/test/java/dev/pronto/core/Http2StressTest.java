package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The handlers of {@link MixedHandlers} on multiplexed HTTP/2 streams (TLS, ALPN h2, the JDK's
 * client): every response belongs to its request, none is missing, and late and racing sends are
 * refused instead of answering another stream.
 */
class Http2StressTest {
    private static final int REQUESTS = 2400;
    private static final int IN_FLIGHT = 64;

    private final MixedHandlers handlers = new MixedHandlers();
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1))
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .routes(handlers::register)
            .build().start();

    @AfterEach
    void stop() {
        server.close();
        handlers.close();
    }

    @Test
    void everyStreamGetsItsOwnResponse() throws Exception {
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                .sslContext(TlsFixtures.clientContext()).build()) {
            Semaphore window = new Semaphore(IN_FLIGHT);
            List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
            for (int id = 0; id < REQUESTS; id++) {
                window.acquire();
                URI uri = URI.create("https://localhost:" + server.port() + MixedHandlers.path(id));
                responses.add(client.sendAsync(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString())
                        .whenComplete((r, e) -> window.release()));
            }
            for (int id = 0; id < REQUESTS; id++) {
                HttpResponse<String> r = responses.get(id).get(30, TimeUnit.SECONDS);
                assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
                assertThat(r.statusCode()).as("status of %d", id).isEqualTo(200);
                assertThat(r.body()).as("body of %d", id).isEqualTo(String.valueOf(id));
            }
        }
        int perKind = REQUESTS / MixedHandlers.KINDS.length;
        handlers.awaitRefusals(perKind);
        assertThat(handlers.lateRefused.get()).isEqualTo(perKind);
        assertThat(handlers.raceLost.get()).isEqualTo(perKind);
    }
}
