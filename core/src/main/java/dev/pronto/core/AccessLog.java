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
 * {@code GET /users/42 200 512B 840us id=5f3a9c1e2b7d4a60}, plus {@code grpc-status=<code>} for a gRPC
 * call ({@value #GRPC_STATUS}) and {@code trace=<trace id>} when a tracing plugin (such as
 * {@code pronto-opentelemetry}'s) set the request attribute {@value #TRACE_ID}.
 *
 * <p>{@link #json()} logs the same as one JSON object per line instead, for log pipelines:
 * {@code {"method":"GET","uri":"/users/42","route":"/users/{id}","status":200,"bytes":512,"micros":840,
 * "protocol":"HTTP/1.1","requestId":"5f3a9c1e2b7d4a60","traceId":"4bf9...","spanId":"00f0..."}}. With the
 * logger's INFO level off, neither format builds its line.
 */
public final class AccessLog implements Consumer<Routes> {
    /** The request attribute holding the request id. */
    public static final String REQUEST_ID = "requestId";
    /** The request attribute a tracing plugin sets to the trace id; logged when present. */
    public static final String TRACE_ID = "traceId";
    /** The request attribute a tracing plugin sets to the server span id; logged in JSON when present. */
    public static final String SPAN_ID = "spanId";
    /**
     * The request attribute a gRPC plugin ({@code pronto-grpc}) sets to a call's gRPC status code, an
     * {@code Integer} (0 is OK; the HTTP status of a gRPC call is 200 whatever its outcome); logged
     * as {@code grpc-status=N} when present, and turned into the recorded status by {@link RequestMetrics}.
     */
    public static final String GRPC_STATUS = "grpcStatus";
    private static final Logger LOG = LoggerFactory.getLogger("dev.pronto.access");
    private final Format format;

    private enum Format { TEXT, JSON }

    private AccessLog(Format format) {
        this.format = format;
    }

    /** The plugin, logging text lines. */
    public static AccessLog create() {
        return new AccessLog(Format.TEXT);
    }

    /** The plugin, logging one JSON object per line. */
    public static AccessLog json() {
        return new AccessLog(Format.JSON);
    }

    @Override
    public void accept(Routes routes) {
        routes.root().onRequest((req, res) -> {
            String id = requestId(req.header("X-Request-Id"));
            req.attribute(REQUEST_ID, id);
            res.header("X-Request-Id", id);
        }).onResponse((req, status, bytes, nanos) -> {
            if (!LOG.isInfoEnabled()) {
                return;
            }
            Object trace = req.attribute(TRACE_ID);
            Object grpc = req.attribute(GRPC_STATUS);
            if (format == Format.JSON) {
                LOG.info(AccessLogJson.line(req, status, bytes, nanos));
            } else if (trace == null && grpc == null) {
                LOG.info("{} {} {} {}B {}us id={}", req.method(), req.uri(), status, bytes, nanos / 1000,
                        req.attribute(REQUEST_ID));
            } else {
                LOG.info("{} {} {} {}B {}us id={}{}{}", req.method(), req.uri(), status, bytes, nanos / 1000,
                        req.attribute(REQUEST_ID), grpc == null ? "" : " grpc-status=" + grpc,
                        trace == null ? "" : " trace=" + trace);
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
