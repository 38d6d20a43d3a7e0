package dev.pronto.wire;

import io.netty.buffer.ByteBuf;

/**
 * Finds where an HTTP/1.1 request head ends in a connection's inbound bytes, for every server
 * protocol that carries one (HTTP/1.1, teleport): scans on from where the previous call left off,
 * within {@code maxRequestLineLength} and {@code maxHeaderSize}, and names the status and message a
 * head that breaks them gets (414, 431, 400). No allocation. Event loop only; one head at a time.
 *
 * <p>Public for Pronto's own modules only; not API, and may change at any time.
 */
public final class HeadFramer {
    /** {@link #find} saw no complete head yet. */
    public static final int MORE = -1;
    /** {@link #find} saw a head that cannot be framed: see {@link #errorStatus()}. */
    public static final int FAILED = -2;

    private final HeadScanner scanner;
    private final int maxHead;
    private int scanned;
    private int headStart;
    private int errorStatus;
    private String errorMessage;

    /** A framer of heads up to these limits (bytes). */
    public HeadFramer(int maxRequestLineLength, int maxHeaderSize) {
        this.scanner = new HeadScanner(maxRequestLineLength, maxHeaderSize);
        this.maxHead = maxRequestLineLength + maxHeaderSize + 4;
    }

    /**
     * Looks for the end of the head that starts at {@code in}'s reader index (leading empty lines
     * allowed): the index of its last LF, {@link #MORE}, or {@link #FAILED}. Moves no index.
     */
    public int find(ByteBuf in) {
        int start = in.readerIndex();
        int limit = Math.min(in.readableBytes(), maxHead);
        if (scanned == 0) {
            scanner.reset();
        }
        int found = scanned < limit ? scanner.scan(in, start + scanned, limit - scanned) : -1;
        if (found < 0) {
            scanned = limit;
            if (limit < maxHead) {
                return MORE;
            }
            return scanner.inStartLine() ? failed(414, "Request line too long (maxRequestLineLength)")
                    : failed(431, "Request header fields too large (maxHeaderSize)");
        }
        scanned = 0;
        return switch (scanner.result()) {
            case HeadScanner.FOUND -> {
                headStart = start + scanner.leading();
                yield found;
            }
            case HeadScanner.LINE_TOO_LONG -> failed(414, "Request line too long (maxRequestLineLength)");
            case HeadScanner.FIELDS_TOO_LARGE -> failed(431, "Request header fields too large (maxHeaderSize)");
            case HeadScanner.BARE_CR -> failed(400, "Malformed request: CR not followed by LF");
            case HeadScanner.BAD_START_LINE -> failed(400, "Malformed request line: expected METHOD SP target SP HTTP/1.1");
            default -> failed(400, "Malformed request: lines must end with CRLF");
        };
    }

    /** Where the head {@link #find} just found starts in its buffer: past its leading empty lines. */
    public int headStart() {
        return headStart;
    }

    /** The status a head that {@link #FAILED} gets. */
    public int errorStatus() {
        return errorStatus;
    }

    /** Why the head {@link #FAILED}, for the client. */
    public String errorMessage() {
        return errorMessage;
    }

    private int failed(int status, String message) {
        errorStatus = status;
        errorMessage = message;
        return FAILED;
    }
}
