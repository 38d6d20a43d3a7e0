package dev.pronto.core;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An opt-in access log and request id, as a plugin: {@code routes.register(AccessLog.create())}.
 *
 * <p>Every request gets an id: the client's {@code X-Request-Id} when it sends a usable one
 * (printable ASCII, at most 128 characters), otherwise a generated one. The id is echoed in the
 * response's {@code X-Request-Id}, stored as the request attribute {@code "requestId"}, and named
 * in the server's log line for unhandled errors. After each response one line is logged at INFO
 * to the SLF4J logger {@code dev.pronto.access}:
 * {@code GET /users/42 200 512B 840us id=5f3a9c1e2b7d4a60}.
 */
public final class AccessLog implements Consumer<Routes> {
    /** The request attribute holding the request id. */
    public static final String REQUEST_ID = "requestId";
    private static final Logger LOG = LoggerFactory.getLogger("dev.pronto.access");

    private AccessLog() {
    }

    /** The plugin. */
    public static AccessLog create() {
        return new AccessLog();
    }

    @Override
    public void accept(Routes routes) {
        routes.root().onRequest((req, res) -> {
            String id = requestId(req.header("X-Request-Id"));
            req.attribute(REQUEST_ID, id);
            res.header("X-Request-Id", id);
        }).onResponse((req, status, bytes, nanos) -> {
            if (LOG.isInfoEnabled()) {
                LOG.info("{} {} {} {}B {}us id={}", req.method(), req.uri(), status, bytes, nanos / 1000,
                        req.attribute(REQUEST_ID));
            }
        });
    }

    static String requestId(String sent) {
        if (sent != null && !sent.isEmpty() && sent.length() <= 128 && sent.chars().allMatch(c -> c > 0x20 && c < 0x7F)) {
            return sent;
        }
        return Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
    }
}
