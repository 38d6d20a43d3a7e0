package dev.pronto.core;

import java.util.Objects;

/**
 * The tags of one {@link MeterNames#HTTP_SERVER_REQUESTS} series, handed to
 * {@link RequestTimers#timer(RequestTags)} once per distinct series.
 *
 * @param method the request method, {@code GET}
 * @param uri the route pattern or one of {@link MeterNames}' {@code URI_*} values
 * @param status the response status
 * @param protocol {@code HTTP/1.1}, {@code HTTP/2.0}, or another carrier's name
 */
public record RequestTags(String method, String uri, int status, String protocol) {
    /** Checks every field is present. */
    public RequestTags {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(protocol, "protocol");
    }

    /** The {@link MeterNames#OUTCOME} tag of {@link #status()}. */
    public String outcome() {
        return MeterNames.outcome(status);
    }
}
