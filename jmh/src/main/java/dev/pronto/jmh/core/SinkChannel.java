package dev.pronto.jmh.core;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;

/**
 * An {@link EmbeddedChannel} whose transport consumes what the pipeline writes, as a socket does, instead of queueing
 * it for the benchmark to poll. {@code EmbeddedChannel} keeps every written message in an {@code ArrayDeque} of its
 * own, a per-request write (the deque's indices and a slot of its array) that a server's socket channel does not
 * have; with two loops the collector can lay one loop's deque beside the other loop's channel objects, and every
 * request then writes a line the other core reads (docs/benchmarks.md, "The harness's outbound queue"). Here the
 * transport counts the readable bytes of each written buffer and releases it (and any other message). Event loop only, like the channel.
 */
public final class SinkChannel extends EmbeddedChannel {
    private int written;

    /** A channel with {@code handlers} in its pipeline, registered and active. */
    public SinkChannel(ChannelHandler... handlers) {
        super(handlers);
    }

    @Override
    protected void handleOutboundMessage(Object msg) {
        if (msg instanceof ByteBuf b) {
            written += b.readableBytes();
        }
        ReferenceCountUtil.release(msg);
    }

    /** The bytes the transport consumed since the last call; resets the count. */
    public int takeWritten() {
        int n = written;
        written = 0;
        return n;
    }
}
