package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.testing.TestClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stop's "readiness DOWN" line is for a server that drains traffic, not for every test's output. The log
 * is read from a child JVM logging at INFO, as an application's tests do (this module's tests log at WARN).
 */
class StopLogTest {
    @TempDir
    Path dir;

    @Test
    void testClientCloseLogsNoReadinessDown() throws Exception {
        String log = run("testclient");

        assertThat(log).contains("answered ok").doesNotContain("readiness DOWN");
    }

    @Test
    void listeningServerStopLogsReadinessDown() throws Exception {
        assertThat(run("listening")).contains("Pronto stopping: readiness DOWN");
    }

    private String run(String mode) throws Exception {
        Path log = dir.resolve(mode + ".txt");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--sun-misc-unsafe-memory-access=allow", "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-cp",
                System.getProperty("java.class.path"), App.class.getName(), mode)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean exited = child.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(exited).as(output).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        return output;
    }

    /** A service with a readiness check, stopped by its {@code TestClient} or as a listening server. */
    static final class App {
        private App() {
        }

        public static void main(String[] args) {
            Server.Builder app = Server.builder().config(c -> c.port(0).ioThreads(1).shutdownHook(false))
                    .routes(r -> r.register(Health.create()).get("/", (req, res) -> res.send("ok")));
            if (args[0].equals("testclient")) {
                try (TestClient client = TestClient.start(app)) {
                    System.err.println("answered " + client.get("/").text());
                }
            } else {
                app.build().start().close();
            }
        }
    }
}
