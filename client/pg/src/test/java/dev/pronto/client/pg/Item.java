package dev.pronto.client.pg;

import io.vertx.core.json.JsonArray;
import java.util.List;

/** An HttpArena item as the tests read it. */
record Item(int id, String name, String category, int price, int quantity, boolean active, List<String> tags,
        int ratingScore, int ratingCount) {
    static final RowMapper<Item> ROW = row -> new Item(row.getInteger(0), row.getString(1), row.getString(2),
            row.getInteger(3), row.getInteger(4), row.getBoolean(5), strings((JsonArray) row.getValue(6)),
            row.getInteger(7), row.getInteger(8));

    @SuppressWarnings("unchecked")
    private static List<String> strings(JsonArray array) {
        return List.copyOf((List<String>) (List<?>) array.getList());
    }
}
