package dev.pronto.core.internal.exchange;

import dev.pronto.wire.Ascii;
import dev.pronto.wire.Framing;
import dev.pronto.wire.Http1Grammar;

/**
 * Parses and validates a request head held in {@link RequestHead#bytes} (RFC 9112 §3 and §5).
 * The scanner has already guaranteed that every line ends in CRLF with no bare CR or LF, so this
 * parser only checks the grammar of each line: the request line here, field lines and framing with
 * the grammar the HTTP client shares ({@link Http1Grammar}, {@link Framing}). It never throws: the
 * first violation is recorded on the head as a status and a message telling the client what to change.
 */
public final class HeadParser {
    private static final byte[] HOST = Ascii.bytes("host");
    private static final byte[] EXPECT = Ascii.bytes("expect");
    private static final byte[] UPGRADE = Ascii.bytes("upgrade");
    private static final byte[] CONTINUE = Ascii.bytes("100-continue");
    private static final byte[] H2_PREFACE = Ascii.bytes("PRI * HTTP/2.0\r\n");

    private final int maxHeaderCount;
    private final Framing framing = new Framing();

    public HeadParser(int maxHeaderCount) {
        this.maxHeaderCount = maxHeaderCount;
    }

    /** Parses {@code h.bytes[0, h.length)}; returns true when the head is valid. */
    public boolean parse(RequestHead h) {
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
            int n = H2_PREFACE.length;
            return h.length >= n && java.util.Arrays.equals(b, 0, n, H2_PREFACE, 0, n)
                    ? reject(h, 505, "HTTP/2 connection preface received: this port speaks HTTP/1.1 only")
                    : reject(h, 501, "Method not implemented: " + Ascii.excerpt(b, 0, i));
        }
        int ts = ++i;
        while (Ascii.isTarget(b[i])) {
            i++;
        }
        if (i == ts || b[i] != Ascii.SP) {
            return reject(h, 400, "Malformed request target: use visible ASCII without spaces or '#'");
        }
        if (!RequestTarget.parse(h, ts, i)) {
            return -1;
        }
        return version(h, i + 1);
    }

    private static int version(RequestHead h, int i) {
        int v = Http1Grammar.version(h.bytes, i, h.length - 2);
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
        long line = Http1Grammar.fieldLine(b, start);
        if (line < 0) {
            return reject(h, 400, "Malformed header line \"" + Ascii.excerpt(b, start, lineEndOf(b, start) - start)
                    + "\": " + Http1Grammar.describe((int) line));
        }
        int colon = Http1Grammar.colon(line);
        int cr = Http1Grammar.cr(line);
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
        if (nameEnd - name == 7 && Ascii.equalsLower(b, name, 7, UPGRADE)) {
            h.upgrade = true;
        }
        return switch (nameEnd - name) {
            case 4 -> !Ascii.equalsLower(b, name, 4, HOST) || host(h, vs, ve);
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

    private static boolean host(RequestHead h, int vs, int ve) {
        if (++h.hostCount > 1) {
            return h.fail(400, "Multiple Host headers: send exactly one");
        }
        if (!RequestTarget.authority(h.bytes, vs, ve)) {
            return h.fail(400, vs == ve ? "Empty Host header: send the server's host[:port]"
                    : "Invalid Host header \"" + Ascii.excerpt(h.bytes, vs, ve - vs) + "\": expected host[:port]");
        }
        h.hostField = h.headerCount - 1;
        return true;
    }

    private static boolean expect(RequestHead h, int vs, int ve) {
        if (!Ascii.equalsLower(h.bytes, vs, ve - vs, CONTINUE)) {
            return h.fail(417, "Expectation not supported: only 100-continue is");
        }
        // RFC 9110 §10.1.1: a server MUST ignore a 100-continue expectation in an HTTP/1.0 request.
        h.expectContinue = h.http11;
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
        if (h.authorityStart >= 0 && h.hostCount == 1) {
            // RFC 9112 §3.2.2: with an absolute-form target the authority replaces the Host header.
            h.fields[h.hostField * 4 + 2] = h.authorityStart;
            h.fields[h.hostField * 4 + 3] = h.authorityEnd;
        }
        return true;
    }
}
