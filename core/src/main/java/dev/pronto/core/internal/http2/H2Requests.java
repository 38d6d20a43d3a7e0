package dev.pronto.core.internal.http2;

import dev.pronto.core.internal.exchange.RequestHead;
import dev.pronto.wire.Ascii;
import dev.pronto.router.Method;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;

/**
 * Copies an HTTP/2 request header block into a {@link RequestHead}, so every part of the engine
 * reads an HTTP/2 request exactly like an HTTP/1.1 one: the {@code :path} becomes the target,
 * {@code :authority} the Host field, and regular fields keep their (lower-case) names. Netty has
 * already checked pseudo-header presence and order, connection-specific fields and name case.
 */
final class H2Requests {
    private static final AsciiString HOST = AsciiString.cached("host");
    private H2Requests() {
    }

    /**
     * Fills {@code h} from {@code headers}.
     *
     * @return true when the request is valid; else false, with the status and message in {@code h}
     */
    static boolean fill(RequestHead h, Http2Headers headers, int maxBytes) {
        return fill(h, headers instanceof H2RequestHeaders flat ? flat : H2RequestHeaders.copyOf(headers), maxBytes);
    }

    private static boolean fill(RequestHead h, H2RequestHeaders headers, int maxBytes) {
        h.reset(256);
        h.http11 = true;
        h.http2 = true;
        // one pass: pseudo-header fields come first (the HPACK decoder checked that), so they are all
        // known when the first regular field arrives
        CharSequence path = null;
        CharSequence method = null;
        CharSequence authority = null;
        int n = headers.size();
        int i = 0;
        for (; i < n; i++) {
            CharSequence name = headers.name(i);
            if (name.charAt(0) != ':') {
                break;
            }
            if (name.length() == 5) {
                path = headers.value(i);
            } else if (name.length() == 7 && name.charAt(1) == 'm') {
                method = headers.value(i);
            } else if (name.length() == 10) {
                authority = headers.value(i);
            }
        }
        if (!requestLine(h, method, path, maxBytes)) {
            return false;
        }
        if (authority != null && !addField(h, HOST, authority, maxBytes)) {
            return h.fail(431, "Request header fields too large (maxHeaderSize)");
        }
        for (; i < n; i++) {
            if (!regularField(h, headers.name(i), headers.value(i), authority, maxBytes)) {
                return false;
            }
        }
        return true;
    }

    /** Takes the method and the target from the pseudo-header fields. */
    private static boolean requestLine(RequestHead h, CharSequence method, CharSequence path, int maxBytes) {
        if (path == null || method == null) {
            return h.fail(400, "Malformed HTTP/2 request: :method and :path are required");
        }
        h.method = Method.of(method);
        if (h.method == null) {
            return h.fail(501, "Method not implemented");
        }
        int at = append(h, path, maxBytes);
        if (at < 0) {
            return h.fail(431, "Request header fields too large (maxHeaderSize)");
        }
        h.targetStart = 0;
        h.targetEnd = at;
        return validTarget(h) || h.fail(400, "Malformed request target");
    }

    /** Adds one regular field; a Host field gives way to {@code :authority}. */
    private static boolean regularField(RequestHead h, CharSequence name, CharSequence value,
                                        CharSequence authority, int maxBytes) {
        if (authority != null && Ascii.equalsIgnoreCase(name, "host")) {
            return true;
        }
        if (!addField(h, name, value, maxBytes)) {
            return h.fail(431, "Request header fields too large (maxHeaderSize)");
        }
        if (Ascii.equalsIgnoreCase(name, "content-length") && !contentLength(h, value)) {
            return h.fail(400, "Malformed Content-Length");
        }
        return true;
    }

    private static boolean validTarget(RequestHead h) {
        byte[] b = h.bytes;
        int end = h.targetEnd;
        if (end == 1 && b[0] == '*') {
            h.pathStart = 0;
            h.pathEnd = 1;
            return h.method == Method.OPTIONS;
        }
        if (end == 0 || b[0] != '/') {
            return false;
        }
        int pathEnd = end;
        for (int i = 0; i < end; i++) {
            int c = b[i] & 0xFF;
            if (c <= 0x20 || c >= 0x7F || c == '#') {
                return false;
            }
            if (c == '?' && pathEnd == end) {
                pathEnd = i;
            }
        }
        h.pathStart = 0;
        h.pathEnd = pathEnd;
        return true;
    }

    private static boolean contentLength(RequestHead h, CharSequence value) {
        if (value.isEmpty() || value.length() > 18) {
            return false;
        }
        long n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            n = n * 10 + (c - '0');
        }
        if (h.contentLength >= 0 && h.contentLength != n) {
            return false;
        }
        h.contentLength = n;
        return true;
    }

    private static boolean addField(RequestHead h, CharSequence name, CharSequence value, int maxBytes) {
        int nameStart = h.length;
        int nameEnd = append(h, name, maxBytes);
        if (nameEnd < 0) {
            return false;
        }
        int valueEnd = append(h, value, maxBytes);
        if (valueEnd < 0) {
            return false;
        }
        h.addField(nameStart, nameEnd, nameEnd, valueEnd);
        return true;
    }

    /** Appends {@code s} as Latin-1 bytes; the new length, or -1 past {@code maxBytes}. */
    private static int append(RequestHead h, CharSequence s, int maxBytes) {
        int n = s.length();
        int end = h.length + n;
        if (end > maxBytes) {
            return -1;
        }
        if (end > h.bytes.length) {
            h.bytes = java.util.Arrays.copyOf(h.bytes, Math.max(end, h.bytes.length * 2));
        }
        if (s instanceof AsciiString a) {
            // what the HPACK decoder produces: bytes already
            System.arraycopy(a.array(), a.arrayOffset(), h.bytes, h.length, n);
        } else {
            for (int i = 0; i < n; i++) {
                h.bytes[h.length + i] = (byte) s.charAt(i);
            }
        }
        h.length = end;
        return end;
    }
}
