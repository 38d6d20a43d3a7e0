package dev.pronto.client.http.internal;

import dev.pronto.wire.Framing;
import dev.pronto.wire.Http1Grammar;

/**
 * Parses a response head already copied into {@link DecodedResponse#head} by way of the server's
 * {@code HeadScanner} (so every line ends in CRLF): the status line here, field lines and framing
 * with the grammar the server uses ({@link Http1Grammar}, {@link Framing}), so the client rejects
 * exactly what the server would. Returns an error message instead of throwing, because a
 * malformed response is an expected outcome on the wire.
 */
public final class HeadParser {
    private final Framing framing = new Framing();
    private boolean http10;

    /** Parses {@code resp.head}; returns null when valid, else a message quoting the bad part. */
    public String parse(DecodedResponse resp) {
        framing.reset();
        byte[] h = resp.head;
        int n = resp.headLength;
        int cr = lineEnd(h, 0);
        String error = statusLine(resp, cr);
        int pos = cr + 2;
        while (error == null && pos < n - 2) {
            long line = Http1Grammar.fieldLine(h, pos);
            if (line < 0) {
                return "malformed header line \"" + quote(h, pos, lineEnd(h, pos)) + "\": "
                        + Http1Grammar.describe((int) line);
            }
            int colon = Http1Grammar.colon(line);
            int end = Http1Grammar.cr(line);
            int vs = Http1Grammar.skipWhitespace(h, colon + 1, end);
            int ve = Http1Grammar.trimEnd(h, vs, end);
            resp.addField(pos, colon, vs, ve);
            if (!framing.field(h, pos, colon, vs, ve)) {
                return framing.errorMessage();
            }
            pos = end + 2;
        }
        if (error != null) {
            return error;
        }
        return framing.complete() ? null : framing.errorMessage();
    }

    /** The Content-Length, or -1. */
    public long contentLength() {
        return framing.contentLength();
    }

    /** Whether the body is chunked (Transfer-Encoding is exactly {@code chunked}). */
    public boolean chunked() {
        return framing.chunked();
    }

    /** Whether the connection may carry another response after this one. */
    public boolean keepAlive() {
        return http10 ? framing.keepAlive() && !framing.close() : !framing.close();
    }

    private String statusLine(DecodedResponse resp, int cr) {
        byte[] h = resp.head;
        int v = Http1Grammar.version(h, 0, cr);
        if (v == Http1Grammar.VERSION_UNSUPPORTED) {
            return "unsupported HTTP version in status line \"" + quote(h, 0, cr) + "\": expected HTTP/1.1 or HTTP/1.0";
        }
        if (v < 0 || cr < 12 || h[8] != ' ' || !digits(h, 9, 12) || cr > 12 && h[12] != ' ') {
            return "malformed status line \"" + quote(h, 0, cr) + "\": expected HTTP/1.x, a 3-digit status and a reason";
        }
        int status = (h[9] - '0') * 100 + (h[10] - '0') * 10 + (h[11] - '0');
        if (status < 100 || status > 599) {
            return "malformed status line \"" + quote(h, 0, cr) + "\": status must be in 100..599";
        }
        http10 = v == Http1Grammar.HTTP_1_0;
        resp.status = status;
        return null;
    }

    private static boolean digits(byte[] h, int from, int to) {
        for (int i = from; i < to; i++) {
            if (h[i] < '0' || h[i] > '9') {
                return false;
            }
        }
        return true;
    }

    private static int lineEnd(byte[] h, int from) {
        int i = from;
        while (h[i] != '\r') {
            i++;
        }
        return i;
    }

    private static String quote(byte[] h, int start, int end) {
        return Http1Grammar.excerpt(h, start, end - start);
    }
}
