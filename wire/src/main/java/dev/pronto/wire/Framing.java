package dev.pronto.wire;

/**
 * The message framing rules of RFC 9112 §6 that server and client share, folded in field by field:
 * Content-Length (decimal, equal when repeated), Transfer-Encoding (a list of codings whose last
 * one is {@code chunked}, which appears once; any other coding is not implemented), never both,
 * and the {@code close} and {@code keep-alive} tokens of Connection.
 *
 * <p>One instance per connection, {@link #reset} per message; allocation-free except for the
 * message of a violation. The first violation wins and is kept as a status with a message.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class Framing {
    private static final byte[] CONTENT_LENGTH = Ascii.bytes("content-length");
    private static final byte[] TRANSFER_ENCODING = Ascii.bytes("transfer-encoding");
    private static final byte[] CONNECTION = Ascii.bytes("connection");
    private static final byte[] CHUNKED = Ascii.bytes("chunked");
    private static final byte[] CLOSE = Ascii.bytes("close");
    private static final byte[] KEEP_ALIVE = Ascii.bytes("keep-alive");

    private long contentLength;
    private int codings;
    private boolean lastChunked;
    private boolean close;
    private boolean keepAlive;
    private int errorStatus;
    private String errorMessage;

    /** Rules with no message folded in yet. */
    public Framing() {
    }

    /** Forgets the previous message. */
    public void reset() {
        contentLength = -1;
        codings = 0;
        lastChunked = false;
        close = false;
        keepAlive = false;
        errorStatus = 0;
        errorMessage = null;
    }

    /**
     * Folds in one field if it is a framing field; the value is {@code b[vs, ve)}, already trimmed.
     *
     * @return false when the field breaks a rule (see {@link #errorStatus()})
     */
    public boolean field(byte[] b, int name, int nameEnd, int vs, int ve) {
        return switch (nameEnd - name) {
            case 10 -> !Ascii.equalsLower(b, name, 10, CONNECTION) || connection(b, vs, ve);
            case 14 -> !Ascii.equalsLower(b, name, 14, CONTENT_LENGTH) || contentLength(b, vs, ve);
            case 17 -> !Ascii.equalsLower(b, name, 17, TRANSFER_ENCODING) || transferEncoding(b, vs, ve);
            default -> true;
        };
    }

    /**
     * Applies the rules that need every field: chunked last, no other coding, not with Content-Length.
     *
     * @return false when the message cannot be framed (see {@link #errorStatus()})
     */
    public boolean complete() {
        if (errorStatus != 0) {
            return false;
        }
        if (codings == 0) {
            return true;
        }
        if (!lastChunked) {
            return fail(400, "Invalid Transfer-Encoding: the last transfer coding must be 'chunked'");
        }
        if (codings > 1) {
            return fail(501, "Unsupported Transfer-Encoding: only 'chunked' is accepted");
        }
        if (contentLength >= 0) {
            return fail(400, "Both Content-Length and Transfer-Encoding: a message must use only one");
        }
        return true;
    }

    /** The Content-Length, or -1 when there is none. */
    public long contentLength() {
        return contentLength;
    }

    /** Whether Transfer-Encoding is present; after a successful {@link #complete()} it is exactly {@code chunked}. */
    public boolean chunked() {
        return codings > 0;
    }

    /** Whether Connection holds the {@code close} token. */
    public boolean close() {
        return close;
    }

    /** Whether Connection holds the {@code keep-alive} token. */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** The status of the first violation (400, 413 or 501), 0 when none. */
    public int errorStatus() {
        return errorStatus;
    }

    /** What the first violation was, or null. */
    public String errorMessage() {
        return errorMessage;
    }

    private boolean connection(byte[] b, int vs, int ve) {
        close |= Http1Grammar.hasToken(b, vs, ve, CLOSE);
        keepAlive |= Http1Grammar.hasToken(b, vs, ve, KEEP_ALIVE);
        return true;
    }

    private boolean contentLength(byte[] b, int vs, int ve) {
        if (!decimal(b, vs, ve)) {
            return fail(400, "Invalid Content-Length \"" + Ascii.excerpt(b, vs, ve - vs) + "\": expected a decimal byte count");
        }
        if (ve - vs > 18) {
            return fail(413, "Content-Length of more than 18 digits");
        }
        long n = 0;
        for (int i = vs; i < ve; i++) {
            n = n * 10 + b[i] - '0';
        }
        if (contentLength >= 0 && contentLength != n) {
            return fail(400, "Conflicting Content-Length headers: a message has one length");
        }
        contentLength = n;
        return true;
    }

    private static boolean decimal(byte[] b, int vs, int ve) {
        for (int i = vs; i < ve; i++) {
            if (!Http1Grammar.digit(b[i])) {
                return false;
            }
        }
        return vs < ve;
    }

    private boolean transferEncoding(byte[] b, int vs, int ve) {
        int before = codings;
        for (int i = vs; i <= ve; i++) {
            int e = Http1Grammar.elementEnd(b, i, ve);
            int s = Http1Grammar.skipWhitespace(b, i, e);
            int t = Http1Grammar.trimEnd(b, s, e);
            if (s < t) {
                if (!Http1Grammar.isToken(b, s, t)) {
                    return fail(400, "Invalid Transfer-Encoding \"" + Ascii.excerpt(b, vs, ve - vs)
                            + "\": expected a comma-separated list of codings");
                }
                if (lastChunked) {
                    return fail(400, lastIsChunked(b, s, t)
                            ? "Repeated transfer coding: 'chunked' must appear once"
                            : "Invalid Transfer-Encoding: the last transfer coding must be 'chunked'");
                }
                lastChunked = lastIsChunked(b, s, t);
                codings++;
            }
            i = e;
        }
        return codings > before || fail(400, "Invalid Transfer-Encoding: empty list of codings");
    }

    private static boolean lastIsChunked(byte[] b, int s, int t) {
        return Ascii.equalsLower(b, s, t - s, CHUNKED);
    }

    private boolean fail(int status, String message) {
        if (errorStatus == 0) {
            errorStatus = status;
            errorMessage = message;
        }
        return false;
    }
}
