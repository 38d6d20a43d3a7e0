package dev.pronto.jmh.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * A minimal server for client benchmarks, so the server is not the bottleneck: one epoll loop
 * that counts request heads (bodiless GETs, ended by CRLFCRLF) and answers each with the same
 * canned 13-byte response, all answers of a read batch in one write.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.client.CannedResponseServer 8082}.
 */
public final class CannedResponseServer {
    private static final byte[] RESPONSE = ("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n"
            + "Server: canned\r\n\r\nHello, World!").getBytes(StandardCharsets.US_ASCII);

    private CannedResponseServer() {
    }

    /** Starts on the port in {@code args[0]} (default 8082) and serves until killed. */
    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8082;
        dev.pronto.jmh.core.OneLoopServer.serve("canned server", port, c -> c.pipeline().addLast(new Canned()));
    }

    /** Counts CRLFCRLF across reads; state is the number of matched terminator bytes. */
    private static final class Canned extends ChannelInboundHandlerAdapter {
        private int matched;
        private int pending;

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
                ByteBuf out = ctx.alloc().ioBuffer(RESPONSE.length * pending);
                for (; pending > 0; pending--) {
                    out.writeBytes(RESPONSE);
                }
                ctx.writeAndFlush(out, ctx.voidPromise());
            }
        }
    }
}
