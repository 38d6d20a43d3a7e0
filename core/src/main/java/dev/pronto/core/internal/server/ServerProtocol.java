package dev.pronto.core.internal.server;

import dev.pronto.core.ConnectionKind;
import dev.pronto.core.Protocol;
import dev.pronto.core.internal.exchange.Exchange;
import dev.pronto.core.internal.exchange.ServerConnection;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import java.util.function.Consumer;

/**
 * One protocol the server speaks, as the listener and the other protocols see it. A protocol package
 * implements this once and is listed in {@code registry.BuiltInProtocols}; the server reaches it only through
 * {@link ProtocolCarriers}, looked up by {@link #id()} or {@link #kind()}, so protocols never import one
 * another. Implementations are stateless and shared by every server of the JVM; every method runs on the
 * channel's event loop unless it says otherwise.
 */
public interface ServerProtocol {
    /** The listener protocol this serves, or null for one reached only by an upgrade (WebSocket). */
    Protocol id();

    /** What its connections count as in {@code openConnections(kind)}. */
    ConnectionKind kind();

    /** Whether {@code c} is one of its connections. Any thread. */
    boolean carries(ServerConnection c);

    /**
     * Puts its first handler on a channel that {@code listener} just accepted, where this protocol leads
     * (HTTP/1.1 when offered, else the first protocol offered): on a cleartext listener, or on any
     * listener when it {@link #ownsTls()}. TLS listeners' other channels get TLS first, then
     * {@link #carrier} of the protocol ALPN chose.
     *
     * @throws UnsupportedOperationException when it is not a listener protocol
     */
    default void accept(ChannelPipeline pipeline, ListenerSetup listener, ServerContext server) {
        throw new UnsupportedOperationException(kind().tag() + " is not served by a listener of its own");
    }

    /**
     * Binds {@code listener} on a transport of the protocol's own (HTTP/3: a UDP socket carrying QUIC), or
     * returns null when it is a TCP listener the server binds itself. Called once per listener by
     * {@code Server.start()}, off the event loops.
     *
     * @return the bound channels (one per event loop with SO_REUSEPORT), or null
     * @throws IllegalStateException when it cannot bind or its libraries are missing (the message names them)
     */
    default java.util.List<io.netty.channel.Channel> bind(ListenerSetup listener, ServerContext server, Binding where) {
        return null;
    }

    /**
     * Where a listener is bound.
     *
     * @param group the server's event loops
     * @param serverChannel the TCP server channel type of their transport (tells epoll, io_uring or NIO)
     * @param host the address to bind
     */
    record Binding(io.netty.channel.EventLoopGroup group, Class<? extends io.netty.channel.ServerChannel> serverChannel,
                   String host) {
    }

    /**
     * The route handler answering a request to switch to this protocol and serving {@code handler} there
     * (WebSocket: {@code Routes.ws}). Called when routes are declared, on the caller's thread.
     *
     * @throws UnsupportedOperationException when this protocol is not reached through a route
     */
    default dev.pronto.core.Handler route(dev.pronto.core.WebSocketHandler handler,
                                         dev.pronto.core.WebSocketOptions options) {
        throw new UnsupportedOperationException(kind().tag() + " is not reached through a route");
    }

    /** Whether it negotiates TLS inside its own handshake (teleport), so it gets TLS listeners' channels first. */
    default boolean ownsTls() {
        return false;
    }

    /**
     * Its carrier for a channel that already speaks this protocol: ALPN chose it, or another carrier saw
     * its preface (h2c prior knowledge). The caller puts it in the pipeline.
     *
     * @param altSvc the {@code Alt-Svc} value the listener's responses advertise ({@link ListenerSetup#altSvc()}),
     *        or null
     * @throws UnsupportedOperationException when it cannot take a channel over this way
     */
    default ChannelHandler carrier(ServerContext server, String altSvc) {
        throw new UnsupportedOperationException(kind().tag() + " cannot take over a channel");
    }

    /**
     * Its carrier for the connection of {@code e}, a request that asked to switch to this protocol (HTTP/1.1
     * {@code Upgrade}) and was answered 101 by its carrier; takes {@code e}'s body. Null when this protocol
     * takes no upgrade.
     *
     * @param server the server of {@code e}'s connection
     */
    default Takeover upgrade(Exchange e, ServerContext server) {
        return null;
    }

    /**
     * A carrier taking a channel over from another one.
     *
     * @param carrier the handler that replaces the old carrier
     * @param start what to run once it is in the pipeline, before any byte reaches it
     */
    record Takeover(ChannelHandler carrier, Consumer<ChannelHandlerContext> start) {
    }
}
