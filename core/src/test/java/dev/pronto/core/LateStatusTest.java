package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A handler that answers and then, from another thread, keeps setting a status on its response until
 * it is told the response belongs to a completed exchange: every such call is refused, and none
 * lands on the next request that reuses the pooled exchange, however the calls and the event loop's
 * recycling interleave.
 */
class LateStatusTest {
    private static final int REQUESTS = 3000;

    private final ExecutorService late = Executors.newSingleThreadExecutor();
    private final AtomicInteger staleRefusals = new AtomicInteger();
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1))
            .routes(r -> r.get("/late/{id}", (req, res) -> {
                res.send(req.param("id"));
                late.execute(() -> keepChanging(res));
            }))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
        late.shutdownNow();
    }

    @Test
    void aLateStatusNeverReachesTheNextRequest() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            InputStream in = new BufferedInputStream(s.getInputStream());
            for (int i = 0; i < REQUESTS; i++) {
                out.write(("GET /late/" + i + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                assertThat(ExchangeStressTest.readBody(in)).as("response %d", i).isEqualTo(String.valueOf(i));
            }
        }
        assertThat(staleRefusals.get()).isPositive();
    }

    /** Spins until the handle reports its exchange completed and reused; "already sent" keeps it going. */
    private void keepChanging(Response res) {
        while (true) {
            try {
                res.status(504);
            } catch (IllegalStateException refused) {
                if (refused.getMessage().contains("used after its exchange completed")) {
                    staleRefusals.incrementAndGet();
                    return;
                }
            }
        }
    }
}
