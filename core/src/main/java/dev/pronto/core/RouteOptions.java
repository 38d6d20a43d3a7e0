package dev.pronto.core;

import java.util.Objects;

/**
 * How a route runs: on which thread its handler executes and whether its request body is
 * aggregated before the handler or streamed to it. A property of the route, not of the handler, so
 * any decorator of a handler keeps the route's behaviour and every combination works.
 *
 * <pre>{@code
 * r.get("/report", RouteOptions.blocking(), (req, res) -> res.send(jdbc.report()));
 * r.post("/upload", RouteOptions.blocking().streamingBody(), (req, res) -> store(req.bodyStream()));
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param execution where the handler runs
 * @param body how the request body reaches the handler
 * @param forms the limits of {@link Request#form()} and {@link Request#multipart()} on this route, or null for
 *        its group's ({@link Routes#formLimits(FormLimits)})
 * @param doc how the route appears in the OpenAPI document ({@link OpenApi}), or null for not at all
 */
public record RouteOptions(Execution execution, BodyMode body, FormLimits forms, RouteDoc doc) {
    private static final RouteOptions DEFAULT = new RouteOptions(Execution.EVENT_LOOP, BodyMode.AGGREGATED);
    private static final RouteOptions BLOCKING = new RouteOptions(Execution.BLOCKING, BodyMode.AGGREGATED);

    /** Where a handler runs. */
    public enum Execution {
        /** On the connection's event loop: the handler must not block. */
        EVENT_LOOP,
        /**
         * On a fresh virtual thread: the handler may block (JDBC, files, {@code HttpClient.send}).
         * The response completes when the handler returns, unless it called {@link Response#async()}.
         */
        BLOCKING
    }

    /** How the request body reaches the handler. */
    public enum BodyMode {
        /** Read completely (up to {@code maxBodySize}) before hooks and handler run. */
        AGGREGATED,
        /**
         * Handed over as it arrives: the handler runs once the head has arrived and reads the body
         * with {@link Request#onBody(BodyListener)} (event loop) or {@link Request#bodyStream()}
         * (blocking routes only). The socket is not read faster than the handler consumes, and a
         * response sent before the body ended closes the connection after it. The body must keep
         * arriving at {@code minBodyRate} on average (past {@code minBodyRateGrace}), as an aggregated
         * one must, so a body dripped a byte at a time is cut with 408.
         */
        STREAMING,
        /**
         * Streamed as {@link #STREAMING}, for a long-lived stream of messages that arrives at the
         * sender's application pace and that the handler bounds one by one (gRPC client and
         * bidirectional streams): {@code minBodyRate} does not apply (only silence for
         * {@code bodyReadTimeout} ends it), and over HTTP/2 the stream's bytes do not count against
         * {@code maxBodySize} as a whole, so a client stream may run for hours. Memory stays bounded by
         * the same back-pressure. HTTP/1.1 bodies keep the size limit.
         */
        MESSAGE_STREAM
    }

    /** Validates execution and body; {@code forms} and {@code doc} may be null. */
    public RouteOptions {
        Objects.requireNonNull(execution, "execution");
        Objects.requireNonNull(body, "body");
    }

    /** Options with form limits of their own ({@code forms} may be null) and no document entry. */
    public RouteOptions(Execution execution, BodyMode body, FormLimits forms) {
        this(execution, body, forms, null);
    }

    /** Options without form limits of their own: the group's apply. */
    public RouteOptions(Execution execution, BodyMode body) {
        this(execution, body, null, null);
    }

    /** These options with {@code limits} for this route's forms, over its group's. */
    public RouteOptions forms(FormLimits limits) {
        return new RouteOptions(execution, body, Objects.requireNonNull(limits, "limits"), doc);
    }

    /**
     * These options with {@code description}: the route appears in the document {@link OpenApi} serves, at
     * the path the server routes (group prefixes included).
     */
    public RouteOptions doc(RouteDoc description) {
        return new RouteOptions(execution, body, forms, Objects.requireNonNull(description, "doc"));
    }

    /** Event loop, aggregated body: what {@code r.get(path, handler)} uses. */
    public static RouteOptions defaults() {
        return DEFAULT;
    }

    /** Runs the handler on a virtual thread, with an aggregated body. */
    public static RouteOptions blocking() {
        return BLOCKING;
    }

    /** Runs the handler on the event loop and streams the body to it. */
    public static RouteOptions streaming() {
        return DEFAULT.streamingBody();
    }

    /** These options with the body streamed to the handler. */
    public RouteOptions streamingBody() {
        return new RouteOptions(execution, BodyMode.STREAMING, forms, doc);
    }

    /** These options with the body streamed as a message stream ({@link BodyMode#MESSAGE_STREAM}). */
    public RouteOptions messageStream() {
        return new RouteOptions(execution, BodyMode.MESSAGE_STREAM, forms, doc);
    }

    /** Whether the handler runs on a virtual thread. */
    public boolean isBlocking() {
        return execution == Execution.BLOCKING;
    }

    /** Whether the body is streamed to the handler ({@link BodyMode#STREAMING} or {@link BodyMode#MESSAGE_STREAM}). */
    public boolean isStreaming() {
        return body != BodyMode.AGGREGATED;
    }

    /** Whether the body is a message stream, not bounded by {@code maxBodySize} as a whole over HTTP/2. */
    public boolean isMessageStream() {
        return body == BodyMode.MESSAGE_STREAM;
    }
}
