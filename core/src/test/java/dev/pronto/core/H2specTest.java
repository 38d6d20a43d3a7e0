package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The h2spec conformance suite (every generic, HTTP/2 and HPACK case) against a real server, over
 * h2c with prior knowledge (on an HTTP/1.1 listener and on an h2c-only one) and over TLS with ALPN
 * h2. The h2spec 2.2.0 binary comes from the h2spec Maven plugin's jar, a test dependency, so every
 * build runs it.
 */
class H2specTest {
    private static final Pattern SUMMARY = Pattern.compile("(\\d+) tests, (\\d+) passed, (\\d+) skipped, (\\d+) failed");
    private final Server server = Server.builder()
            .config(c -> c.host("127.0.0.1").ioThreads(1))
            .listener(Listener.http(0))
            .listener(Listener.https(0, TlsFixtures.localhost(TlsEngine.AUTO).build()))
            .listener(Listener.h2c(0))
            .routes(r -> r.get("/", (req, res) -> res.send("h2spec"))
                    .post("/", (req, res) -> res.send("posted " + req.body().readableBytes())))
            .build().start();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void everyCasePassesOverH2c() throws Exception {
        assertAllPassed(run(h2spec(), "-h", "127.0.0.1", "-p", String.valueOf(server.ports().get(0)), "--timeout", "3"));
    }

    @Test
    void everyCasePassesOnTheH2cOnlyListener() throws Exception {
        assertAllPassed(run(h2spec(), "-h", "127.0.0.1", "-p", String.valueOf(server.ports().get(2)), "--timeout", "3"));
    }

    @Test
    void everyCasePassesOverTls() throws Exception {
        assertAllPassed(run(h2spec(), "-h", "127.0.0.1", "-p", String.valueOf(server.ports().get(1)), "-t", "-k",
                "--timeout", "3"));
    }

    private static void assertAllPassed(String report) {
        Matcher m = SUMMARY.matcher(report);

        assertThat(m.find()).as(report).isTrue();
        assertThat(Integer.parseInt(m.group(4))).as(report).isZero();
        assertThat(Integer.parseInt(m.group(2))).as(report).isGreaterThanOrEqualTo(145);
    }

    private Path h2spec() throws IOException, InterruptedException {
        assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux")
                && System.getProperty("os.arch").matches("amd64|x86_64"), "the bundled h2spec is for linux x86-64");
        Path archive = dir.resolve("h2spec.tar.gz");
        try (InputStream in = H2specTest.class.getResourceAsStream("/h2spec/2.2.0/h2spec_linux_amd64.tar.gz")) {
            assertThat(in).as("h2spec archive on the test class path").isNotNull();
            Files.copy(in, archive, StandardCopyOption.REPLACE_EXISTING);
        }
        run(Path.of("tar"), "-xzf", archive.toString(), "-C", dir.toString());
        return dir.resolve("h2spec");
    }

    private static String run(Path command, String... args) throws IOException, InterruptedException {
        String[] cmd = new String[args.length + 1];
        cmd[0] = command.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new String(out, StandardCharsets.UTF_8);
    }
}
