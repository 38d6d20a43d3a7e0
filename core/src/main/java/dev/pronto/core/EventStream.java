package dev.pronto.core;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * A server-sent events stream (the WHATWG {@code text/event-stream} format), started by
 * {@link Response#sse()}; works the same over HTTP/1.1 (chunked) and HTTP/2 (DATA frames).
 *
 * <pre>{@code
 * r.get("/ticks", (req, res) -> {
 *     EventStream events = res.sse();
 *     String resumeAfter = events.lastEventId();        // null on a first connection
 *     events.event("tick", "42", "1").thenCompose(v -> events.comment("heartbeat"));
 * });
 * }</pre>
 *
 * <p>Threading: any thread; events leave in call order. Backpressure: each stage completes once
 * the event has been handed to the socket (and fails once the client has gone), so a producer that
 * waits for the previous stage never buffers more than one event per stream. Lifetime: the stream
 * stays open until {@link #close()} or until the client disconnects; no response timeout applies
 * once it has started.
 */
public interface EventStream {
    /**
     * Sends one event: {@code event: name} (omitted when null), one {@code data:} line per line of
     * {@code data}, and {@code id: id} (omitted when null), then the blank line that dispatches it.
     *
     * @throws IllegalArgumentException if {@code name} or {@code id} contains CR or LF, or {@code id} NUL
     */
    CompletionStage<Void> event(String name, String data, String id);

    /** Sends an unnamed event carrying {@code data}. */
    CompletionStage<Void> data(String data);

    /** Sends a comment line ({@code : text}), ignored by clients: a heartbeat that keeps proxies from timing out. */
    CompletionStage<Void> comment(String text);

    /** Tells the client how long to wait before reconnecting ({@code retry:}). */
    CompletionStage<Void> retry(Duration delay);

    /** The {@code Last-Event-ID} the client sent to resume after a reconnect, or null. */
    String lastEventId();

    /** Ends the stream (and the response). */
    CompletionStage<Void> close();
}
