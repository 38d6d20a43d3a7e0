package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import dev.pronto.router.Method;
import io.netty.util.AsciiString;

/**
 * Copies a request field section with pseudo-header fields (HTTP/2, HTTP/3) into a {@link RequestHead},
 * so every part of the engine reads such a request exactly like an HTTP/1.1 one: the {@code :path}
 * becomes the target, {@code :authority} the Host field, and regular fields keep their (lower-case)
 * names. The protocol's decoder has already checked pseudo-header presence and order,
 * connection-specific fields and name case; values are checked by the carrier with {@link #validValue}.
 * The one place both multiplexed protocols turn fields into a head. Stateless; never throws.
 */
public final class PseudoHeaderHead {
    private static final AsciiString HOST = AsciiString.cached("host");

    private PseudoHeaderHead() {
    }

    /**
     * Fills {@code h} from {@code headers}, marking it as framed by its carrier ({@code http2}); a
     * request line and fields above {@code maxBytes} bytes in all are refused with 431.
     *
     * @return true when the request is valid; else false, with the status and message in {@code h}
     */
    public static boolean fill(RequestHead h, HeaderList headers, int maxBytes) {
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
            return h.fail(400, "Malformed request: :method and :path are required");
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

    /** No NUL, CR or LF anywhere and no SP or HTAB at either end (RFC 9113 §8.2.1, RFC 9114 §4.2); no allocation. */
    public static boolean validValue(CharSequence value) {
        int n = value.length();
        if (n == 0) {
            return true;
        }
        if (value instanceof AsciiString a) {
            // what the HPACK and QPACK decoders produce: check the bytes in place
            return validValue(a.array(), a.arrayOffset(), a.arrayOffset() + n);
        }
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c == 0 || c == '\n' || c == '\r') {
                return false;
            }
        }
        return !blank(value.charAt(0)) && !blank(value.charAt(n - 1));
    }

    private static boolean validValue(byte[] b, int from, int end) {
        for (int i = from; i < end; i++) {
            byte c = b[i];
            if (c <= '\r' && (c == 0 || c == '\n' || c == '\r')) {
                return false;
            }
        }
        return !blank((char) b[from]) && !blank((char) b[end - 1]);
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t';
    }
}
