package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Users who do not serve HTTP/3 do not need its jars: in a JVM whose class path lacks the QUIC and HTTP/3
 * codecs, an HTTP/1.1 server starts and answers, and an HTTP/3 listener fails to start naming the artifacts.
 */
class Http3WithoutQuicJarsTest {
    /** Run in the child JVM: args are the certificate and key files. */
    public static void main(String[] args) throws Exception {
        try (Server http = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1)).listener(Listener.http(0))
                .routes(r -> r.get("/", (req, res) -> res.send("ok"))).build().start()) {
            System.out.println("http started on " + http.port());
        }
        TlsConfig tls = TlsConfig.builder().pem(java.nio.file.Path.of(args[0]), java.nio.file.Path.of(args[1])).build();
        try (Server h3 = Server.builder().config(c -> c.host("127.0.0.1").ioThreads(1)).listener(Listener.http3(0, tls))
                .build().start()) {
            System.out.println("h3 started on " + h3.port());
        } catch (IllegalStateException e) {
            System.out.println("h3 refused: " + e.getMessage());
        }
    }

    @Test
    void onlyAnHttp3ListenerNeedsTheQuicJars() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("quic") && !e.contains("http3")).collect(Collectors.joining(File.pathSeparator));
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "--sun-misc-unsafe-memory-access=allow", "-cp", classPath,
                Http3WithoutQuicJarsTest.class.getName(), TlsFixtures.file("localhost.crt").toString(),
                TlsFixtures.file("localhost.key").toString())).redirectErrorStream(true).start();
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(ended).as(out).isTrue();
        assertThat(out).contains("http started on ")
                .contains("h3 refused: HTTP/3 needs io.netty:netty-codec-http3, io.netty:netty-codec-classes-quic and "
                        + "io.netty:netty-codec-native-quic");
    }
}
