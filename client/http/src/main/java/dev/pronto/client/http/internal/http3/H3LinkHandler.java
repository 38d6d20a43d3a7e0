package dev.pronto.client.http.internal.http3;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http3.Http3ClientConnectionHandler;
import io.netty.handler.codec.http3.Http3GoAwayFrame;
import io.netty.handler.codec.quic.QuicChannel;
import io.netty.handler.codec.quic.QuicStreamLimitChangedEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Sets up a QUIC connection of an {@link H3Link}: Netty's HTTP/3 client connection handler (control and
 * QPACK streams), with the link told when the server raises its stream limit or sends GOAWAY.
 */
final class H3LinkHandler extends ChannelInitializer<QuicChannel> {
    private final H3Link link;

    H3LinkHandler(H3Link link) {
        this.link = link;
    }

    @Override
    protected void initChannel(QuicChannel ch) {
        ch.pipeline().addLast(new Http3ClientConnectionHandler(new ControlFrames(link, ch), null, null, null, true));
        ch.pipeline().addLast(new StreamLimit(link));
    }

    /** Frames of the server's control stream: only GOAWAY matters to the client. */
    private static final class ControlFrames extends ChannelInboundHandlerAdapter {
        private final H3Link link;
        private final QuicChannel quic;

        ControlFrames(H3Link link, QuicChannel quic) {
            this.link = link;
            this.quic = quic;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http3GoAwayFrame) {
                link.goingAway(quic);
            }
            ReferenceCountUtil.release(msg);
        }
    }

    /** The server allowed more streams: waiting calls may open theirs. */
    private static final class StreamLimit extends ChannelInboundHandlerAdapter {
        private final H3Link link;

        StreamLimit(H3Link link) {
            this.link = link;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof QuicStreamLimitChangedEvent) {
                link.exchangeDone();
            }
            ctx.fireUserEventTriggered(evt);
        }
    }
}
