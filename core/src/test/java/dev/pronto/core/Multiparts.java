package dev.pronto.core;

import dev.pronto.testsupport.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/** Multipart bodies for tests, and the wait for a temporary directory to empty. */
final class Multiparts {
    static final String BOUNDARY = "XyZzY";
    static final String TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    private Multiparts() {
    }

    static String field(String name, String value) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
    }

    static String file(String name, String filename, String content) {
        return "--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + name + "\"; filename=\"" + filename
                + "\"\r\nContent-Type: text/plain\r\n\r\n" + content + "\r\n";
    }

    static String end() {
        return "--" + BOUNDARY + "--\r\n";
    }

    /** The names of the files in {@code dir}. */
    static long count(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Waits up to 10 s for {@code dir} to hold no file; returns how many are left. */
    static long awaitEmpty(Path dir) throws InterruptedException {
        Await.within(Duration.ofSeconds(10), () -> count(dir) == 0);
        return count(dir);
    }
}
