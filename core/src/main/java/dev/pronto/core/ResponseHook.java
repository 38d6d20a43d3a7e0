package dev.pronto.core;

/**
 * The {@code onResponse} hook: runs on the event loop after the response has been handed to the
 * socket (timing, access logs, metrics). The request is still readable during the call.
 */
@FunctionalInterface
public interface ResponseHook {
    /**
     * Observes a finished exchange.
     *
     * @param req the request
     * @param status the status sent
     * @param bytes the bytes of the response (head and body; -1 for streamed bodies)
     * @param nanos time from the request head's arrival to the response's hand-off
     */
    void handle(Request req, int status, long bytes, long nanos);
}
