package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Real HTTP/2 clients on real sockets: curl ({@code --http2} over TLS, {@code --http2-prior-knowledge}
 * in cleartext, {@code --http1.1} against an h2c-only port) and the JDK's HttpClient sending a body
 * larger than the initial flow-control window. The curl tests are skipped where curl is absent.
 */
class Http2InteropTest {
    private static final int LARGE = 1024 * 1024;
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1).maxBodySize(4L * LARGE))
            .listener(Listener.http(0))
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .listener(Listener.h2c(0))
            .routes(r -> r
                    .get("/hello", (req, res) -> res.send("hello " + req.protocol()))
                    .post("/length", (req, res) -> res.send(Integer.toString(req.body().readableBytes()))))
            .build().start();

    @AfterEach
    void stop() {
        server.close();
    }

    private int port(int listener) {
        return server.ports().get(listener);
    }

    @Test
    void curlOverTlsNegotiatesHttp2() throws Exception {
        assertThat(curl("--http2", "-k", "https://localhost:" + port(1) + "/hello")).isEqualTo("hello HTTP/2.0 2");
    }

    @Test
    void curlWithPriorKnowledgeSpeaksH2cOnTheSharedPort() throws Exception {
        assertThat(curl("--http2-prior-knowledge", "http://127.0.0.1:" + port(0) + "/hello")).isEqualTo("hello HTTP/2.0 2");
    }

    @Test
    void curlSendsABodyOverH2c() throws Exception {
        Path body = Files.createTempFile("h2-body", ".bin");
        try {
            Files.write(body, new byte[LARGE]);
            assertThat(curl("--http2-prior-knowledge", "--data-binary", "@" + body, "http://127.0.0.1:" + port(2) + "/length"))
                    .isEqualTo(LARGE + " 2");
        } finally {
            Files.delete(body);
        }
    }

    @Test
    void curlHttp11OnAnH2cOnlyPortGetsNo200() throws Exception {
        String out = curl("--http1.1", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:" + port(2) + "/hello");

        assertThat(out).doesNotStartWith("200");
    }

    @Test
    void jdkClientPostsAMebibyteOverTlsH2() throws Exception {
        try (HttpClient client = HttpClient.newBuilder().sslContext(TlsFixtures.clientContext()).build()) {
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("https://localhost:" + port(1) + "/length"))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[LARGE])).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_2);
            assertThat(r.body()).isEqualTo(Integer.toString(LARGE));
        }
    }

    /** Runs curl with {@code args}; prints the body then, unless {@code -w} is given, the HTTP version. */
    private static String curl(String... args) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed");
        List<String> command = new ArrayList<>(List.of("/usr/bin/curl", "-s", "--max-time", "20"));
        if (!List.of(args).contains("-w")) {
            command.addAll(List.of("-w", " %{http_version}"));
        }
        command.addAll(List.of(args));
        Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        curl.waitFor();
        return out;
    }
}
