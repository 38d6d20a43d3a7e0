package dev.pronto.jmh.core;

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
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import io.netty.util.ReferenceCountUtil;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The baseline: a hand-written raw Netty plaintext server the way its own examples do it
 * ({@code HttpServerCodec}, one write per response, one flush per read batch), on epoll (or io_uring when asked: a second argument {@code IO_URING}). It answers
 * {@code GET /baseline11?a=&b=} with the sum, reading the query with {@code QueryStringDecoder} as Netty's
 * examples do, and every other request with {@code Hello, World!}.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.core.NettyBaselineServer 8081}.
 */
public final class NettyBaselineServer {
    private static final byte[] BODY = "Hello, World!".getBytes();

    private static volatile long dateSecond;
    private static volatile String date = "";

    private NettyBaselineServer() {
    }

    /** The Date value, formatted once a second as a tuned Netty server does. */
    static String date() {
        long second = System.currentTimeMillis() / 1000;
        if (second != dateSecond) {
            date = DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
            dateSecond = second;
        }
        return date;
    }

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8081;
        String transport = args.length > 1 ? args[1] : "EPOLL";
        OneLoopServer.serve("netty baseline", port, transport, c -> c.pipeline().addLast(new HttpServerCodec(), new Handler()));
    }

    /** Handles plaintext requests; exposed for the in-process benchmark. */
    public static final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest req) {
                boolean keepAlive = HttpUtil.isKeepAlive(req);
                ByteBuf body = req.uri().startsWith("/baseline11")
                        ? Unpooled.copiedBuffer(Long.toString(sum(req.uri())), StandardCharsets.US_ASCII)
                        : Unpooled.wrappedBuffer(BODY);
                FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
                res.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
                        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes())
                        .set(HttpHeaderNames.DATE, date());
                if (!keepAlive) {
                    res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                }
                ctx.write(res, ctx.voidPromise());
                if (!keepAlive) {
                    ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(io.netty.channel.ChannelFutureListener.CLOSE);
                }
            }
            if (msg instanceof LastHttpContent || !(msg instanceof HttpRequest)) {
                ReferenceCountUtil.release(msg);
            }
        }

        private static long sum(String uri) {
            Map<String, List<String>> params = new QueryStringDecoder(uri).parameters();
            return param(params, "a") + param(params, "b");
        }

        private static long param(Map<String, List<String>> params, String name) {
            List<String> values = params.get(name);
            return values == null || values.isEmpty() ? 0 : Long.parseLong(values.get(0).trim());
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            ctx.flush();
        }
    }
}
