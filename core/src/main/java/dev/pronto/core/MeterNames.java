package dev.pronto.core;

/**
 * The names and tag keys of every meter Pronto records: the one source of truth for the built-in
 * Prometheus text ({@link Metrics}) and the {@code pronto-micrometer} binding, which is why both
 * expose the same series. Names are Micrometer's dotted form; Prometheus sees them with dots as
 * underscores and the base unit appended ({@code http.server.requests} becomes
 * {@code http_server_requests_seconds_count}, {@code _sum}, {@code _bucket}).
 *
 * <table>
 * <caption>Meters</caption>
 * <tr><th>name</th><th>type</th><th>tags</th></tr>
 * <tr><td>{@value #HTTP_SERVER_REQUESTS}</td><td>timer</td><td>method, uri, status, outcome, protocol</td></tr>
 * <tr><td>{@value #CONNECTIONS}</td><td>gauge</td><td></td></tr>
 * <tr><td>{@value #PROTOCOL_CONNECTIONS}</td><td>gauge ({@code pronto-micrometer})</td><td>protocol</td></tr>
 * <tr><td>{@value #TLS_HANDSHAKE_FAILURES}</td><td>counter</td><td></td></tr>
 * <tr><td>{@value #EVENT_LOOP_LAG}</td><td>gauge, seconds</td><td></td></tr>
 * <tr><td>{@value #GRPC_SERVER_CALLS}</td><td>timer ({@code pronto-micrometer})</td><td>grpc.method, grpc.status</td></tr>
 * <tr><td>{@value #HTTP2_STREAMS_OPEN}</td><td>gauge, counted on scrape</td><td></td></tr>
 * <tr><td>{@value #HTTP2_STREAMS}</td><td>counter</td><td>outcome ({@link Http2StreamOutcome#tag()})</td></tr>
 * <tr><td>{@value #WEBSOCKET_MESSAGES}</td><td>counter</td><td>direction: {@code in}, {@code out}</td></tr>
 * <tr><td>{@value #WEBSOCKET_CLOSES}</td><td>counter</td><td>code ({@link #webSocketCloseCodeTag(int)})</td></tr>
 * </table>
 *
 * <p>{@code uri} is the route pattern ({@code /users/{id}}), never the path a client sent, so the
 * number of series is bounded by the route table; requests no route matched count under
 * {@value #URI_NOT_FOUND} (404), {@value #URI_REDIRECTION} (3xx) or {@value #URI_UNKNOWN}, as
 * Spring, Quarkus and Micronaut name them.
 */
public final class MeterNames {
    /** Requests answered, as a timer from request head to response hand-off. */
    public static final String HTTP_SERVER_REQUESTS = "http.server.requests";
    /** Open server connections of every listener and protocol. */
    public static final String CONNECTIONS = "pronto.server.connections";
    /** Open server connections by what they speak now ({@link ConnectionKind#tag()} as {@code protocol}). */
    public static final String PROTOCOL_CONNECTIONS = "pronto.server.protocol.connections";
    /** TLS handshakes that failed and were closed. */
    public static final String TLS_HANDSHAKE_FAILURES = "pronto.server.tls.handshake.failures";
    /** The largest delay of a periodic event-loop task since the last read. */
    public static final String EVENT_LOOP_LAG = "pronto.event.loop.lag";

    /** HTTP/2 streams open now, over every connection. */
    public static final String HTTP2_STREAMS_OPEN = "pronto.http2.streams.open";
    /** HTTP/2 streams ended, by {@value #OUTCOME} ({@link Http2StreamOutcome}). */
    public static final String HTTP2_STREAMS = "pronto.http2.streams";
    /** WebSocket messages, by {@value #DIRECTION}; open sessions are {@value #PROTOCOL_CONNECTIONS} {@code protocol=WebSocket}. */
    public static final String WEBSOCKET_MESSAGES = "pronto.websocket.messages";
    /** WebSocket closes (sent or received, whichever ended the session), by {@value #CODE}. */
    public static final String WEBSOCKET_CLOSES = "pronto.websocket.closes";
    /** Tag: {@code in} (received) or {@code out} (sent). */
    public static final String DIRECTION = "direction";
    /** Tag: a WebSocket close code. */
    public static final String CODE = "code";
    /**
     * The values of the {@value #CODE} tag: the codes RFC 6455 and IANA define, 1000 to 1015, then
     * {@code other} for the application codes (3000-4999) and anything else a peer sends, so a client cannot
     * create series.
     */
    public static final java.util.List<String> WEBSOCKET_CLOSE_CODES = java.util.List.of("1000", "1001", "1002",
            "1003", "1004", "1005", "1006", "1007", "1008", "1009", "1010", "1011", "1012", "1013", "1014", "1015", "other");

    /** gRPC calls answered, as a timer, with {@value #GRPC_METHOD} and {@value #GRPC_STATUS} (grpc-java's names). */
    public static final String GRPC_SERVER_CALLS = "grpc.server.call.duration";
    /** Tag: the gRPC method, {@code package.Service/Method}. */
    public static final String GRPC_METHOD = "grpc.method";
    /** Tag: the gRPC status code's name, {@code OK}, {@code NOT_FOUND}. */
    public static final String GRPC_STATUS = "grpc.status";

    /** Tag: the request method, {@code GET}. */
    public static final String METHOD = "method";
    /** Tag: the route pattern, {@code /users/{id}}. */
    public static final String URI = "uri";
    /** Tag: the response status, {@code 200}. */
    public static final String STATUS = "status";
    /** Tag: the status class, {@code SUCCESS}. */
    public static final String OUTCOME = "outcome";
    /** Tag: the protocol, {@code HTTP/1.1}, {@code HTTP/2.0}, or another carrier's name. */
    public static final String PROTOCOL = "protocol";

    /** {@code protocol} of a gRPC call, whatever carried it. */
    public static final String PROTOCOL_GRPC = "grpc";

    /** {@code uri} of a 404 no route matched. */
    public static final String URI_NOT_FOUND = "NOT_FOUND";
    /** {@code uri} of a redirect no route matched. */
    public static final String URI_REDIRECTION = "REDIRECTION";
    /** {@code uri} of any other request no route matched. */
    public static final String URI_UNKNOWN = "UNKNOWN";

    private static final double[] LATENCY_BUCKETS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};

    private static final String[] GRPC_NAMES = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED",
        "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
        "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"};

    // gRPC status code -> HTTP status, as grpc-gateway maps them (CANCELLED is nginx's 499)
    private static final int[] GRPC_HTTP = {200, 499, 500, 400, 504, 404, 409, 403, 429, 400, 409, 400, 501, 500, 503, 500, 401};

    private MeterNames() {
    }

    /**
     * The {@code status} tag of a gRPC call with status code {@code grpcCode}: the HTTP status it maps
     * to (OK 200, INVALID_ARGUMENT 400, NOT_FOUND 404, UNIMPLEMENTED 501, UNAVAILABLE 503,
     * DEADLINE_EXCEEDED 504, ...), so {@code outcome} and dashboards keyed on status classes stay
     * meaningful; an unknown code counts as 500.
     */
    public static int grpcHttpStatus(int grpcCode) {
        return grpcCode >= 0 && grpcCode < GRPC_HTTP.length ? GRPC_HTTP[grpcCode] : 500;
    }

    /** The {@value #CODE} tag of WebSocket close code {@code code}: itself from 1000 to 1015, else {@code other}. */
    public static String webSocketCloseCodeTag(int code) {
        return WEBSOCKET_CLOSE_CODES.get(webSocketCloseCodeIndex(code));
    }

    /** The index of {@link #webSocketCloseCodeTag(int)} in {@link #WEBSOCKET_CLOSE_CODES}. */
    public static int webSocketCloseCodeIndex(int code) {
        return code >= 1000 && code <= 1015 ? code - 1000 : WEBSOCKET_CLOSE_CODES.size() - 1;
    }

    /** The {@value #GRPC_STATUS} tag of gRPC status code {@code grpcCode}: its name, {@code UNKNOWN} for a code outside 0-16. */
    public static String grpcStatusName(int grpcCode) {
        return grpcCode >= 0 && grpcCode < GRPC_NAMES.length ? GRPC_NAMES[grpcCode] : "UNKNOWN";
    }

    /** The upper bounds, in seconds, of {@value #HTTP_SERVER_REQUESTS}' histogram buckets (a fresh copy). */
    public static double[] latencyBucketsSeconds() {
        return LATENCY_BUCKETS.clone();
    }

    /** {@code name} as Prometheus shows it: dots as underscores, then {@code _unit} unless empty. */
    public static String prometheusName(String name, String unit) {
        String base = name.replace('.', '_');
        return unit.isEmpty() ? base : base + '_' + unit;
    }

    /**
     * The {@code uri} tag of a request.
     *
     * @param routePattern the matched route's pattern, or null when none matched
     * @param status the response status
     */
    public static String uri(String routePattern, int status) {
        if (routePattern != null) {
            return routePattern;
        }
        if (status == 404) {
            return URI_NOT_FOUND;
        }
        return status >= 300 && status < 400 ? URI_REDIRECTION : URI_UNKNOWN;
    }

    /** The {@code outcome} tag of {@code status}: {@code INFORMATIONAL}, {@code SUCCESS}, {@code REDIRECTION}, {@code CLIENT_ERROR}, {@code SERVER_ERROR} or {@code UNKNOWN}. */
    public static String outcome(int status) {
        return switch (status / 100) {
            case 1 -> "INFORMATIONAL";
            case 2 -> "SUCCESS";
            case 3 -> "REDIRECTION";
            case 4 -> "CLIENT_ERROR";
            case 5 -> "SERVER_ERROR";
            default -> "UNKNOWN";
        };
    }
}
