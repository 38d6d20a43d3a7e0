package dev.pronto.core;

import java.util.concurrent.CompletionStage;

/**
 * A lifecycle hook that sees a request before its handler: {@code onRequest} (before routing) or
 * {@code preHandler} (after routing and body decoding). It may answer early by sending a response
 * (for example a 401), in which case later hooks and the handler do not run.
 *
 * <p>Runs on the event loop like a handler and must not block. An exception is mapped like a
 * handler's exception. For work that completes later register an {@link AsyncHook} with
 * {@code Routes.onRequestAsync} or {@code Routes.preHandlerAsync}.
 */
@FunctionalInterface
public interface RequestHook {
    /**
     * Inspects or answers {@code req}.
     *
     * @throws Exception mapped to an error response
     */
    void handle(Request req, Response res) throws Exception;

    /** The asynchronous form of a {@link RequestHook}. */
    @FunctionalInterface
    interface AsyncHook {
        /**
         * Starts the hook's work.
         *
         * @return completes when the request may proceed (or after the hook answered it)
         * @throws Exception mapped to an error response
         */
        CompletionStage<?> handle(Request req, Response res) throws Exception;
    }
}
