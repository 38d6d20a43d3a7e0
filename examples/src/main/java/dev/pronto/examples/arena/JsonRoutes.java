package dev.pronto.examples.arena;

import dev.pronto.core.Request;
import dev.pronto.core.Response;
import dev.pronto.core.Routes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** {@code /json/{count}?m=} and {@code /json}: the first items with their totals, serialized per request. */
final class JsonRoutes implements Consumer<Routes> {
    private final Supplier<List<Model.Item>> dataset;

    /** Serves {@code dataset}, asked for on each request (see {@link Dataset#lazy}). */
    JsonRoutes(Supplier<List<Model.Item>> dataset) {
        this.dataset = dataset;
    }

    @Override
    public void accept(Routes r) {
        r.get("/json/{count}", (req, res) -> send(req, res, count(req.param("count"))))
                .get("/json", (req, res) -> send(req, res, dataset.get().size()));
    }

    private static int count(String raw) {
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new dev.pronto.core.BadRequestException("count must be an integer, got '"
                    + dev.pronto.core.HttpException.excerpt(raw) + "'");
        }
    }

    private void send(Request req, Response res, int requested) {
        long m = req.query("m") == null ? 1 : BaselineRoutes.intParam(req, "m");
        List<Model.Item> dataset = this.dataset.get();
        int n = Math.max(0, Math.min(requested, dataset.size()));
        List<Model.PricedItem> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Model.Item it = dataset.get(i);
            items.add(new Model.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(), it.active(),
                    it.tags(), it.rating(), (long) it.price() * it.quantity() * m));
        }
        res.json(new Model.PricedItems(items, n));
    }
}
