package dev.pronto.core.internal;

import dev.pronto.router.Method;

/**
 * Parses and validates a request head held in {@link RequestHead#bytes} (RFC 9112 §3 and §5).
 * The scanner has already guaranteed that every line ends in CRLF with no bare CR or LF, so this
 * parser only checks the grammar of each line: the request line here, field lines and framing with
 * the grammar the HTTP client shares ({@link Http1Grammar}, {@link Framing}). It never throws: the
 * first violation is recorded on the head as a status and a message telling the client what to change.
 */
final class HeadParser {
    private static final byte[] HOST = Ascii.bytes("host");
    private static final byte[] EXPECT = Ascii.bytes("expect");
    private static final byte[] CONTINUE = Ascii.bytes("100-continue");
    private static final byte[] HTTP = Ascii.bytes("http");
    private static final byte[] HTTPS = Ascii.bytes("https");

    private final int maxHeaderCount;
    private final Framing framing = new Framing();

    HeadParser(int maxHeaderCount) {
        this.maxHeaderCount = maxHeaderCount;
    }

    /** Parses {@code h.bytes[0, h.length)}; returns true when the head is valid. */
    boolean parse(RequestHead h) {
        framing.reset();
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
            return reject(h, 501, "Method not implemented: " + Ascii.excerpt(b, 0, i));
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

    private static boolean target(RequestHead h, int start, int end) {
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
        int v = Http1Grammar.version(h.bytes, i, h.length);
        if (v > 0 && h.bytes[i + 8] == Ascii.CR) {
            h.http11 = v == Http1Grammar.HTTP_1_1;
            return i + 10;
        }
        if (v == Http1Grammar.VERSION_UNSUPPORTED && h.bytes[i + 8] == Ascii.CR) {
            return reject(h, 505, "HTTP version not supported: use HTTP/1.1");
        }
        return reject(h, 400, "Malformed HTTP version: expected HTTP/1.1 or HTTP/1.0");
    }

    private int field(RequestHead h, int start) {
        byte[] b = h.bytes;
        int colon = Http1Grammar.fieldName(b, start);
        int cr = colon < 0 ? colon : Http1Grammar.valueEnd(b, colon + 1);
        if (cr < 0) {
            return reject(h, 400, "Malformed header line \"" + Ascii.excerpt(b, start, lineEndOf(b, start) - start)
                    + "\": " + Http1Grammar.describe(cr));
        }
        int vs = Http1Grammar.skipWhitespace(b, colon + 1, cr);
        int ve = Http1Grammar.trimEnd(b, vs, cr);
        if (h.headerCount == maxHeaderCount) {
            return reject(h, 431, "Too many header fields (limit " + maxHeaderCount + ")");
        }
        h.addField(start, colon, vs, ve);
        return known(h, start, colon, vs, ve) ? cr + 2 : -1;
    }

    private boolean known(RequestHead h, int name, int nameEnd, int vs, int ve) {
        byte[] b = h.bytes;
        return switch (nameEnd - name) {
            case 4 -> !Ascii.equalsLower(b, name, 4, HOST) || host(h);
            case 6 -> !Ascii.equalsLower(b, name, 6, EXPECT) || expect(h, vs, ve);
            default -> framing.field(b, name, nameEnd, vs, ve) || h.fail(framing.errorStatus(), framing.errorMessage());
        };
    }

    private static int reject(RequestHead h, int status, String message) {
        h.fail(status, message);
        return -1;
    }

    private static int lineEndOf(byte[] b, int start) {
        int i = start;
        while (b[i] != Ascii.CR) {
            i++;
        }
        return i;
    }

    private static boolean host(RequestHead h) {
        return ++h.hostCount == 1 || h.fail(400, "Multiple Host headers: send exactly one");
    }

    private static boolean expect(RequestHead h, int vs, int ve) {
        if (!Ascii.equalsLower(h.bytes, vs, ve - vs, CONTINUE)) {
            return h.fail(417, "Expectation not supported: only 100-continue is");
        }
        h.expectContinue = true;
        return true;
    }

    private boolean framing(RequestHead h) {
        if (!framing.complete()) {
            return h.fail(framing.errorStatus(), framing.errorMessage());
        }
        h.contentLength = framing.contentLength();
        h.chunked = framing.chunked();
        h.connectionClose = framing.close();
        h.connectionKeepAlive = framing.keepAlive();
        if (h.chunked && !h.http11) {
            return h.fail(400, "Transfer-Encoding is not allowed in HTTP/1.0 requests");
        }
        if (h.http11 && h.hostCount == 0) {
            return h.fail(400, "Missing Host header: HTTP/1.1 requests must send one");
        }
        return true;
    }
}
