package dev.pronto.client.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.FileUpload;
import dev.pronto.core.FormData;
import dev.pronto.core.Handler;
import dev.pronto.core.RouteOptions;
import dev.pronto.core.Server;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Forms sent by the client reach a Pronto server whole: url-encoded, and multipart with a file streamed from disk. */
class FormBodyTest {
    @TempDir
    static Path dir;
    private static Path file;
    private static Server server;

    @BeforeAll
    static void start() throws IOException {
        byte[] bytes = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(bytes);
        file = Files.write(dir.resolve("data.bin"), bytes);
        server = Server.builder().config(c -> c.host("127.0.0.1").port(0).ioThreads(1).maxBodySize(16L << 20)).routes(r -> r
                .post("/form", (req, res) -> res.send(req.form().asMap().toString()))
                .post("/upload", RouteOptions.streaming(), Handler.async((req, res) -> req.multipart()
                        .thenApply(FormBodyTest::describe)))).build().start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aUrlEncodedFormArrivesDecoded() {
        FormBody form = FormBody.urlEncoded(Map.of("q", "caf\u00e9 & cr\u00e8me"));

        assertThat(send(ClientConfig.defaults(), "/form", form)).isEqualTo("{q=[caf\u00e9 & cr\u00e8me]}");
    }

    @Test
    void aRepeatedFieldIsSentOncePerValue() {
        assertThat(send(ClientConfig.defaults(), "/form", FormBody.urlEncoded(Map.of("tag", List.of("a", "b")))))
                .isEqualTo("{tag=[a, b]}");
    }

    @Test
    void aMultipartFileIsStreamedOverHttp11() throws Exception {
        assertThat(send(ClientConfig.defaults(), "/upload", multipart())).isEqualTo(expected());
    }

    @Test
    void aMultipartFileIsStreamedOverH2c() throws Exception {
        assertThat(send(H2Fixtures.h2c().build(), "/upload", multipart())).isEqualTo(expected());
    }

    private static FormBody multipart() {
        return FormBody.multipart().field("title", "a \"quoted\" title").file("doc", file, "application/octet-stream")
                .build();
    }

    private static String expected() throws Exception {
        return "{title=[a \"quoted\" title]} doc:data.bin:" + Files.size(file) + ":" + sha256(Files.newInputStream(file));
    }

    private static String send(ClientConfig config, String path, FormBody form) {
        try (HttpClient client = HttpClient.create(config);
             ClientResponse r = client.sendBlocking(ClientRequest.builder().method("POST")
                     .uri("http://127.0.0.1:" + server.port() + path).body(form).build())) {
            return r.string();
        }
    }

    private static String describe(FormData form) {
        StringBuilder sb = new StringBuilder(form.fields().asMap().toString());
        for (FileUpload f : form.files()) {
            try (InputStream in = f.inputStream()) {
                sb.append(' ').append(f.name()).append(':').append(f.filename()).append(':').append(f.size()).append(':')
                        .append(sha256(in));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return sb.toString();
    }

    private static String sha256(InputStream in) throws Exception {
        try (in) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0;) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        }
    }
}
