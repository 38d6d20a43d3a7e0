package dev.pronto.jmh.core;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;

/** One request through an EmbeddedChannel pipeline, as the in-memory server benchmarks measure it. */
public final class InMemoryExchange {
    private InMemoryExchange() {
    }

    /**
     * Writes {@code request} in a fresh pooled direct buffer and drains every response buffer.
     *
     * @return the response bytes, so the work cannot be optimised away
     */
    public static int exchange(EmbeddedChannel channel, byte[] request) {
        channel.writeInbound(channel.alloc().directBuffer(request.length).writeBytes(request));
        int bytes = 0;
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            bytes += out.readableBytes();
            out.release();
        }
        return bytes;
    }
}
