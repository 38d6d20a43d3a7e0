package dev.pronto.core;

/**
 * Takes parts of a {@code multipart/form-data} body as they arrive, for a handler that streams them
 * somewhere itself (object storage, a checksum) instead of letting the server collect them
 * ({@link Request#multipart(PartListener)}). Runs on the connection's event loop and must not block;
 * a consumer that cannot keep up calls {@link Request#pauseBody()} and later {@link Request#resumeBody()}.
 * The {@link FormLimits} still apply to every part.
 */
@FunctionalInterface
public interface PartListener {
    /**
     * A part begins.
     *
     * @param part its name, file name and content type
     * @return the consumer of the part's bytes (its {@code onEnd} runs at the part's end, {@code onError}
     *         if the body fails before it), or null to let the server collect the part into the
     *         {@link FormData} as usual
     * @throws Exception to fail the request, mapped like a handler's exception
     */
    BodyListener onPart(Part part) throws Exception;
}
