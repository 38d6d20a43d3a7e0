package dev.pronto.jmh.h3;

import dev.pronto.jmh.json.Arena;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** What the h3 load's servers answer: HttpArena's {@code /baseline2?a=&b=} sum and its static files. */
final class ArenaRoutes {
    private static final Map<String, String> TYPES = Map.of("css", "text/css", "js", "application/javascript",
            "html", "text/html", "svg", "image/svg+xml", "json", "application/json", "webp", "image/webp",
            "woff2", "font/woff2", "txt", "text/plain");

    private ArenaRoutes() {
    }

    /** HttpArena's static directory, beside the dataset. */
    static Path staticDir() {
        return Path.of(System.getProperty(Arena.DATASET_PROPERTY, Arena.DEFAULT_DATASET)).toAbsolutePath().getParent()
                .resolve("static");
    }

    /** The original (not precompressed) static files, by name, read into memory. */
    static Map<String, byte[]> staticFiles() {
        Map<String, byte[]> files = new HashMap<>();
        try (Stream<Path> list = Files.list(staticDir())) {
            for (Path p : list.toList()) {
                String name = p.getFileName().toString();
                if (!name.endsWith(".br") && !name.endsWith(".gz")) {
                    files.put(name, Files.readAllBytes(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    static String type(String file) {
        return TYPES.getOrDefault(file.substring(file.lastIndexOf('.') + 1), "application/octet-stream");
    }

    /** The sum of query parameters {@code a} and {@code b} of {@code query} (without '?'). */
    static long sum(String query) {
        String a = null;
        String b = null;
        for (String pair : query.split("&")) {
            if (pair.startsWith("a=")) {
                a = pair.substring(2);
            } else if (pair.startsWith("b=")) {
                b = pair.substring(2);
            }
        }
        return sum(a, b);
    }

    /** {@code a + b}; what is missing or not a number counts as 0, as HttpArena's reference servers do. */
    static long sum(String a, String b) {
        return parse(a) + parse(b);
    }

    private static long parse(String v) {
        try {
            return v == null ? 0 : Long.parseLong(v);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
