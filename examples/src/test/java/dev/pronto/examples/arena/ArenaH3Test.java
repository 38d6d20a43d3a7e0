package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * baseline-h3 and static-h3 through an HTTP/3 client that is not Netty's: {@code examples/h3check} (Python aioquic,
 * installed from PyPI into {@code target/h3venv} on first use) fetches {@code /baseline2?a=1&b=2} and a static file
 * over QUIC from the arena app. Skipped where python3 is missing or PyPI cannot be reached.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ArenaH3Test {
    private static final Path SCRIPT = Path.of("h3check/run.sh").toAbsolutePath();
    private ArenaApp app;

    @BeforeAll
    void start() throws Exception {
        Path data = Files.createTempDirectory("arena-h3");
        app = ArenaDev.start(Map.of("PORT", "0", "TLS_PORT", "0", "H2_PORT", "0", "H2C_PORT", "0", "TELEPORT_PORT", "0",
                "TLS_CERT", ArenaCerts.certificate().toString(), "TLS_KEY", ArenaCerts.key().toString(),
                "DATA_DIR", data.toString()));
        ArenaReady.await(app.port());
    }

    @AfterAll
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aioquicGetsTheSumAndAStaticFileWithItsContentType() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/python3")), "python3 is not installed");
        Process p = new ProcessBuilder(SCRIPT.toString(), "127.0.0.1", Integer.toString(app.h3Port()))
                .redirectErrorStream(true).start();
        boolean ended = p.waitFor(120, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ended) {
            p.destroyForcibly();
        }

        assertThat(ended).as("h3_check.py ended; output: %s", out).isTrue();
        assumeTrue(p.exitValue() != 77, "aioquic could not be installed from PyPI");
        assertThat(out).contains("/baseline2?a=1&b=2 -> 200 b'3'").contains("application/javascript").endsWith("OK\n");
        assertThat(p.exitValue()).isZero();
    }
}
