package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A handler that answers and then, from another thread, keeps changing its response until it is told
 * the response belongs to a completed exchange: every such call is refused, and none lands on the next
 * request that reuses the pooled exchange, however the calls and the event loop's recycling interleave.
 */
class LateStatusTest {
    private static final int REQUESTS = 3000;

    private final ExecutorService late = Executors.newSingleThreadExecutor();
    private final AtomicInteger staleRefusals = new AtomicInteger();
    private Server server;

    @AfterEach
    void stop() {
        server.close();
        late.shutdownNow();
    }

    @Test
    void aLateStatusNeverReachesTheNextRequest() throws Exception {
        start(res -> res.status(504));

        assertThat(heads()).doesNotContain("HTTP/1.1 504");
    }

    @Test
    void aLateHeaderNeverReachesTheNextRequest() throws Exception {
        start(res -> res.header("X-Late", "yes"));

        assertThat(heads()).doesNotContain("X-Late");
    }

    private void start(Consumer<Response> change) {
        server = Server.builder()
                .config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
                .routes(r -> r.get("/late/{id}", (req, res) -> {
                    res.send(req.param("id"));
                    late.execute(() -> keepChanging(res, change));
                }))
                .build().start();
    }

    /** Sends the requests one by one on a keep-alive connection; every head, joined. */
    private String heads() throws IOException {
        StringBuilder heads = new StringBuilder();
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            for (int i = 0; i < REQUESTS; i++) {
                out.write(("GET /late/" + i + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                String head = ExchangeStressTest.readHead(in);
                heads.append(head);
                int at = head.indexOf("Content-Length: ") + 16;
                String body = new String(in.readNBytes(Integer.parseInt(head.substring(at, head.indexOf("\r\n", at)))),
                        StandardCharsets.UTF_8);
                assertThat(body).as("response %d", i).isEqualTo(String.valueOf(i));
            }
        }
        assertThat(staleRefusals.get()).isPositive();
        return heads.toString();
    }

    /** Spins until the handle reports its exchange completed and reused; "already sent" keeps it going. */
    private void keepChanging(Response res, Consumer<Response> change) {
        while (true) {
            try {
                change.accept(res);
            } catch (IllegalStateException refused) {
                if (refused.getMessage().contains("used after its exchange completed")) {
                    staleRefusals.incrementAndGet();
                    return;
                }
            }
        }
    }
}
