package dev.pronto.examples.arena;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * HttpArena's static files generated into a fresh temporary directory ({@link StaticData}) when none are
 * mounted; closing deletes the directory, so a stopped app leaves nothing behind in the temp folder.
 * Not thread-safe: the app creates it at start and closes it once at stop.
 */
final class GeneratedStatic implements AutoCloseable {
    private final Path dir;

    private GeneratedStatic(Path dir) {
        this.dir = dir;
    }

    /** Generates the files into a new temporary directory; fails with the I/O error that stopped it. */
    static GeneratedStatic create() throws IOException {
        Path dir = Files.createTempDirectory("arena-static");
        GeneratedStatic generated = new GeneratedStatic(dir);
        try {
            StaticData.generate(dir);
        } catch (IOException | RuntimeException e) {
            generated.close();
            throw e;
        }
        return generated;
    }

    /** The directory the files are in, until {@link #close()}. */
    Path dir() {
        return dir;
    }

    /** Deletes the directory and every file in it; fails with the first file that could not be deleted. */
    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(dir)) {
            // deepest first, so each directory is empty when its turn comes
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the generated static files in " + dir, e);
        }
    }
}
