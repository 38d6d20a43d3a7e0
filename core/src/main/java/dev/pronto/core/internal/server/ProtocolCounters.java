package dev.pronto.core.internal.server;

import dev.pronto.core.Http2StreamOutcome;
import dev.pronto.core.MeterNames;
import java.util.concurrent.atomic.LongAdder;

/**
 * The per-protocol counters of one server, read by a metrics scrape: HTTP/2 streams by how they ended,
 * WebSocket messages each way and WebSocket closes by code. LongAdders, so the event loops increment
 * without contending and without allocating; a close code is counted in one of a fixed set of cells
 * ({@link MeterNames#webSocketCloseCodeTag(int)}), so a peer cannot grow them.
 */
public final class ProtocolCounters {
    /** The counters of WebSocket clients, which no server reads. */
    public static final ProtocolCounters UNREAD = new ProtocolCounters();

    private final LongAdder[] streams = adders(Http2StreamOutcome.values().length);
    private final LongAdder messagesIn = new LongAdder();
    private final LongAdder messagesOut = new LongAdder();
    private final LongAdder[] closes = adders(MeterNames.WEBSOCKET_CLOSE_CODES.size());

    private static LongAdder[] adders(int n) {
        LongAdder[] out = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            out[i] = new LongAdder();
        }
        return out;
    }

    public void streamEnded(Http2StreamOutcome outcome) {
        streams[outcome.ordinal()].increment();
    }

    public void messageIn() {
        messagesIn.increment();
    }

    public void messageOut() {
        messagesOut.increment();
    }

    public void closed(int code) {
        closes[MeterNames.webSocketCloseCodeIndex(code)].increment();
    }

    /** HTTP/2 streams that ended with {@code outcome}. */
    public long streams(Http2StreamOutcome outcome) {
        return streams[outcome.ordinal()].sum();
    }

    /** WebSocket messages received whole (or the last fragment of one delivered in fragments). */
    public long messagesIn() {
        return messagesIn.sum();
    }

    /** WebSocket messages the application sent. */
    public long messagesOut() {
        return messagesOut.sum();
    }

    /** WebSocket closes counted under {@code codeTag}, one of {@link MeterNames#WEBSOCKET_CLOSE_CODES}. */
    public long closes(String codeTag) {
        int i = MeterNames.WEBSOCKET_CLOSE_CODES.indexOf(codeTag);
        return i < 0 ? 0 : closes[i].sum();
    }
}
