package dev.pronto.core.internal;

import dev.pronto.core.Http2Config;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2Settings;

/**
 * Builds the {@link H2Connection} of one channel with the server's limits: the advertised
 * SETTINGS and Netty's defences against rapid reset, control-frame, empty-frame and CONTINUATION
 * floods, all from {@link Http2Config}.
 */
public final class H2ConnectionBuilder extends AbstractHttp2ConnectionHandlerBuilder<H2Connection, H2ConnectionBuilder> {
    private final ServerContext server;

    private H2ConnectionBuilder(ServerContext server) {
        this.server = server;
        Http2Config c = server.http2();
        long headerList = (long) server.config().maxHeaderSize() + server.config().maxRequestLineLength();
        initialSettings(new Http2Settings()
                .maxConcurrentStreams(c.maxConcurrentStreams())
                .initialWindowSize(c.initialWindowSize())
                .maxFrameSize(c.maxFrameSize())
                .maxHeaderListSize(headerList));
        // priorities are ignored (RFC 9113 deprecates them): the uniform distributor skips the weighted
        // tree's per-stream state and events
        io.netty.handler.codec.http2.DefaultHttp2Connection connection = new io.netty.handler.codec.http2.DefaultHttp2Connection(true);
        connection.remote().flowController(new io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController(connection,
                new io.netty.handler.codec.http2.UniformStreamByteDistributor(connection)));
        connection(connection);
        validateHeaders(true);
        validateRequiredPseudoHeaders(true);
        encoderEnforceMaxQueuedControlFrames(c.maxQueuedControlFrames());
        decoderEnforceMaxConsecutiveEmptyDataFrames(c.maxEmptyFrames());
        decoderEnforceMaxRstFramesPerWindow(c.maxResetsPerWindow(), (int) c.resetWindow().toSeconds());
        encoderEnforceMaxRstFramesPerWindow(c.maxResetsPerWindow(), (int) c.resetWindow().toSeconds());
        decoderEnforceMaxSmallContinuationFrames(c.maxSmallContinuationFrames());
        gracefulShutdownTimeoutMillis(server.config().shutdownTimeout().toMillis());
    }

    /** A new HTTP/2 connection handler for a channel of {@code server}. */
    public static H2Connection create(ServerContext server) {
        return new H2ConnectionBuilder(server).build();
    }

    @Override
    protected H2Connection build(Http2ConnectionDecoder decoder, Http2ConnectionEncoder encoder, Http2Settings settings) {
        return new H2Connection(decoder, encoder, settings, server);
    }
}
