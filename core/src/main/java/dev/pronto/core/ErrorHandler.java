package dev.pronto.core;

/**
 * Turns an error into a response: registered per status with {@link Routes#error(int, ErrorHandler)}
 * or per exception type with {@link Routes#exception(Class, ErrorHandler)}.
 *
 * <p>Runs on the thread that raised the error (the event loop, or the virtual thread of a
 * blocking handler). The response has been reset to the error's status, with no headers set by the
 * failed handler. An error handler that throws makes the server fall back to its plain answer.
 *
 * @param <T> the type of error handled
 */
@FunctionalInterface
public interface ErrorHandler<T extends Throwable> {
    /**
     * Answers {@code error} through {@code res}.
     *
     * @param req the request that failed
     * @param res the response to send; its status is already the error's status
     * @param error what went wrong; an {@link HttpException} for statuses the framework produces
     * @throws Exception if answering fails; the server then sends its plain error response
     */
    void handle(Request req, Response res, T error) throws Exception;
}
