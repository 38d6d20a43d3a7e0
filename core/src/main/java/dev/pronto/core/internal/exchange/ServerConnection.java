package dev.pronto.core.internal.exchange;

import io.netty.channel.EventLoop;

/** An open connection of any protocol, as the server sees it for graceful and forced shutdown. */
public interface ServerConnection {
    /** The connection's event loop. */
    EventLoop eventLoop();

    /** Finish what is in flight, then close (HTTP/2: GOAWAY first). Any thread. */
    void drainAndClose();

    /** Close now. Event loop. */
    void closeNow();

    /** Streams open on it now (HTTP/2), 0 where the protocol has none. Any thread; may be a moment stale. */
    default int activeStreams() {
        return 0;
    }
}
