package dev.pronto.core;

/**
 * How an HTTP/2 stream ended, for {@link Server#http2Streams(Http2StreamOutcome)} and the {@code outcome}
 * tag of {@link MeterNames#HTTP2_STREAMS}.
 */
public enum Http2StreamOutcome {
    /** Both sides ended it, or the server reset it with NO_ERROR after answering (RFC 9113 §8.1). */
    COMPLETED("completed"),
    /** The client sent RST_STREAM: a cancelled request, or a rapid-reset attack. */
    RESET_BY_CLIENT("reset_by_client"),
    /** The server sent RST_STREAM with an error code: a stream-level protocol error, a refused or failed stream. */
    RESET_BY_SERVER("reset_by_server");

    private final String tag;

    Http2StreamOutcome(String tag) {
        this.tag = tag;
    }

    /** The value of the {@code outcome} tag. */
    public String tag() {
        return tag;
    }
}
