package dev.pronto.core;

/**
 * The {@code onSend} hook: runs just before a response head is encoded and may change the status
 * and add headers (security headers, caching, a request id). Runs on the thread that sends the
 * response; must be fast and must not send.
 */
@FunctionalInterface
public interface SendHook {
    /**
     * Adjusts {@code res} before it is written.
     *
     * @param req the request being answered
     * @param res the response about to be written; {@code status} and {@code header} may be called
     */
    void handle(Request req, Response res);
}
