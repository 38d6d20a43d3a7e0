package dev.pronto.client.http;

/**
 * Receives the outcome of {@link HttpClient#send(ClientRequest, ResponseListener)}: the
 * zero-garbage path. Called once, on the event loop that ran the request; must not block.
 */
@FunctionalInterface
public interface ResponseListener {
    /**
     * Handles the outcome: exactly one of {@code response} and {@code failure} is non-null.
     * The response is pooled and valid only until this method returns; it is released then, so
     * copy or {@code body().retain()} what must outlive the call, and do not close it.
     *
     * @param response the response, or null on failure
     * @param failure a {@link ClientException} (or an unexpected error), or null on success
     */
    void complete(ClientResponse response, Throwable failure);
}
