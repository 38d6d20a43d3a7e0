package dev.pronto.examples.arena;

import dev.pronto.core.annotation.Get;
import dev.pronto.core.annotation.PathParam;
import dev.pronto.core.annotation.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * HttpArena's json profile: the first items of the dataset with their totals, serialized per request.
 * The processor generates {@code JsonController$Routes} and its part of the OpenAPI document.
 */
final class JsonController {
    private final Supplier<List<Model.Item>> dataset;

    /** Serves {@code dataset}, asked for on each request (see {@link Dataset#lazy}). */
    JsonController(Supplier<List<Model.Item>> dataset) {
        this.dataset = dataset;
    }

    /**
     * The first items of the dataset with their totals. Each total is price times quantity times
     * {@code m}; a count beyond the dataset gives every item.
     */
    @Get("/json/{count}")
    Model.PricedItems first(@PathParam int count, @Query Optional<Long> m) {
        return items(count, m.orElse(1L));
    }

    /** Every item of the dataset with its total, price times quantity times {@code m}. */
    @Get("/json")
    Model.PricedItems all(@Query Optional<Long> m) {
        return items(Integer.MAX_VALUE, m.orElse(1L));
    }

    private Model.PricedItems items(int requested, long m) {
        List<Model.Item> items = dataset.get();
        int n = Math.max(0, Math.min(requested, items.size()));
        List<Model.PricedItem> priced = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Model.Item it = items.get(i);
            priced.add(new Model.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(), it.active(),
                    it.tags(), it.rating(), (long) it.price() * it.quantity() * m));
        }
        return new Model.PricedItems(priced, n);
    }
}
