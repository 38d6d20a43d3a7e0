package dev.pronto.jmh.core;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;

/** One request through an EmbeddedChannel pipeline, as the in-memory server benchmarks measure it. */
public final class InMemoryExchange {
    /** {@code GET /plaintext} as the in-memory plaintext benchmarks send it; never written. */
    static final byte[] PLAINTEXT = "GET /plaintext HTTP/1.1\r\nHost: localhost\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    private InMemoryExchange() {
    }

    /**
     * Writes {@code request} in a fresh pooled direct buffer, as {@code writeInbound} does but allocating nothing,
     * and drains every response buffer.
     *
     * @return the response bytes, so the work cannot be optimised away
     */
    public static int exchange(EmbeddedChannel channel, byte[] request) {
        feed(channel, channel.alloc().directBuffer(request.length).writeBytes(request));
        int bytes = 0;
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            bytes += out.readableBytes();
            out.release();
        }
        return bytes;
    }

    /**
     * Writes {@code request} in a fresh pooled direct buffer and returns how many bytes the channel's transport
     * consumed in answer; nothing is queued, so nothing is drained.
     *
     * @return the response bytes, so the work cannot be optimised away
     */
    public static int exchange(SinkChannel channel, byte[] request) {
        feed(channel, channel.alloc().directBuffer(request.length).writeBytes(request));
        return channel.takeWritten();
    }

    /**
     * {@code channel.writeInbound(in)} allocating nothing: its varargs array is 24 B per call unless the JIT elides
     * it, which it does in some forks and not in others, and every byte the harness allocates counts as the server's.
     */
    public static void feed(EmbeddedChannel channel, ByteBuf in) {
        channel.pipeline().fireChannelRead(in);
        channel.flushInbound();
        channel.checkException();
    }
}
