package dev.pronto.core.internal;

import io.netty.util.ByteProcessor;

/**
 * Finds the end of a request head (the empty line) in the read buffer, resuming where the last
 * read stopped, and rejects bare CR and bare LF on the way so no later stage sees them.
 * Leading empty lines before the request line are skipped (RFC 9112 §2.2). A control or non-ASCII
 * byte in the request line ends the scan at once, so binary input (such as a TLS handshake)
 * is answered without waiting for a line break that may never come.
 */
final class HeadScanner implements ByteProcessor {
    static final int MORE = 0;
    static final int FOUND = 1;
    static final int BARE_CR = 2;
    static final int BARE_LF = 3;
    static final int LINE_TOO_LONG = 4;
    static final int BAD_REQUEST_LINE = 5;

    private final int maxRequestLine;
    private boolean prevCr;
    private int lineLength;
    private int lines;
    private int leading;
    private int result;

    HeadScanner(int maxRequestLine) {
        this.maxRequestLine = maxRequestLine;
    }

    void reset() {
        prevCr = false;
        lineLength = 0;
        lines = 0;
        leading = 0;
        result = MORE;
    }

    int result() {
        return result;
    }

    boolean inRequestLine() {
        return lines == 0;
    }

    /** Bytes of empty lines seen before the request line. */
    int leading() {
        return leading;
    }

    @Override
    public boolean process(byte b) {
        if (b == Ascii.LF) {
            if (!prevCr) {
                result = BARE_LF;
                return false;
            }
            prevCr = false;
            if (lineLength == 0) {
                if (lines == 0) {
                    leading += 2;
                    return true;
                }
                result = FOUND;
                return false;
            }
            lineLength = 0;
            lines++;
            return true;
        }
        if (prevCr) {
            result = BARE_CR;
            return false;
        }
        if (b == Ascii.CR) {
            prevCr = true;
            return true;
        }
        if (lines == 0 && (b < Ascii.SP || b == 0x7F)) {
            result = BAD_REQUEST_LINE;
            return false;
        }
        if (++lineLength > maxRequestLine && lines == 0) {
            result = LINE_TOO_LONG;
            return false;
        }
        return true;
    }
}
