package dev.pronto.examples.arena;

import com.dslplatform.json.CompiledJson;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The JSON shapes of the arena endpoints; converters are generated at compile time. */
final class Model {
    private Model() {
    }

    /** Rating of an item. */
    @CompiledJson
    record Rating(int score, int count) {
    }

    /** An item of the dataset, as in {@code dataset.json} and the {@code items} table. */
    @CompiledJson
    record Item(long id, String name, String category, int price, int quantity, boolean active,
                List<String> tags, Rating rating) {
    }

    /** An item of {@code /json} with its computed total. */
    @CompiledJson
    record PricedItem(long id, String name, String category, int price, int quantity, boolean active,
                      List<String> tags, Rating rating, long total) {
    }

    /** The body of {@code /json}. */
    @CompiledJson
    record PricedItems(List<PricedItem> items, int count) {
    }

    /** The body of {@code /async-db}. */
    @CompiledJson
    record DbItems(List<Item> items, int count) {
    }

    /** {@code dataset.json}, a top-level array, read as this record's only field. */
    @CompiledJson
    record DatasetFile(List<Item> items) {
    }

    /** The body of the crud list. */
    @CompiledJson
    record Page(List<Item> items, int total, int page, int limit) {
    }

    /** A crud create body; also its 201 answer. */
    @CompiledJson
    record NewItem(@Positive long id, @NotBlank @Size(max = 200) String name, @NotBlank @Size(max = 100) String category,
                   @PositiveOrZero int price, @PositiveOrZero int quantity) {
    }

    /** A crud update body. */
    @CompiledJson
    record ItemUpdate(@NotBlank @Size(max = 200) String name, @Size(max = 100) String category,
                      @PositiveOrZero int price, @PositiveOrZero int quantity) {
    }

    /** A row of the production-stack's {@code users} table, the body of {@code /api/me}. */
    @CompiledJson
    record User(int id, String name, String email, String plan) {
    }
}
