package dev.pronto.core.internal.exchange;

import io.netty.channel.ChannelHandler;

/**
 * A carrier whose connection can switch to another protocol after a {@code 101 Switching Protocols}
 * answer (HTTP/1.1 {@code Upgrade}). The protocol switched to finds it as {@code e.carrier}, so neither
 * imports the other. Event loop.
 */
public interface ProtocolSwitch {
    /** Whether {@code e} may switch the connection now: nothing is answered ahead of it and nothing is closing. */
    boolean upgradable(Exchange e);

    /**
     * {@code e}'s 101 was handed to the carrier: stop parsing now and, once the 101 is flushed, replace
     * the carrier by {@code next}, which gets every byte read since.
     */
    void upgrade(ChannelHandler next);
}
