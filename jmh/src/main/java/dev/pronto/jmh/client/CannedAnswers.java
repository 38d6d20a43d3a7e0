package dev.pronto.jmh.client;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Answers every request head (a bodiless GET ended by CRLFCRLF) with the same canned response, the
 * answers of a read batch in one write: the server side of the client benchmarks, kept small and
 * equal for every client variant. One instance per connection.
 */
final class CannedAnswers extends ChannelInboundHandlerAdapter {
    private final byte[] response;
    /** How many bytes of CRLFCRLF the input has matched so far, across reads. */
    private int matched;
    private int pending;

    CannedAnswers(byte[] response) {
        this.response = response;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        for (int i = in.readerIndex(), end = in.writerIndex(); i < end; i++) {
            byte b = in.getByte(i);
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : b == '\r' ? 1 : 0;
            if (matched == 4) {
                matched = 0;
                pending++;
            }
        }
        in.release();
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (pending > 0) {
            ByteBuf out = ctx.alloc().ioBuffer(response.length * pending);
            for (; pending > 0; pending--) {
                out.writeBytes(response);
            }
            ctx.writeAndFlush(out, ctx.voidPromise());
        }
    }
}
