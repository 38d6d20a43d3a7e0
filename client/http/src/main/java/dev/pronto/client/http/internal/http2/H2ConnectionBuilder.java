package dev.pronto.client.http.internal.http2;

import dev.pronto.client.http.internal.ConnectAttempt;
import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * Builds the client side of an HTTP/2 connection: push off, a {@link H2Connection#STREAM_WINDOW}
 * receive window per stream, the response head limit as SETTINGS_MAX_HEADER_LIST_SIZE, and a close
 * that does not wait for streams (the pool decides what a close means for them).
 */
public final class H2ConnectionBuilder extends AbstractHttp2ConnectionHandlerBuilder<H2Connection, H2ConnectionBuilder> {
    private final ConnectAttempt attempt;

    private H2ConnectionBuilder(ConnectAttempt attempt) {
        this.attempt = attempt;
        server(false);
        initialSettings(new Http2Settings()
                .pushEnabled(false)
                .initialWindowSize(H2Connection.STREAM_WINDOW)
                .maxHeaderListSize(attempt.pool().config().maxHeaderSize()));
        validateHeaders(true);
        decoupleCloseAndGoAway(true);
    }

    /** A new HTTP/2 connection handler for {@code attempt}'s channel. */
    public static ChannelHandler create(ConnectAttempt attempt) {
        return new H2ConnectionBuilder(attempt).build();
    }

    @Override
    protected H2Connection build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        return new H2Connection(decoder, encoder, settings, attempt);
    }
}
