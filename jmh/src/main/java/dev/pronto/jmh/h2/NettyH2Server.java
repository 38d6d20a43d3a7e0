package dev.pronto.jmh.h2;

import dev.pronto.jmh.core.OneLoopServer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.AsciiString;
import java.util.List;

/**
 * The raw Netty baseline of the h2 load script, written for the purpose the way Netty's own
 * examples do it: {@code Http2ConnectionHandler} plus a frame listener (no child channel per
 * stream), h2c prior knowledge, one flush per read batch, answering {@code /baseline2}.
 * Run: {@code java -cp benchmarks.jar dev.pronto.jmh.h2.NettyH2Server 8084}.
 */
public final class NettyH2Server {
    private static final AsciiString TEXT = AsciiString.cached("text/plain; charset=utf-8");

    private NettyH2Server() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8084;
        OneLoopServer.serve("netty h2 baseline", port, c -> c.pipeline().addLast(new Builder().build()));
    }

    private static final class Builder extends AbstractHttp2ConnectionHandlerBuilder<Handler, Builder> {
        Builder() {
            initialSettings(new Http2Settings().maxConcurrentStreams(256));
        }

        @Override
        public Handler build() {
            return super.build();
        }

        @Override
        protected Handler build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            Handler h = new Handler(decoder, encoder, settings);
            frameListener(h.listener);
            return h;
        }
    }

    private static final class Handler extends Http2ConnectionHandler {
        final Http2EventAdapter listener = new Http2EventAdapter() {
            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                                      boolean endOfStream) {
                if (endOfStream) {
                    respond(ctx, streamId, headers);
                }
            }

            @Override
            public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int dependency,
                                      short weight, boolean exclusive, int padding, boolean endOfStream) {
                onHeadersRead(ctx, streamId, headers, padding, endOfStream);
            }
        };

        Handler(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
            super(decoder, encoder, settings);
        }

        private void respond(ChannelHandlerContext ctx, int streamId, Http2Headers request) {
            QueryStringDecoder q = new QueryStringDecoder(request.path().toString());
            ByteBuf body = ByteBufUtil.writeAscii(ctx.alloc(), Long.toString(Baseline2.sum(first(q, "a"), first(q, "b"))));
            Http2Headers headers = new DefaultHttp2Headers().status("200").add("content-type", TEXT)
                    .addInt("content-length", body.readableBytes());
            encoder().writeHeaders(ctx, streamId, headers, 0, false, ctx.newPromise());
            encoder().writeData(ctx, streamId, body, 0, true, ctx.newPromise());
        }

        private static String first(QueryStringDecoder q, String name) {
            List<String> v = q.parameters().get(name);
            return v == null ? null : v.get(0);
        }
    }
}
