package dev.pronto.core.internal;

import dev.pronto.core.ErrorHandler;
import dev.pronto.core.Handler;
import dev.pronto.router.Router;
import java.util.List;
import java.util.Map;

/**
 * The compiled routes and error handlers of a server; immutable and shared by every connection.
 *
 * @param router the radix router of handlers
 * @param byStatus error handlers per status code
 * @param byType error handlers per exception type, most specific found by walking superclasses
 */
public record RouteTable(Router<Handler> router, Map<Integer, ErrorHandler<Throwable>> byStatus,
                         Map<Class<?>, ErrorHandler<Throwable>> byType) {
    /** Copies the maps. */
    public RouteTable {
        byStatus = Map.copyOf(byStatus);
        byType = Map.copyOf(byType);
    }

    /** The handler for {@code error}: by its type (nearest superclass first), then by status. */
    ErrorHandler<Throwable> errorHandler(Throwable error, int status) {
        if (!byType.isEmpty()) {
            for (Class<?> c = error.getClass(); c != null; c = c.getSuperclass()) {
                ErrorHandler<Throwable> h = byType.get(c);
                if (h != null) {
                    return h;
                }
            }
        }
        return byStatus.isEmpty() ? null : byStatus.get(status);
    }

    /** Patterns registered, for logs. */
    List<String> patterns() {
        return router.routes().stream().map(r -> r.method() + " " + r.pattern()).toList();
    }
}
