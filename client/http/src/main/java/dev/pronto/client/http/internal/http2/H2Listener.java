package dev.pronto.client.http.internal.http2;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2EventAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * The frame listener of an {@link H2Connection}: hands each stream's frames to its
 * {@link H2Stream}, and SETTINGS and GOAWAY to the connection. Frames of streams no longer
 * tracked (reset, timed out) are dropped, their bytes returned to the flow-control window.
 */
final class H2Listener extends Http2EventAdapter {
    private final H2Connection conn;

    H2Listener(H2Connection conn) {
        this.conn = conn;
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int streamDependency,
                              short weight, boolean exclusive, int padding, boolean endOfStream) {
        onHeadersRead(ctx, streamId, headers, padding, endOfStream);
    }

    @Override
    public void onHeadersRead(ChannelHandlerContext ctx, int streamId, Http2Headers headers, int padding,
                              boolean endOfStream) {
        H2Stream s = conn.stream(streamId);
        if (s != null) {
            s.headers(headers, endOfStream);
        }
    }

    @Override
    public int onDataRead(ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endOfStream) {
        H2Stream s = conn.stream(streamId);
        return padding + (s == null ? data.readableBytes() : s.data(data, endOfStream));
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
        H2Stream s = conn.detach(streamId);
        if (s != null) {
            s.reset(errorCode);
        }
    }

    @Override
    public void onSettingsRead(ChannelHandlerContext ctx, Http2Settings settings) {
        conn.settingsReceived();
    }

    @Override
    public void onGoAwayRead(ChannelHandlerContext ctx, int lastStreamId, long errorCode, ByteBuf debugData) {
        conn.goAwayReceived(lastStreamId, errorCode);
    }
}
