package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import dev.pronto.wire.Http1Grammar;
import dev.pronto.router.Method;

/**
 * The request-target forms of RFC 9112 §3.2 a server accepts, and the authority syntax of a Host
 * header (RFC 3986 §3.2). Origin-form ({@code /p?q}) and asterisk-form ({@code *}, OPTIONS only)
 * are used as sent. For absolute-form ({@code http://host/p?q}) the target is narrowed to its path
 * and query, so routing, {@code uri()}, {@code rawPath()} and {@code rawQuery()} read the same as
 * for origin-form, and the authority is kept to stand in for the Host header (§3.2.2).
 */
final class RequestTarget {
    private static final byte[] HTTP = Ascii.bytes("http");
    private static final byte[] HTTPS = Ascii.bytes("https");
    private static final boolean[] REG_NAME = new boolean[256];
    private static final boolean[] IP_LITERAL = new boolean[256];

    static {
        for (char c : "-._~!$&'()*+,;=".toCharArray()) {
            REG_NAME[c] = true;
        }
        for (int c = '0'; c <= '9'; c++) {
            REG_NAME[c] = true;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            REG_NAME[c] = true;
            REG_NAME[c - 32] = true;
        }
        System.arraycopy(REG_NAME, 0, IP_LITERAL, 0, 256);
        IP_LITERAL[':'] = true;
    }

    private RequestTarget() {
    }

    /** Records the target {@code h.bytes[start, end)} on {@code h}; false (with a 400 recorded) when invalid. */
    static boolean parse(RequestHead h, int start, int end) {
        byte[] b = h.bytes;
        h.targetStart = start;
        h.targetEnd = end;
        if (b[start] == '*' && end == start + 1 && h.method == Method.OPTIONS) {
            h.pathStart = start;
            h.pathEnd = end;
            return true;
        }
        int path = start;
        if (b[start] != '/') {
            path = absoluteForm(h, start, end);
            if (path < 0) {
                return h.fail(400, path == -2 ? "Invalid authority in the request target: expected host[:port]"
                        : "Request target must start with '/' (or be an absolute http(s) URI with a path)");
            }
            h.targetStart = path;
        }
        int q = path;
        while (q < end && b[q] != '?') {
            q++;
        }
        h.pathStart = path;
        h.pathEnd = q;
        return true;
    }

    /** The path start of an absolute-form target, -1 when not one, -2 when its authority is invalid. */
    private static int absoluteForm(RequestHead h, int start, int end) {
        byte[] b = h.bytes;
        int colon = start;
        while (colon < end && b[colon] != ':') {
            colon++;
        }
        int len = colon - start;
        boolean http = Ascii.equalsLower(b, start, len, HTTP) || Ascii.equalsLower(b, start, len, HTTPS);
        if (!http || colon + 3 > end || b[colon + 1] != '/' || b[colon + 2] != '/') {
            return -1;
        }
        int as = colon + 3;
        int ae = as;
        while (ae < end && b[ae] != '/' && b[ae] != '?') {
            ae++;
        }
        if (ae == end || b[ae] != '/') {
            return -1;
        }
        if (!authority(b, as, ae)) {
            return -2;
        }
        h.authorityStart = as;
        h.authorityEnd = ae;
        return ae;
    }

    /** Whether {@code b[start, end)} is {@code host [":" port]} with a non-empty host and no userinfo. */
    static boolean authority(byte[] b, int start, int end) {
        int i = start;
        if (i < end && b[i] == '[') {
            i++;
            while (i < end && IP_LITERAL[b[i] & 0xFF]) {
                i++;
            }
            if (i == start + 1 || i == end || b[i] != ']') {
                return false;
            }
            i++;
        } else {
            i = regName(b, i, end);
            if (i <= start) {
                return false;
            }
        }
        if (i == end) {
            return true;
        }
        if (b[i] != ':' || end - i > 6) {
            return false;
        }
        for (i++; i < end; i++) {
            if (!Http1Grammar.digit(b[i])) {
                return false;
            }
        }
        return true;
    }

    /** The end of the reg-name or IPv4 address at {@code from}, or -1 for a malformed percent-escape. */
    private static int regName(byte[] b, int from, int end) {
        int i = from;
        while (i < end) {
            if (b[i] == '%') {
                if (i + 2 >= end || Ascii.hex(b[i + 1]) < 0 || Ascii.hex(b[i + 2]) < 0) {
                    return -1;
                }
                i += 3;
            } else if (REG_NAME[b[i] & 0xFF]) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
