package dev.pronto.core;

/**
 * The {@code onError} hook: observes every error that becomes an error response (after error
 * handlers chose the answer), for logging or metrics. Runs on the thread that raised the error.
 */
@FunctionalInterface
public interface ErrorHook {
    /**
     * Observes {@code error} raised while handling {@code req}.
     *
     * @param status the status answered
     */
    void handle(Request req, Throwable error, int status);
}
