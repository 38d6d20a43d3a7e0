package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** TLS contexts are built after start binds, off the starting thread; TLS listeners still serve their first connection. */
class TlsStartupTest {
    private static Server cleartextAndTls(TlsConfig tls) {
        return Server.builder()
                .config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.http(0))
                .listener(Listener.https(0, tls))
                .routes(r -> r.get("/tls", (req, res) -> res.send(req.tlsSession() == null ? "none" : "tls")))
                .build().start();
    }

    @ParameterizedTest
    @EnumSource(value = TlsEngine.class, names = {"JDK", "OPENSSL"})
    void aTlsConnectionMadeRightAfterStartIsServed(TlsEngine engine) throws Exception {
        try (Server server = cleartextAndTls(TlsFixtures.localhost(engine).build());
             SSLSocket secure = TlsFixtures.connect(server.ports().get(1))) {
            assertThat(TlsFixtures.get(secure, "/tls")).startsWith("HTTP/1.1 200 OK").endsWith("tls");
        }
    }

    @Test
    void theContextIsBuiltFromTheFilesAsTheyWereAtBuild(@TempDir Path dir) throws Exception {
        Path cert = Files.copy(TlsFixtures.file("localhost.crt"), dir.resolve("c.crt"));
        Path key = Files.copy(TlsFixtures.file("localhost.key"), dir.resolve("c.key"));
        Server.Builder builder = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1))
                .listener(Listener.https(0, TlsConfig.builder().pem(cert, key).build()))
                .routes(r -> r.get("/tls", (req, res) -> res.send("tls")));
        Server built = builder.build();
        Files.delete(key);
        try (Server server = built.start(); SSLSocket secure = TlsFixtures.connect(server.port())) {
            assertThat(TlsFixtures.get(secure, "/tls")).startsWith("HTTP/1.1 200 OK");
        }
    }
}
