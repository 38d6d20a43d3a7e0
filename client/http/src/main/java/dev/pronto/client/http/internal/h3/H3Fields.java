package dev.pronto.client.http.internal.h3;

import dev.pronto.client.http.ClientRequest;
import io.netty.handler.codec.http3.DefaultHttp3Headers;
import io.netty.handler.codec.http3.Http3Headers;
import io.netty.util.AsciiString;
import java.util.List;
import java.util.Locale;

/**
 * A request's HTTP/3 field section (RFC 9114 §4.3): pseudo-fields, then the request's fields in lower
 * case without the connection-specific ones, which HTTP/3 forbids (§4.2).
 */
final class H3Fields {
    private static final AsciiString HTTPS = AsciiString.cached("https");
    private static final AsciiString CONTENT_LENGTH = AsciiString.cached("content-length");

    private H3Fields() {
    }

    static Http3Headers request(ClientRequest r) {
        List<String> fields = r.headers();
        Http3Headers h = new DefaultHttp3Headers(false, fields.size() / 2 + 5);
        String path = r.uri().getRawPath();
        String query = r.uri().getRawQuery();
        h.method(r.method()).scheme(HTTPS).authority(authority(r))
                .path((path == null || path.isEmpty() ? "/" : path) + (query == null ? "" : "?" + query));
        for (int i = 0; i < fields.size(); i += 2) {
            String name = fields.get(i).toLowerCase(Locale.ROOT);
            String value = fields.get(i + 1);
            if (!connectionSpecific(name, value)) {
                h.add(name, value);
            }
        }
        if (r.body() != null || r.bodyStream() == null && !r.method().equals("GET") && !r.method().equals("HEAD")) {
            h.addInt(CONTENT_LENGTH, r.body() == null ? 0 : r.body().readableBytes());
        }
        return h;
    }

    private static String authority(ClientRequest r) {
        String host = r.header("host");
        if (host != null) {
            return host;
        }
        String h = r.host().indexOf(':') >= 0 ? "[" + r.host() + "]" : r.host();
        return r.port() == 443 ? h : h + ":" + r.port();
    }

    private static boolean connectionSpecific(String name, String value) {
        return switch (name) {
            case "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade" -> true;
            case "te" -> !value.trim().equalsIgnoreCase("trailers");
            default -> false;
        };
    }

    /** The status of a response head, or -1 when {@code :status} is missing or not three digits in 100..599. */
    static int status(Http3Headers h) {
        CharSequence s = h.status();
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
}
