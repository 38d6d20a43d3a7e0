package dev.pronto.jmh.vertxarena;

import java.util.List;

/** The JSON shapes of the arena endpoints, mapped by Vert.x's Jackson codec (the arena app's {@code Model}). */
final class Model {
    private Model() {
    }

    /** Rating of an item. */
    record Rating(int score, int count) {
    }

    /** An item of {@code dataset.json} and of the {@code items} table. */
    record Item(long id, String name, String category, int price, int quantity, boolean active, List<String> tags,
                Rating rating) {
    }

    /** An item of {@code /json} with its computed total. */
    record PricedItem(long id, String name, String category, int price, int quantity, boolean active,
                      List<String> tags, Rating rating, long total) {
    }

    /** The body of {@code /json}. */
    record PricedItems(List<PricedItem> items, int count) {
    }

    /** The body of {@code /async-db}. */
    record DbItems(List<Item> items, int count) {
    }

    /** The body of the crud list. */
    record Page(List<Item> items, int total, int page, int limit) {
    }

    /** A crud create body; also its 201 answer. */
    record NewItem(long id, String name, String category, int price, int quantity) {
    }

    /** A crud update body. */
    record ItemUpdate(String name, String category, int price, int quantity) {
    }
}
