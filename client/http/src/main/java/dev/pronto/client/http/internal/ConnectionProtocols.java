package dev.pronto.client.http.internal;

import dev.pronto.core.Protocol;
import io.netty.channel.ChannelHandler;

/**
 * The protocols the pool opens connections with. The shared core names no protocol: the dispatch
 * package hands it this table, so HTTP/1.1 and HTTP/2 depend on the core and never the other way.
 */
public interface ConnectionProtocols {
    /**
     * A new connection handler speaking {@code protocol} ({@link Protocol#HTTP_1_1} or
     * {@link Protocol#HTTP_2}) for {@code attempt}'s channel. Called on the channel's event loop, while
     * the channel is being set up (cleartext) or right after its TLS handshake. The handler reports to
     * {@code attempt} exactly once: {@link ConnectAttempt#opened} when it can take requests (HTTP/1.1 once
     * the channel is active, HTTP/2 after the server's SETTINGS), or {@link ConnectAttempt#failed}.
     */
    ChannelHandler connection(Protocol protocol, ConnectAttempt attempt);
}
