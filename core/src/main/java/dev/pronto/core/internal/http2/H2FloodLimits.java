package dev.pronto.core.internal.http2;

import dev.pronto.core.Http2Config;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;

/**
 * The inbound flood limits of one HTTP/2 connection that live at the frame listener: consecutive
 * empty DATA frames without END_STREAM, and client RST_STREAMs per window (rapid reset,
 * CVE-2023-44487). Past either limit the connection fails with ENHANCE_YOUR_CALM, which Netty's
 * handler turns into a GOAWAY and a close. Netty's builder has the same two decorators, but only
 * for a decoder it builds itself, and {@link H2ConnectionBuilder} builds its own. Event loop only.
 */
final class H2FloodLimits {
    private final int maxEmptyFrames;
    private final int maxResets;
    private final long resetWindowNanos;
    private int emptyFrames;
    private int resets;
    private long windowStart;

    H2FloodLimits(Http2Config config) {
        this.maxEmptyFrames = config.maxEmptyFrames();
        this.maxResets = config.maxResetsPerWindow();
        this.resetWindowNanos = config.resetWindow().toNanos();
    }

    /** Counts a DATA frame; throws past {@code maxEmptyFrames} empty ones in a row. */
    void data(int bytes, boolean endOfStream) throws Http2Exception {
        if (bytes > 0 || endOfStream) {
            emptyFrames = 0;
        } else if (emptyFrames++ == maxEmptyFrames) {
            throw Http2Exception.connectionError(Http2Error.ENHANCE_YOUR_CALM,
                    "Maximum number %d of empty data frames without end_of_stream flag received", maxEmptyFrames);
        }
    }

    /** A HEADERS frame ends a run of empty DATA frames. */
    void headers() {
        emptyFrames = 0;
    }

    /** Counts a client RST_STREAM; throws past {@code maxResetsPerWindow} in one window. */
    void reset(long nowNanos) throws Http2Exception {
        if (resets == 0 || nowNanos - windowStart >= resetWindowNanos) {
            windowStart = nowNanos;
            resets = 1;
        } else if (++resets > maxResets) {
            throw Http2Exception.connectionError(Http2Error.ENHANCE_YOUR_CALM,
                    "Maximum number %d of RST frames reached within %d seconds", maxResets,
                    resetWindowNanos / 1_000_000_000L);
        }
    }
}
