package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** HTTP/1.1 cannot mark a chunked body incomplete in-band: {@link BodyWriter#abort()} closes the connection. */
class Http1StreamAbortTest {
    private final Server server = Server.builder()
            .config(c -> c.port(0).host("127.0.0.1").ioThreads(1).idleTimeout(Duration.ofSeconds(30)))
            .routes(r -> r.get("/s", (req, res) -> {
                BodyWriter w = res.stream();
                w.write("partial");
                w.abort();
            }))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void abortClosesTheConnectionWithoutTheLastChunk() throws Exception {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();

            // readAllBytes returns at EOF: the server closed; a read timeout would throw instead
            String response = new String(in.readAllBytes(), StandardCharsets.US_ASCII);

            // what was not yet written is dropped: at most the head and the first chunk, never the last chunk
            assertThat(response).doesNotContain("\r\n0\r\n\r\n");
        }
    }
}
