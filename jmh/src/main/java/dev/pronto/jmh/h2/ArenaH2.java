package dev.pronto.jmh.h2;

import dev.pronto.jmh.json.Arena;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the arena-shaped h2 servers share, so both do the same work: the dataset, the
 * {@code /json/{count}?m=} response and HttpArena's static directory.
 */
final class ArenaH2 {
    static final List<Arena.Item> ITEMS = Arena.items(50);
    private static final Map<String, String> TYPES = Map.of("css", "text/css", "js", "application/javascript",
            "html", "text/html", "svg", "image/svg+xml", "json", "application/json", "webp", "image/webp",
            "woff2", "font/woff2", "txt", "text/plain");

    private ArenaH2() {
    }

    /** The {@code /json/{count}?m=} response: the first {@code count} items (clamped) with totals. */
    static Arena.ItemsResponse json(String count, String m) {
        int n = Math.max(0, Math.min(ITEMS.size(), parse(count, 0)));
        long k = parse(m, 1);
        List<Arena.PricedItem> priced = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Arena.Item it = ITEMS.get(i);
            priced.add(new Arena.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(), it.active(),
                    it.tags(), it.rating(), (long) it.price() * it.quantity() * k));
        }
        return new Arena.ItemsResponse(priced, n);
    }

    /** HttpArena's static directory, beside the dataset. */
    static Path staticDir() {
        return Path.of(System.getProperty(Arena.DATASET_PROPERTY, Arena.DEFAULT_DATASET)).toAbsolutePath().getParent()
                .resolve("static");
    }

    /** The names of the original (not precompressed) files in the static directory. */
    static List<String> staticFiles() {
        try (Stream<Path> files = Files.list(staticDir())) {
            return files.map(p -> p.getFileName().toString()).filter(f -> !f.endsWith(".br") && !f.endsWith(".gz"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String type(String file) {
        return TYPES.getOrDefault(file.substring(file.lastIndexOf('.') + 1), "application/octet-stream");
    }

    private static int parse(String v, int otherwise) {
        try {
            return v == null ? otherwise : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
