package dev.pronto.core.internal.http2;

import dev.pronto.core.Http2Config;
import dev.pronto.core.internal.server.ServerContext;
import io.netty.handler.codec.http2.AbstractHttp2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.DefaultHttp2ConnectionDecoder;
import io.netty.handler.codec.http2.DefaultHttp2FrameReader;
import io.netty.handler.codec.http2.DefaultHttp2RemoteFlowController;
import io.netty.handler.codec.http2.Http2ConnectionDecoder;
import io.netty.handler.codec.http2.Http2ConnectionEncoder;
import io.netty.handler.codec.http2.Http2PromisedRequestVerifier;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.UniformStreamByteDistributor;

/**
 * Builds the {@link H2Connection} of one channel with the server's limits: the advertised
 * SETTINGS and Netty's defences against rapid reset, control-frame, empty-frame and CONTINUATION
 * floods, all from {@link Http2Config}.
 *
 * <p>Netty's builder offers no way to choose the HPACK decoder's header container, and its encoder
 * defences exist only when it builds the codec itself. So it builds the codec, and the handler
 * takes its encoder (with the control-frame and RST limits) and a decoder of the same settings
 * reading into {@link H2HeadersDecoder}; the builder's own decoder is closed unused, and its two
 * listener-level defences (empty DATA frames, rapid reset) are {@link H2FloodLimits} in
 * {@link H2Inbound}.
 */
public final class H2ConnectionBuilder extends AbstractHttp2ConnectionHandlerBuilder<H2Connection, H2ConnectionBuilder> {
    private final ServerContext server;
    private final String altSvc;
    private final DefaultHttp2Connection connection = new DefaultHttp2Connection(true);

    private H2ConnectionBuilder(ServerContext server, String altSvc) {
        this.server = server;
        this.altSvc = altSvc;
        Http2Config c = server.http2();
        initialSettings(new Http2Settings()
                .maxConcurrentStreams(c.maxConcurrentStreams())
                .initialWindowSize(c.initialWindowSize())
                .maxFrameSize(c.maxFrameSize())
                .maxHeaderListSize(maxHeaderList(server)));
        // priorities are ignored (RFC 9113 deprecates them): the uniform distributor skips the weighted
        // tree's per-stream state and events
        connection.remote().flowController(new DefaultHttp2RemoteFlowController(connection,
                new UniformStreamByteDistributor(connection)));
        connection(connection);
        validateHeaders(true);
        validateRequiredPseudoHeaders(true);
        encoderEnforceMaxQueuedControlFrames(c.maxQueuedControlFrames());
        encoderEnforceMaxRstFramesPerWindow(c.maxResetsPerWindow(), (int) c.resetWindow().toSeconds());
        decoderEnforceMaxSmallContinuationFrames(c.maxSmallContinuationFrames());
    }

    /** A new HTTP/2 connection handler for a channel of {@code server} whose listener advertises nothing. */
    public static H2Connection create(ServerContext server) {
        return create(server, null);
    }

    /** A new HTTP/2 connection handler for a channel of {@code server}, advertising {@code altSvc} (or null). */
    public static H2Connection create(ServerContext server, String altSvc) {
        return new H2ConnectionBuilder(server, altSvc).build();
    }

    private static long maxHeaderList(ServerContext server) {
        return (long) server.config().maxHeaderSize() + server.config().maxRequestLineLength();
    }

    @Override
    protected H2Connection build(Http2ConnectionDecoder unused, Http2ConnectionEncoder encoder, Http2Settings settings) {
        unused.close();
        DefaultHttp2FrameReader reader = new DefaultHttp2FrameReader(new H2HeadersDecoder(maxHeaderList(server)),
                server.http2().maxSmallContinuationFrames());
        Http2ConnectionDecoder decoder = new DefaultHttp2ConnectionDecoder(connection, encoder, reader,
                Http2PromisedRequestVerifier.ALWAYS_VERIFY, true, true, true, true);
        H2Connection h2 = new H2Connection(decoder, encoder, settings, server);
        h2.altSvc = altSvc;
        return h2;
    }
}
