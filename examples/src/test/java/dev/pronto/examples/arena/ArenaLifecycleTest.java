package dev.pronto.examples.arena;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the arena app's static files come from, and that a stopped app, or one that could not start, leaves
 * nothing behind.
 * The database URL points at a closed port: these tests never reach Postgres.
 */
class ArenaLifecycleTest {
    private static final String NO_DATABASE = "postgres://u:p@127.0.0.1:1/none";

    private static ArenaApp start(Path dataDir) throws Exception {
        return start(dataDir, 0, () -> { });
    }

    private static ArenaApp start(Path dataDir, int port, AutoCloseable database) throws Exception {
        return ArenaApp.start(ArenaConfig.fromEnv(Map.of("PORT", Integer.toString(port), "H2C_PORT", "0",
                "TELEPORT_PORT", "0", "TLS_CERT", "/nonexistent.crt", "DATA_DIR", dataDir.toString(),
                "DATABASE_URL", NO_DATABASE)), database);
    }

    @Test
    void generatedStaticFilesAreDeletedWhenTheAppStops(@TempDir Path dataDir) throws Exception {
        ArenaApp app = start(dataDir);
        Path generated = app.staticDir();
        assertThat(generated.resolve("reset.css")).isRegularFile();

        app.close();

        assertThat(generated).doesNotExist();
    }

    @Test
    void mountedStaticFilesAreServedInPlaceAndKept(@TempDir Path dataDir) throws Exception {
        Path mounted = Files.createDirectories(dataDir.resolve("static"));
        Files.writeString(mounted.resolve("reset.css"), "body{}");
        ArenaApp app = start(dataDir);
        Path served = app.staticDir();

        app.close();

        assertThat(served).isEqualTo(mounted);
        assertThat(mounted.resolve("reset.css")).hasContent("body{}");
    }

    @Test
    void aStartThatCannotBindReleasesWhatItOwns(@TempDir Path dataDir) throws Exception {
        AtomicBoolean databaseClosed = new AtomicBoolean();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("0.0.0.0"))) {
            assertThatThrownBy(() -> start(dataDir, taken.getLocalPort(), () -> databaseClosed.set(true)))
                    .hasMessageContaining("Cannot bind");
        }

        assertThat(databaseClosed).isTrue();
    }
}
