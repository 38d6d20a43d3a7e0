package dev.pronto.core;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import java.util.Objects;

/**
 * Event loops owned by someone else that a server should run on, for example Vert.x's loops so
 * that a Postgres client bound to the same loops never hops threads. The server neither creates
 * nor shuts down these loops; {@code ioThreads} and {@code transport} of the configuration are
 * ignored in favour of the group's size and channel type.
 *
 * @param group the event loops; each connection stays on the loop that accepted it
 * @param serverChannel the server channel class matching the group's IoHandler (epoll, io_uring or NIO)
 */
public record EventLoops(EventLoopGroup group, Class<? extends ServerChannel> serverChannel) {
    /** Validates that both are present. */
    public EventLoops {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(serverChannel, "serverChannel");
    }
}
