package dev.pronto.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.Server;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls made with curl (h2c prior knowledge), as health checks and scripts do: curl stops reading
 * a response at its Content-Length, so it sees the gRPC status in the trailers only when the
 * response has none.
 */
class GrpcCurlTest {
    /** One empty message: flag 0, length 0. */
    private static final byte[] EMPTY_MESSAGE = {0, 0, 0, 0, 0};
    private final Server server = Wire.H2C.start(r -> r.register(Grpc.services(new InteropService())));

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.close();
    }

    private String curl(String path) throws IOException, InterruptedException {
        Path body = Files.write(dir.resolve("request.bin"), EMPTY_MESSAGE);
        Process p;
        try {
            p = new ProcessBuilder("curl", "--http2-prior-knowledge", "-s", "-D", "-", "-o", "/dev/null", "--max-time", "10",
                    "--data-binary", "@" + body, "-H", "content-type: application/grpc", "-H", "te: trailers",
                    "http://127.0.0.1:" + server.port() + path).redirectErrorStream(true).start();
        } catch (IOException noCurl) {
            Assumptions.abort("curl is not installed");
            throw noCurl;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(15, TimeUnit.SECONDS)).isTrue();
        return out.replace("\r", "");
    }

    @Test
    void curlSeesTheStatusOfAUnaryCall() throws Exception {
        assertThat(curl("/grpc.testing.TestService/EmptyCall")).contains("\ngrpc-status: 0\n");
    }

    @Test
    void curlSeesTheStatusOfAnUnknownMethod() throws Exception {
        assertThat(curl("/grpc.testing.TestService/NoSuchMethod")).contains("\ngrpc-status: 12\n");
    }
}
