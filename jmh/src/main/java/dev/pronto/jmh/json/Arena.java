package dev.pronto.jmh.json;

import com.dslplatform.json.CompiledJson;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The HttpArena JSON test's data: items as stored in the dataset, and the {@code /json/{count}}
 * response, which lists the first {@code count} items each with a {@code total} of
 * {@code price * quantity * m}.
 */
public final class Arena {
    /** System property naming the dataset file; relative paths resolve against the working directory. */
    public static final String DATASET_PROPERTY = "arena.dataset";
    /** Where the dataset is when benchmarks run from the project root. */
    public static final String DEFAULT_DATASET = "../shared/arena-data/dataset.json";
    /** The {@code m} query parameter; the load generator's requests use 1 to 8. */
    public static final int MULTIPLIER = 3;

    private Arena() {
    }

    /** An item's rating. */
    @CompiledJson
    public record Rating(int score, int count) {
    }

    /** One dataset item. */
    @CompiledJson
    public record Item(long id, String name, String category, int price, int quantity, boolean active,
            List<String> tags, Rating rating) {
    }

    /** An item in the {@code /json} response. */
    @CompiledJson
    public record PricedItem(long id, String name, String category, int price, int quantity, boolean active,
            List<String> tags, Rating rating, long total) {
    }

    /** The {@code /json/{count}} response body. */
    @CompiledJson
    public record ItemsResponse(List<PricedItem> items, int count) {
    }

    /**
     * Reads the first {@code count} dataset items, with Jackson so that our decoder is not its own
     * test oracle.
     *
     * @throws IllegalStateException if the dataset is missing or holds fewer items
     */
    public static List<Item> items(int count) {
        Path path = Path.of(System.getProperty(DATASET_PROPERTY, DEFAULT_DATASET)).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("HttpArena dataset not found at " + path + ": run from the project"
                    + " root or pass -D" + DATASET_PROPERTY + "=/path/to/dataset.json");
        }
        try {
            List<Item> all = new ObjectMapper().readValue(path.toFile(), new TypeReference<List<Item>>() { });
            if (all.size() < count) {
                throw new IllegalStateException(path + " holds " + all.size() + " items, " + count + " needed");
            }
            return List.copyOf(all.subList(0, count));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path, e);
        }
    }

    /** Builds the response a handler would send for {@code /json/{count}?m=}{@value #MULTIPLIER}. */
    public static ItemsResponse response(List<Item> items) {
        List<PricedItem> priced = items.stream()
                .map(i -> new PricedItem(i.id(), i.name(), i.category(), i.price(), i.quantity(), i.active(),
                        i.tags(), i.rating(), (long) i.price() * i.quantity() * MULTIPLIER))
                .toList();
        return new ItemsResponse(priced, priced.size());
    }
}
