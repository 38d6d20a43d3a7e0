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
 */
public record TestResponse(String protocol, int status, List<Map.Entry<String, String>> headers, byte[] body) {
    /** Copies the header list. */
    public TestResponse {
        headers = List.copyOf(headers);
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
