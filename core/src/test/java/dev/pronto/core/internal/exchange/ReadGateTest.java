package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pronto.core.internal.http1.TestChannels;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The read gate stops decoding buffered pipelined requests while the outbound buffer is above its
 * high-water mark, and goes on once it drains: a client that sends much and reads slowly gets all
 * its answers, but the server never holds more than about one response beyond the mark.
 */
class ReadGateTest {
    private static final int BIG = 16 * 1024;
    private static final int REQUESTS = 200;
    private final UnflushedBytes unflushed = new UnflushedBytes();
    private final EmbeddedChannel ch = TestChannels.server(r -> r.get("/big", (req, res) -> res.send("x".repeat(BIG))));

    @AfterEach
    void close() {
        ch.finishAndReleaseAll();
    }

    @Test
    void unflushedResponsesStayNearTheHighWaterMark() {
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(4096, 8192));
        ch.pipeline().addFirst(unflushed);

        ch.writeInbound(TestChannels.ascii("GET /big HTTP/1.1\r\nHost: x\r\n\r\n".repeat(REQUESTS)));
        ch.runPendingTasks();

        assertThat(unflushed.max).isLessThan(8192 + 2 * (BIG + 256));
        assertThat(TestChannels.readAll(ch).split("HTTP/1.1 200 OK").length - 1).isEqualTo(REQUESTS);
    }

    /** Records the most bytes written between two flushes. */
    private static final class UnflushedBytes extends ChannelOutboundHandlerAdapter {
        long pending;
        long max;

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof ByteBuf b) {
                pending += b.readableBytes();
                max = Math.max(max, pending);
            }
            ctx.write(msg, promise);
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            pending = 0;
            ctx.flush();
        }
    }
}
