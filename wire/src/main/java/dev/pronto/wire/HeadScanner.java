package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

import io.netty.util.ByteProcessor;

/**
 * Finds the end of a message head (the empty line) in a read buffer, resuming where the last read
 * stopped, for the server's requests and the client's responses. On the way it rejects what no
 * later stage should see: bare CR, bare LF, a start line over its limit, header fields over theirs
 * (RFC 9112 §2.2, §5). Leading empty lines before the start line are skipped (§2.2). A control
 * byte other than HTAB in the start line ends the scan at once, so binary input (such as a TLS
 * handshake) is answered without waiting for a line break that may never come.
 *
 * <p>The field limit counts every header field line with its CRLF, not the start line and not
 * the empty line that ends the head. One instance per connection; {@link #reset} per head.
 *
 * <p>Public for Pronto's own modules only (server and client); not API, and may change at any time.
 */
public final class HeadScanner implements ByteProcessor {
    /** The head is incomplete. */
    public static final int MORE = 0;
    /** The head ends at the LF where the scan stopped. */
    public static final int FOUND = 1;
    /** A CR not followed by LF. */
    public static final int BARE_CR = 2;
    /** An LF not preceded by CR. */
    public static final int BARE_LF = 3;
    /** The start line is longer than its limit. */
    public static final int LINE_TOO_LONG = 4;
    /** A control byte in the start line. */
    public static final int BAD_START_LINE = 5;
    /** The header field lines add up to more than their limit. */
    public static final int FIELDS_TOO_LARGE = 6;

    private final int maxStartLine;
    private final int maxFieldBytes;
    private boolean prevCr;
    private int lineLength;
    private int lineLimit;
    private int fieldBytes;
    private int lines;
    private int leading;
    private int result;

    /**
     * A scanner allowing {@code maxStartLine} bytes of start line (without CRLF) and
     * {@code maxFieldBytes} bytes of header field lines (with their CRLFs).
     */
    public HeadScanner(int maxStartLine, int maxFieldBytes) {
        this.maxStartLine = maxStartLine;
        this.maxFieldBytes = maxFieldBytes;
        reset();
    }

    /** Prepares for the next head. */
    public void reset() {
        prevCr = false;
        lineLength = 0;
        lineLimit = maxStartLine;
        fieldBytes = 0;
        lines = 0;
        leading = 0;
        result = MORE;
    }

    /** Why the scan stopped: {@link #FOUND} or an error; {@link #MORE} while it has not. */
    public int result() {
        return result;
    }

    /** Whether the scan is still in the start line. */
    public boolean inStartLine() {
        return lines == 0;
    }

    /** Bytes of empty lines seen before the start line. */
    public int leading() {
        return leading;
    }

    /**
     * Scans {@code length} bytes of {@code in} from {@code from}, exactly as {@code in.forEachByte(from, length, this)}
     * would (same state, same result, same return: the index where the scan stopped, or -1), but eight bytes at a
     * time through the runs of bytes that only count against the line's budget.
     */
    public int scan(ByteBuf in, int from, int length) {
        int end = from + length;
        int i = from;
        while (i < end) {
            if (!prevCr && end - i >= 8) {
                long word = in.getLongLE(i);
                // In the start line, any control or DEL stops the word too: the byte-wise path decides on it.
                long stops = lines == 0 ? Words.controls(word) : lineEnds(word);
                int plain = stops == 0 ? 8 : Long.numberOfTrailingZeros(stops) >>> 3;
                // Plain bytes do nothing but lengthen the line; past its budget the byte-wise path names the error.
                if (plain > 0 && lineLength + plain <= lineLimit) {
                    lineLength += plain;
                    i += plain;
                    continue;
                }
            }
            if (!process(in.getByte(i))) {
                return i;
            }
            i++;
        }
        return -1;
    }

    // CR or LF: where a line ends.
    private static long lineEnds(long word) {
        return Words.equal(word, Ascii.CR) | Words.equal(word, Ascii.LF);
    }

    // Hot loop: one call per head byte. The current line's budget is precomputed in lineLimit
    // (the start line's limit, then what is left of the field budget) so each byte costs one compare.
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
            if (lines > 0) {
                fieldBytes += lineLength + 2;
            }
            lineLength = 0;
            lines++;
            lineLimit = maxFieldBytes - fieldBytes - 2;
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
        if (lines == 0 && Ascii.isControl(b)) {
            result = BAD_START_LINE;
            return false;
        }
        if (++lineLength > lineLimit) {
            result = lines == 0 ? LINE_TOO_LONG : FIELDS_TOO_LARGE;
            return false;
        }
        return true;
    }
}
