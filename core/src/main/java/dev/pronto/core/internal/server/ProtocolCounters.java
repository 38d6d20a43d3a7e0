package dev.pronto.core.internal.server;

import dev.pronto.core.Http2StreamOutcome;
import dev.pronto.core.MeterNames;
import dev.pronto.core.internal.util.LoopCells;

/**
 * The per-protocol counters of one server, read by a metrics scrape: HTTP/2 streams by how they ended,
 * WebSocket messages each way and WebSocket closes by code. One cell per event loop ({@link LoopCells}), so a
 * stream or a message writes only its own loop's counters: no CAS, no shared cache line, no allocation. A close code
 * is counted in one of a fixed set of counters ({@link MeterNames#webSocketCloseCodeTag(int)}), so a peer cannot grow
 * them. Thread-safe.
 */
public final class ProtocolCounters {
    /** The counters of WebSocket clients, which no server reads. */
    public static final ProtocolCounters UNREAD = new ProtocolCounters();

    private static final int STREAMS = 0;
    private static final int MESSAGES_IN = Http2StreamOutcome.values().length;
    private static final int MESSAGES_OUT = MESSAGES_IN + 1;
    private static final int CLOSES = MESSAGES_OUT + 1;
    private final LoopCells cells = new LoopCells(CLOSES + MeterNames.WEBSOCKET_CLOSE_CODES.size());

    public void streamEnded(Http2StreamOutcome outcome) {
        cells.add(STREAMS + outcome.ordinal(), 1);
    }

    public void messageIn() {
        cells.add(MESSAGES_IN, 1);
    }

    public void messageOut() {
        cells.add(MESSAGES_OUT, 1);
    }

    public void closed(int code) {
        cells.add(CLOSES + MeterNames.webSocketCloseCodeIndex(code), 1);
    }

    /** HTTP/2 streams that ended with {@code outcome}. */
    public long streams(Http2StreamOutcome outcome) {
        return cells.sum(STREAMS + outcome.ordinal());
    }

    /** WebSocket messages received whole (or the last fragment of one delivered in fragments). */
    public long messagesIn() {
        return cells.sum(MESSAGES_IN);
    }

    /** WebSocket messages the application sent. */
    public long messagesOut() {
        return cells.sum(MESSAGES_OUT);
    }

    /** WebSocket closes counted under {@code codeTag}, one of {@link MeterNames#WEBSOCKET_CLOSE_CODES}. */
    public long closes(String codeTag) {
        int i = MeterNames.WEBSOCKET_CLOSE_CODES.indexOf(codeTag);
        return i < 0 ? 0 : cells.sum(CLOSES + i);
    }
}
