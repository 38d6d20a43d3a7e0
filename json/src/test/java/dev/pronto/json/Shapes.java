package dev.pronto.json;

import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The JSON shapes the tests round-trip; each converter is generated at compile time. */
final class Shapes {
    private Shapes() {
    }

    enum Category { ELECTRONICS, TOOLS, GARDEN }

    @CompiledJson
    record Rating(int score, int count) {
    }

    @CompiledJson
    record Item(long id, String name, Category category, int price, boolean active,
            List<String> tags, Rating rating) {
    }

    @CompiledJson
    record Catalog(Map<String, Integer> stock, List<Item> items) {
    }

    @CompiledJson
    record Event(String name, @JsonAttribute(converter = InstantConverter.class) Instant at,
            Optional<String> note, long sequence) {
    }

    @CompiledJson
    record Order(@JsonAttribute(mandatory = true) long id,
            @JsonAttribute(mandatory = true, nullable = false) String customer) {
    }

    @CompiledJson
    record Node(String name, List<Node> children) {
    }

    @CompiledJson
    record Quantity(int value) {
        Quantity {
            if (value < 0) {
                throw new IllegalArgumentException("quantity must not be negative, got " + value);
            }
        }
    }

    /** Deliberately not annotated: no converter is generated for it. */
    record Unregistered(String name) {
    }
}
