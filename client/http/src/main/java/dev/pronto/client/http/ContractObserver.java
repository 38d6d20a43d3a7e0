package dev.pronto.client.http;

import java.util.function.BiConsumer;

/**
 * Watches the calls of a {@link ContractClient}: told when each call starts, with the chance to add
 * headers (a trace context), and of its outcome. {@code pronto-opentelemetry}'s
 * {@code ContractTracing} is the implementation that opens a client span and injects W3C
 * {@code traceparent}/{@code tracestate}; it is installed explicitly, with
 * {@link ContractClient#observed(ContractObserver)} (no class-path scanning, no service loading).
 *
 * <p>Threading: {@link #start} runs on the thread making the call, before anything is sent;
 * {@link Call#response} and {@link Call#end} on the client's event loop (or the caller's thread for a
 * call that failed before sending). Implementations must be thread-safe and must not block.
 */
@FunctionalInterface
public interface ContractObserver {
    /**
     * A call starts: one per call, whatever its retries.
     *
     * @param method the HTTP method
     * @param uri the absolute request URI
     * @param headers adds a header to every attempt of the call
     * @return what is told of the call's outcome; never null
     */
    Call start(String method, String uri, BiConsumer<String, String> headers);

    /** One observed call. */
    interface Call {
        /** An attempt was answered with {@code status} (any status, before it is decoded or mapped). */
        void response(int status);

        /** The call is over: {@code failure} is null on success, else what the call's stage fails with. Once. */
        void end(Throwable failure);
    }
}
