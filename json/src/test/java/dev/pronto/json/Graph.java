package dev.pronto.json;

import com.dslplatform.json.CompiledJson;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Public records referring to each other: DSL-JSON's converters for public types look up the
 * converters of the types they hold when they are built, so these catch a registration order that
 * builds a holder before what it holds ({@link ProntoJsonGraphTest}).
 */
public final class Graph {
    private Graph() {
    }

    /** An enum held by value. */
    public enum Status { NEW, SOLD }

    /** The leaf every other record holds. */
    @CompiledJson
    public record Item(long id, String name, Status status) {
    }

    /** The shape: a list of another record. */
    @CompiledJson
    public record Page(List<Item> items, int count) {
    }

    /** Every container of {@link Item} DSL-JSON generates code for. */
    @CompiledJson
    public record Shelf(Item first, Optional<Item> featured, Map<String, Item> byName, Set<Item> unique,
            Item[] row, List<Status> statuses) {
    }

    /** Three levels: a holder of a holder of {@link Item}. */
    @CompiledJson
    public record Store(String name, List<Page> pages, Map<String, Shelf> shelves) {
    }
}
