package dev.pronto.core.internal.teleport;

import dev.pronto.core.ServerConfig;
import dev.pronto.core.internal.exchange.BodyDeadline;

/**
 * How long a teleport message may take to arrive: its id and head within {@code headerReadTimeout}
 * of their first byte, its body under the same limits as an HTTP request body ({@link BodyDeadline}),
 * so a message dripped a byte at a time ends like an HTTP request dripped so. Immutable.
 */
final class TeleportDeadlines {
    private final long headerNanos;
    private final BodyDeadline body;

    TeleportDeadlines(ServerConfig config) {
        this.headerNanos = config.headerReadTimeout().toNanos();
        this.body = new BodyDeadline(config);
    }

    /**
     * Whether the message {@code d} holds in part is overdue at {@code now}, {@code quiet} after the
     * last read, with {@code reading} the connection's reading clock at {@code now}.
     */
    boolean overdue(TeleportDecoder d, long now, long quiet, long reading) {
        if (d.inBody()) {
            return body.silent(quiet) || d.ratedBody() && body.tooSlow(d.bodyBytes, reading - d.bodyStartNanos);
        }
        return d.headStartNanos != 0 && now - d.headStartNanos >= headerNanos;
    }
}
