package dev.pronto.client.http.internal;

import dev.pronto.client.http.ClientRequest;
import io.netty.handler.codec.Headers;
import io.netty.util.AsciiString;
import java.util.List;
import java.util.Locale;

/**
 * What HTTP/2 and HTTP/3 share in the field sections of a request and the status of a response
 * (RFC 9113 §8.2-8.3, RFC 9114 §4.2-4.3): the {@code :authority} and {@code :path} values, the request's
 * fields in lower case without the connection-specific ones both forbid, and the content length.
 * Stateless; any thread.
 */
public final class RequestFields {
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    private RequestFields() {
    }

    /** The {@code :authority} of {@code r}: its Host field, or its host with the port unless the scheme's default. */
    public static String authority(ClientRequest r) {
        String host = r.header("host");
        if (host != null) {
            return host;
        }
        String h = r.host().indexOf(':') >= 0 ? "[" + r.host() + "]" : r.host();
        return r.port() == (r.https() ? 443 : 80) ? h : h + ":" + r.port();
    }

    /** The {@code :path} of {@code r}: raw path ({@code /} when empty) and query. */
    public static String path(ClientRequest r) {
        String path = r.uri().getRawPath();
        String query = r.uri().getRawQuery();
        return (path == null || path.isEmpty() ? "/" : path) + (query == null ? "" : "?" + query);
    }

    /** Adds the fields of {@code r} to {@code h} in lower case, leaving out the connection-specific ones. */
    public static void addFields(ClientRequest r, Headers<CharSequence, CharSequence, ?> h) {
        List<String> fields = r.headers();
        for (int i = 0; i < fields.size(); i += 2) {
            String name = fields.get(i).toLowerCase(Locale.ROOT);
            String value = fields.get(i + 1);
            if (!connectionSpecific(name, value)) {
                h.add(name, value);
            }
        }
    }

    /** Adds {@code content-length} for a fixed body, or 0 for a method other than GET and HEAD without a body. */
    public static void addContentLength(ClientRequest r, Headers<CharSequence, CharSequence, ?> h) {
        if (r.body() != null || r.bodyStream() == null && !r.method().equals("GET") && !r.method().equals("HEAD")) {
            h.addInt(CONTENT_LENGTH, r.body() == null ? 0 : r.body().readableBytes());
        }
    }

    /** The status in a {@code :status} value, or -1 when it is missing or not three digits in 100..599. */
    public static int status(CharSequence s) {
        if (s == null || s.length() != 3) {
            return -1;
        }
        int v = 0;
        for (int i = 0; i < 3; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + c - '0';
        }
        return v >= 100 && v <= 599 ? v : -1;
    }

    private static boolean connectionSpecific(String name, String value) {
        return switch (name) {
            case "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade" -> true;
            case "te" -> !value.trim().equalsIgnoreCase("trailers");
            default -> false;
        };
    }
}
