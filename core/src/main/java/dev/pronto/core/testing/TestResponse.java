package dev.pronto.core.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A complete response received by {@link TestClient}. Immutable; safe to keep.
 *
 * @param protocol the version of the status line, e.g. {@code HTTP/1.1}
 * @param status the status code
 * @param headers header fields in order as name/value pairs, names as sent
 * @param body the body bytes (de-chunked)
 * @param trailers trailer fields in order (HTTP/1.1 chunked trailer section, HTTP/2 trailing HEADERS)
 */
public record TestResponse(String protocol, int status, List<Map.Entry<String, String>> headers, byte[] body,
                           List<Map.Entry<String, String>> trailers) {
    /** Copies the field lists. */
    public TestResponse {
        headers = List.copyOf(headers);
        trailers = List.copyOf(trailers);
    }

    /** A response without trailers. */
    public TestResponse(String protocol, int status, List<Map.Entry<String, String>> headers, byte[] body) {
        this(protocol, status, headers, body, List.of());
    }

    /** The first value of trailer {@code name} (case-insensitive), or null. */
    public String trailer(String name) {
        for (Map.Entry<String, String> h : trailers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                return h.getValue();
            }
        }
        return null;
    }

    /** The first value of header {@code name} (case-insensitive), or null. */
    public String header(String name) {
        for (Map.Entry<String, String> h : headers) {
            if (h.getKey().equalsIgnoreCase(name)) {
                return h.getValue();
            }
        }
        return null;
    }

    /** Every value of header {@code name} (case-insensitive), in order. */
    public List<String> headers(String name) {
        List<String> values = new ArrayList<>();
        String lower = name.toLowerCase(Locale.ROOT);
        headers.forEach(h -> {
            if (h.getKey().toLowerCase(Locale.ROOT).equals(lower)) {
                values.add(h.getValue());
            }
        });
        return values;
    }

    /** The body decoded as UTF-8. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
