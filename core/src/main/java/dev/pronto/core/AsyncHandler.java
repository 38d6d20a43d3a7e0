package dev.pronto.core;

import java.util.concurrent.CompletionStage;

/**
 * A handler whose result arrives later; register it with {@link Handler#async(AsyncHandler)}.
 * Runs on the event loop like {@link Handler}, and must not block. The stage's value is sent as
 * {@link Response#send(CompletionStage)} describes; an exceptional completion is mapped like an
 * exception thrown by a handler.
 */
@FunctionalInterface
public interface AsyncHandler {
    /**
     * Starts handling {@code req}.
     *
     * @param req the request; valid until the response is sent
     * @param res the response, for status and headers
     * @return the eventual body value; never null
     * @throws Exception mapped to a status like a handler's exception
     */
    CompletionStage<?> handle(Request req, Response res) throws Exception;
}
