package dev.pronto.examples.arena;

import com.dslplatform.json.CompiledJson;
import com.dslplatform.json.JsonAttribute;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The JSON shapes of the arena endpoints; converters are generated at compile time. */
final class Model {
    /** The largest id: the {@code items.id} column is a Postgres {@code integer}. */
    static final long MAX_ID = Integer.MAX_VALUE;
    /** Text Postgres can store: no NUL character (it refuses one with SQLSTATE 22021). */
    static final String STORABLE = "[^\\x00]*";

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

    /**
     * A crud create body; also its 201 answer and the 200 of an update (the row as stored). Its
     * bounds are the table's: an id fits the {@code integer} column, and text holds no NUL. Price and
     * quantity are {@code mandatory}: absent, DSL-JSON refuses the body (400) instead of reading 0.
     */
    @CompiledJson
    record NewItem(@Positive @Max(MAX_ID) long id,
                   @NotBlank @Size(max = 200) @Pattern(regexp = STORABLE) String name,
                   @NotBlank @Size(max = 100) @Pattern(regexp = STORABLE) String category,
                   @JsonAttribute(mandatory = true) @PositiveOrZero int price,
                   @JsonAttribute(mandatory = true) @PositiveOrZero int quantity) {
    }

    /** A crud update body: the name, price and quantity change; a category sent is not stored. */
    @CompiledJson
    record ItemUpdate(@NotBlank @Size(max = 200) @Pattern(regexp = STORABLE) String name,
                      @Size(max = 100) @Pattern(regexp = STORABLE) String category,
                      @JsonAttribute(mandatory = true) @PositiveOrZero int price,
                      @JsonAttribute(mandatory = true) @PositiveOrZero int quantity) {
    }

    /** A row of the production-stack's {@code users} table, the body of {@code /api/me}. */
    @CompiledJson
    record User(int id, String name, String email, String plan) {
    }
}
