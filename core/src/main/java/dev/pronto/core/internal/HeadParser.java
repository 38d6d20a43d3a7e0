package dev.pronto.core.internal;

import dev.pronto.router.Method;

/**
 * Parses and validates a request head held in {@link RequestHead#bytes} (RFC 9112 §3 and §5).
 * The scanner has already guaranteed that every line ends in CRLF with no bare CR or LF, so this
 * parser only checks the grammar of each line. It never throws: the first violation is recorded
 * on the head as a status and a message telling the client what to change.
 */
final class HeadParser {
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] HOST = Ascii.bytes("host");
    private static final byte[] EXPECT = Ascii.bytes("expect");
    private static final byte[] CHUNKED = Ascii.bytes("chunked");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");
    private static final byte[] CONTINUE = Ascii.bytes("100-continue");
    private static final byte[] HTTP = Ascii.bytes("http");
    private static final byte[] HTTPS = Ascii.bytes("https");

    private final int maxHeaderCount;

    HeadParser(int maxHeaderCount) {
        this.maxHeaderCount = maxHeaderCount;
    }

    /** Parses {@code h.bytes[0, h.length)}; returns true when the head is valid. */
    boolean parse(RequestHead h) {
        int pos = requestLine(h);
        if (pos < 0) {
            return false;
        }
        while (pos < h.length - 2) {
            pos = field(h, pos);
            if (pos < 0) {
                return false;
            }
        }
        return framing(h);
    }

    private int requestLine(RequestHead h) {
        byte[] b = h.bytes;
        int i = 0;
        while (Ascii.isTchar(b[i])) {
            i++;
        }
        if (i == 0 || b[i] != Ascii.SP) {
            return reject(h, 400, "Malformed request line: expected METHOD SP target SP HTTP/1.1");
        }
        h.method = Methods.parse(b, 0, i);
        if (h.method == null) {
            return reject(h, 501, "Method not implemented: " + Ascii.string(b, 0, i));
        }
        int ts = ++i;
        while (Ascii.isTarget(b[i])) {
            i++;
        }
        if (i == ts || b[i] != Ascii.SP) {
            return reject(h, 400, "Malformed request target: use visible ASCII without spaces or '#'");
        }
        if (!target(h, ts, i)) {
            return -1;
        }
        return version(h, i + 1);
    }

    private boolean target(RequestHead h, int start, int end) {
        byte[] b = h.bytes;
        h.targetStart = start;
        h.targetEnd = end;
        int path = start;
        if (b[start] != '/') {
            if (b[start] == '*' && end == start + 1 && h.method == Method.OPTIONS) {
                h.pathStart = start;
                h.pathEnd = end;
                return true;
            }
            path = absoluteFormPath(b, start, end);
            if (path < 0) {
                return h.fail(400, "Request target must start with '/' (or be an absolute http(s) URI with a path)");
            }
        }
        int q = path;
        while (q < end && b[q] != '?') {
            q++;
        }
        h.pathStart = path;
        h.pathEnd = q;
        return true;
    }

    private static int absoluteFormPath(byte[] b, int start, int end) {
        int i = start;
        while (i < end && b[i] != ':') {
            i++;
        }
        boolean http = Ascii.equalsLower(b, start, i - start, HTTP) || Ascii.equalsLower(b, start, i - start, HTTPS);
        if (!http || i + 3 > end || b[i + 1] != '/' || b[i + 2] != '/') {
            return -1;
        }
        for (int p = i + 3; p < end; p++) {
            if (b[p] == '/') {
                return p;
            }
        }
        return -1;
    }

    private static int version(RequestHead h, int i) {
        byte[] b = h.bytes;
        if (i + 10 > h.length || b[i] != 'H' || b[i + 1] != 'T' || b[i + 2] != 'T' || b[i + 3] != 'P'
                || b[i + 4] != '/' || b[i + 6] != '.' || b[i + 8] != Ascii.CR) {
            return reject(h, 400, "Malformed HTTP version: expected HTTP/1.1 or HTTP/1.0");
        }
        byte major = b[i + 5];
        byte minor = b[i + 7];
        if (major == '1' && (minor == '1' || minor == '0')) {
            h.http11 = minor == '1';
            return i + 10;
        }
        if (major >= '0' && major <= '9' && minor >= '0' && minor <= '9') {
            return reject(h, 505, "HTTP version not supported: use HTTP/1.1");
        }
        return reject(h, 400, "Malformed HTTP version: expected HTTP/1.1 or HTTP/1.0");
    }

    private int field(RequestHead h, int start) {
        byte[] b = h.bytes;
        if (b[start] == Ascii.SP || b[start] == Ascii.HTAB) {
            return reject(h, 400, "Obsolete line folding is not allowed: put each header on one line");
        }
        int i = start;
        while (Ascii.isTchar(b[i])) {
            i++;
        }
        if (i == start || b[i] != ':') {
            String what = b[i] == Ascii.SP || b[i] == Ascii.HTAB ? "whitespace before ':' in header name"
                    : i == start ? "empty header name" : "invalid character in header name";
            return reject(h, 400, "Malformed header: " + what);
        }
        int nameEnd = i++;
        while (b[i] == Ascii.SP || b[i] == Ascii.HTAB) {
            i++;
        }
        int valueStart = i;
        while (b[i] != Ascii.CR) {
            if (!Ascii.isFieldValue(b[i])) {
                return reject(h, 400, "Malformed header: control character in the value of "
                        + Ascii.string(b, start, nameEnd - start));
            }
            i++;
        }
        int valueEnd = i;
        while (valueEnd > valueStart && (b[valueEnd - 1] == Ascii.SP || b[valueEnd - 1] == Ascii.HTAB)) {
            valueEnd--;
        }
        if (h.headerCount == maxHeaderCount) {
            return reject(h, 431, "Too many header fields (limit " + maxHeaderCount + ")");
        }
        h.addField(start, nameEnd, valueStart, valueEnd);
        return known(h, start, nameEnd - start, valueStart, valueEnd) ? i + 2 : -1;
    }

    private static boolean known(RequestHead h, int name, int nameLength, int vs, int ve) {
        byte[] b = h.bytes;
        return switch (nameLength) {
            case 4 -> !Ascii.equalsLower(b, name, 4, HOST) || host(h);
            case 6 -> !Ascii.equalsLower(b, name, 6, EXPECT) || expect(h, vs, ve);
            case 10 -> !Ascii.equalsLower(b, name, 10, CONNECTION) || connection(h, vs, ve);
            case 14 -> !Ascii.equalsLower(b, name, 14, CONTENT_LENGTH) || contentLength(h, vs, ve);
            case 17 -> !Ascii.equalsLower(b, name, 17, TRANSFER_ENCODING) || transferEncoding(h, vs, ve);
            default -> true;
        };
    }

    private static int reject(RequestHead h, int status, String message) {
        h.fail(status, message);
        return -1;
    }

    private static boolean host(RequestHead h) {
        return ++h.hostCount == 1 || h.fail(400, "Multiple Host headers: send exactly one");
    }

    private static boolean expect(RequestHead h, int vs, int ve) {
        if (Ascii.equalsLower(h.bytes, vs, ve - vs, CONTINUE)) {
            h.expectContinue = true;
            return true;
        }
        return h.fail(417, "Expectation not supported: only 100-continue is");
    }

    private static boolean connection(RequestHead h, int vs, int ve) {
        byte[] b = h.bytes;
        int i = vs;
        while (i < ve) {
            while (i < ve && (b[i] == ',' || b[i] == Ascii.SP || b[i] == Ascii.HTAB)) {
                i++;
            }
            int t = i;
            while (i < ve && b[i] != ',' && b[i] != Ascii.SP && b[i] != Ascii.HTAB) {
                i++;
            }
            if (Ascii.equalsLower(b, t, i - t, CLOSE)) {
                h.connectionClose = true;
            } else if (Ascii.equalsLower(b, t, i - t, KEEP_ALIVE)) {
                h.connectionKeepAlive = true;
            }
        }
        return true;
    }

    private static boolean contentLength(RequestHead h, int vs, int ve) {
        if (vs == ve || ve - vs > 18) {
            return h.fail(ve - vs > 18 ? 413 : 400, "Invalid Content-Length: expected a decimal byte count");
        }
        long n = 0;
        for (int i = vs; i < ve; i++) {
            int d = h.bytes[i] - '0';
            if (d < 0 || d > 9) {
                return h.fail(400, "Invalid Content-Length: expected a decimal byte count");
            }
            n = n * 10 + d;
        }
        if (h.contentLength >= 0 && h.contentLength != n) {
            return h.fail(400, "Conflicting Content-Length headers: send one");
        }
        h.contentLength = n;
        return true;
    }

    private static boolean transferEncoding(RequestHead h, int vs, int ve) {
        byte[] b = h.bytes;
        int i = vs;
        boolean seen = false;
        do {
            while (i < ve && (b[i] == ',' || b[i] == Ascii.SP || b[i] == Ascii.HTAB)) {
                i++;
            }
            int t = i;
            if (t == ve && seen) {
                break;
            }
            while (i < ve && b[i] != ',' && b[i] != Ascii.SP && b[i] != Ascii.HTAB) {
                i++;
            }
            if (!Ascii.equalsLower(b, t, i - t, CHUNKED)) {
                return h.fail(501, "Unsupported Transfer-Encoding: only 'chunked' is accepted");
            }
            if (h.chunked) {
                return h.fail(400, "Repeated transfer coding: send 'Transfer-Encoding: chunked' once");
            }
            h.chunked = true;
            seen = true;
        } while (i < ve);
        return true;
    }

    private static boolean framing(RequestHead h) {
        if (h.chunked && h.contentLength >= 0) {
            return h.fail(400, "Both Content-Length and Transfer-Encoding: send only one");
        }
        if (h.chunked && !h.http11) {
            return h.fail(400, "Transfer-Encoding is not allowed in HTTP/1.0 requests");
        }
        if (h.http11 && h.hostCount == 0) {
            return h.fail(400, "Missing Host header: HTTP/1.1 requests must send one");
        }
        return true;
    }
}
