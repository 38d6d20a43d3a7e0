package dev.pronto.jmh.vertxarena;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.util.ArrayList;
import java.util.List;

/**
 * The arena app's routes on a Vert.x Web {@link Router}: {@code /pipeline},
 * {@code /baseline11}, {@code /baseline2}, {@code /upload} (streamed and counted), {@code /json/:count},
 * {@code /static/*}, {@code /ws} (echo), {@code /metrics}, the database and health routes. The state shared by
 * every event loop is built once ({@link Shared}); each verticle builds its own router over it.
 */
final class ArenaRoutes {
    /** The arena app's 64 MiB body limit. */
    private static final long MAX_BODY = 64L * 1024 * 1024;

    /** What all event loops share: data, caches, the pool and the registry. */
    record Shared(Dataset dataset, StaticCache files, DbRoutes db, CrudRoutes crud, ArenaMetrics metrics) {
    }

    private ArenaRoutes() {
    }

    /** A router over {@code shared}, for one verticle. */
    static Router router(Vertx vertx, Shared shared) {
        Router router = Router.router(vertx);
        // Client errors answer plainly; without these handlers Vert.x Web logs every one of them as unhandled.
        router.errorHandler(400, rc -> rc.response().setStatusCode(400).end("Bad Request"));
        router.errorHandler(404, rc -> rc.response().setStatusCode(404).end("Not Found"));
        BodyHandler body = BodyHandler.create(false).setBodyLimit(MAX_BODY);
        router.get("/pipeline").handler(rc -> text(rc, "ok"));
        router.get("/baseline11").handler(rc -> sum(rc, 0));
        router.post("/baseline11").handler(body).handler(rc -> {
            String number = rc.body().asString("US-ASCII").strip();
            Integer n = number.isEmpty() ? Integer.valueOf(0) : Params.parse(rc, number);
            if (n != null) {
                sum(rc, n);
            }
        });
        router.get("/baseline2").handler(rc -> sum(rc, 0));
        router.post("/upload").handler(ArenaRoutes::upload);
        router.get("/json/:count").handler(rc -> {
            Integer count = Params.parse(rc, rc.pathParam("count"));
            if (count != null) {
                json(rc, shared.dataset(), count);
            }
        });
        router.get("/json").handler(rc -> json(rc, shared.dataset(), Integer.MAX_VALUE));
        router.get("/static/*").handler(shared.files()::handle);
        router.get("/ws").handler(rc -> rc.request().toWebSocket().onSuccess(ws -> {
            ws.textMessageHandler(ws::writeTextMessage);
            ws.binaryMessageHandler(ws::writeBinaryMessage);
        }).onFailure(e -> {
            // not an upgrade Vert.x accepts (an HTTP/2 GET, say): Vert.x answered an HTTP/1.1 one already
            if (!rc.response().ended()) {
                rc.fail(400);
            }
        }));
        router.get("/metrics").handler(shared.metrics()::scrape);
        shared.db().mount(router);
        shared.crud().mount(router, body);
        return router;
    }

    private static void sum(RoutingContext rc, long extra) {
        Integer a = Params.integer(rc, "a", 0);
        Integer b = Params.integer(rc, "b", 0);
        if (a != null && b != null) {
            text(rc, Long.toString((long) a + b + extra));
        }
    }

    private static void upload(RoutingContext rc) {
        HttpServerRequest req = rc.request();
        long[] bytes = {0};
        req.handler(chunk -> bytes[0] += chunk.length());
        req.endHandler(v -> text(rc, Long.toString(bytes[0])));
    }

    private static void json(RoutingContext rc, Dataset dataset, int requested) {
        Integer m = Params.integer(rc, "m", 1);
        if (m == null) {
            return;
        }
        dataset.items().onFailure(rc::fail).onSuccess(items -> {
            int n = Math.clamp(requested, 0, items.size());
            List<Model.PricedItem> priced = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Model.Item it = items.get(i);
                priced.add(new Model.PricedItem(it.id(), it.name(), it.category(), it.price(), it.quantity(),
                        it.active(), it.tags(), it.rating(), (long) it.price() * it.quantity() * m));
            }
            rc.response().putHeader("content-type", "application/json")
                    .end(Json.encodeToBuffer(new Model.PricedItems(priced, n)));
        });
    }

    private static void text(RoutingContext rc, String body) {
        rc.response().putHeader("content-type", "text/plain").end(body);
    }
}
