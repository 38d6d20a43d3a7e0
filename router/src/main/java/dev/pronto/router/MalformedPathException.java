package dev.pronto.router;

/**
 * Thrown when a param value cannot be percent-decoded: a {@code %} not followed by two hex
 * digits, or bytes that are not valid UTF-8.
 *
 * <p>Lookup never throws it; only {@link RouteMatch#param(String)} and {@link RouteMatch#param(int)}
 * do, when the value is decoded. A server should answer 400. The message names the param and the
 * problem and is safe to show to the client (it quotes only the request's own text).
 */
public final class MalformedPathException extends IllegalArgumentException {
    /** The name of the param whose value is malformed. */
    private final String param;

    /**
     * Creates an exception for the param {@code param}.
     *
     * @param param the name of the param whose value is malformed
     * @param message what is wrong, naming the param
     */
    public MalformedPathException(String param, String message) {
        super(message);
        this.param = param;
    }

    /** The name of the param whose value could not be decoded. */
    public String param() {
        return param;
    }
}
