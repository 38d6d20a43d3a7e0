package dev.pronto.core.internal.server;

import dev.pronto.core.internal.exchange.RouteEntry;
import dev.pronto.core.internal.exchange.RouteTable;
import dev.pronto.router.Route;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The route table as text: {@code Server.routes()} and the DEBUG lines of the logger
 * {@value #LOGGER} after the listening line. Cold path only (start-up, diagnostics).
 */
public final class RouteListing {
    /** The logger the route table goes to at DEBUG, one line per route, after the listening line. */
    public static final String LOGGER = "dev.pronto.core.Server.routes";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private RouteListing() {
    }

    /** Each route of {@code table} as {@code "METHOD pattern"}, in registration order; an unmodifiable list. */
    public static List<String> lines(RouteTable table) {
        List<String> out = new ArrayList<>();
        for (Route<RouteEntry> r : table.router().routes()) {
            out.add(r.toString());
        }
        return List.copyOf(out);
    }

    /** Logs {@code table} at DEBUG on {@value #LOGGER}, the methods aligned; nothing when DEBUG is off there. */
    static void log(RouteTable table) {
        if (!LOG.isDebugEnabled()) {
            return;
        }
        StringBuilder sb = new StringBuilder("Routes:");
        for (Route<RouteEntry> r : table.router().routes()) {
            String method = r.method().toString();
            sb.append("\n  ").append(method).append(" ".repeat(Math.max(1, 8 - method.length()))).append(r.pattern());
        }
        LOG.debug(sb.toString());
    }
}
