package dev.pronto.core;

import java.time.Duration;

/**
 * HTTP/2 settings of a server (h2 over TLS and h2c), advertised to clients and enforced. The
 * defences against known HTTP/2 attacks have limits here too; a client that crosses one gets a
 * GOAWAY with the matching error code and its connection closed.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>Field</th><th>Default</th><th>Meaning</th></tr>
 * <tr><td>maxConcurrentStreams</td><td>256</td><td>streams a client may have open at once (SETTINGS)</td></tr>
 * <tr><td>initialWindowSize</td><td>1 MiB</td><td>per-stream receive window (SETTINGS); the connection
 *     window grows to the same size per stream in flight</td></tr>
 * <tr><td>maxFrameSize</td><td>16 KiB</td><td>largest frame payload a client may send (SETTINGS)</td></tr>
 * <tr><td>maxResetsPerWindow</td><td>200 per 30 s</td><td>client RST_STREAMs before GOAWAY
 *     ENHANCE_YOUR_CALM (rapid reset, CVE-2023-44487)</td></tr>
 * <tr><td>maxQueuedControlFrames</td><td>1,000</td><td>unanswered SETTINGS/PING acknowledgements queued
 *     for a client that does not read (SETTINGS and PING floods)</td></tr>
 * <tr><td>maxEmptyFrames</td><td>2</td><td>consecutive empty DATA frames (empty-frame floods)</td></tr>
 * <tr><td>maxSmallContinuationFrames</td><td>16</td><td>tiny CONTINUATION frames of one header block
 *     (CONTINUATION floods, CVE-2024-27316 class)</td></tr>
 * <tr><td>gracefulShutdown</td><td>shutdownTimeout</td><td>after GOAWAY, how long open streams may finish</td></tr>
 * </table>
 * The header list is limited by {@link ServerConfig#maxHeaderSize()} plus
 * {@link ServerConfig#maxRequestLineLength()} (pseudo-headers included), bodies by
 * {@link ServerConfig#maxBodySize()}, and streams by the same response, body and idle timeouts as
 * HTTP/1.1 requests.
 *
 * @param maxConcurrentStreams 1..2^31-1
 * @param initialWindowSize 65,535..2^31-1
 * @param maxFrameSize 16,384..16,777,215
 * @param maxResetsPerWindow at least 1
 * @param resetWindow positive
 * @param maxQueuedControlFrames at least 1
 * @param maxEmptyFrames at least 1
 * @param maxSmallContinuationFrames at least 1
 */
public record Http2Config(int maxConcurrentStreams, int initialWindowSize, int maxFrameSize, int maxResetsPerWindow,
                          Duration resetWindow, int maxQueuedControlFrames, int maxEmptyFrames,
                          int maxSmallContinuationFrames) {
    /** Validates every field; see the class javadoc. */
    public Http2Config {
        range("maxConcurrentStreams", maxConcurrentStreams, 1, Integer.MAX_VALUE);
        range("initialWindowSize", initialWindowSize, 65_535, Integer.MAX_VALUE);
        range("maxFrameSize", maxFrameSize, 16_384, 16_777_215);
        range("maxResetsPerWindow", maxResetsPerWindow, 1, Integer.MAX_VALUE);
        if (resetWindow == null || resetWindow.isNegative() || resetWindow.toSeconds() < 1) {
            throw new IllegalArgumentException("resetWindow must be at least 1 s, got " + resetWindow);
        }
        range("maxQueuedControlFrames", maxQueuedControlFrames, 1, Integer.MAX_VALUE);
        range("maxEmptyFrames", maxEmptyFrames, 1, Integer.MAX_VALUE);
        range("maxSmallContinuationFrames", maxSmallContinuationFrames, 1, Integer.MAX_VALUE);
    }

    /** The defaults of the class table. */
    public static Http2Config defaults() {
        return new Http2Config(256, 1024 * 1024, 16_384, 200, Duration.ofSeconds(30), 1000, 2, 16);
    }

    /** These settings with {@code value} as the stream limit. */
    public Http2Config withMaxConcurrentStreams(int value) {
        return new Http2Config(value, initialWindowSize, maxFrameSize, maxResetsPerWindow, resetWindow,
                maxQueuedControlFrames, maxEmptyFrames, maxSmallContinuationFrames);
    }

    /** These settings with {@code value} as the per-stream receive window. */
    public Http2Config withInitialWindowSize(int value) {
        return new Http2Config(maxConcurrentStreams, value, maxFrameSize, maxResetsPerWindow, resetWindow,
                maxQueuedControlFrames, maxEmptyFrames, maxSmallContinuationFrames);
    }

    private static void range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(field + " must be in " + min + ".." + max + ", got " + value);
        }
    }
}
