package dev.pronto.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.pronto.testsupport.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C (SIGINT) on a real process drains like SIGTERM and exits 0, not the JVM's 130. */
class SigintDrainTest {
    @TempDir
    Path dir;

    @Test
    void sigintDrainsAndExitsZero() throws Exception {
        assumeFalse(sigintIgnored(), "SIGINT is ignored here (a background job of a shell without job control), and a"
                + " child inherits that: the JVM then installs no handler, as it should, and Ctrl-C cannot reach it");
        Path errors = dir.resolve("stderr.txt");
        Path output = dir.resolve("stdout.txt");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--sun-misc-unsafe-memory-access=allow", "-Dorg.slf4j.simpleLogger.defaultLogLevel=info", "-cp",
                System.getProperty("java.class.path"), SigtermApp.class.getName())
                .redirectError(errors.toFile()).redirectOutput(output.toFile()).start();
        awaitPortLine(output, child);

        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).inheritIO().start();

        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(child.waitFor(10, TimeUnit.SECONDS)).as("exited").isTrue();
        String log = Files.readString(errors);
        assertThat(child.exitValue()).as(log).isZero();
        assertThat(log).contains("SIGINT received: draining before exit", "Pronto draining", "Pronto stopped");
    }

    /** Whether this process ignores SIGINT (Linux: bit 2 of SigIgn in /proc/self/status); false where unknown. */
    private static boolean sigintIgnored() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .map(l -> Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16))
                .anyMatch(mask -> (mask & (1L << 1)) != 0);
    }

    private static void awaitPortLine(Path output, Process child) {
        Await.until("the child's port line", Duration.ofSeconds(30), () -> {
            if (portLine(output)) {
                return true;
            }
            assertThat(child.isAlive()).as("the child is running").isTrue();
            return false;
        });
    }

    private static boolean portLine(Path output) {
        try {
            return Files.readAllLines(output).stream().anyMatch(l -> l.startsWith("port="));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
